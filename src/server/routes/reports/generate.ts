import { ValidationError } from '../../../errors.js';
import { jobUrl, startJob } from '../../jobs.js';
import { storeActingAs } from '../../acting-store.js';
import { defineRoute } from '../../route.js';
import { withLinks } from './links.js';
import { queuedReportSchema } from './schema.js';

export const reportsGenerateRoute = defineRoute({
  method: 'POST',
  url: '/api/v1/reports/generate',
  summary: 'generate a compliance report in the background: 202 with its id and a status URL',
  description:
    'Status moves queued -> running -> done | failed (GET the status_url); a done report is ledgered (report.generated) and downloadable at download_url.',
  tag: 'reports',
  auth: 'review',
  schema: {
    body: {
      type: 'object',
      required: ['regulation'],
      additionalProperties: false,
      properties: {
        regulation: { type: 'string', description: 'eu-ai-act, gdpr, nist-ai-rmf, iso-42001' },
        format: { type: 'string', enum: ['html', 'pdf'], description: 'default html' },
        agent: { type: 'string', minLength: 1, maxLength: 256, description: 'only this agent' },
      },
    },
    response: {
      202: queuedReportSchema,
    },
  },
  async handler(req, reply, ctx) {
    const [{ parseRegulation }, { assertAgentKnown }, { createReportRecord, markReportFailed }] =
      await Promise.all([
        import('../../../compliance/score/score.js'),
        import('../../../reports/generate.js'),
        import('../../../reports/report-store.js'),
      ]);
    const body = req.body as { regulation: string; format?: 'html' | 'pdf'; agent?: string };
    let regulation: string;
    try {
      regulation = parseRegulation(body.regulation, 'regulation');
    } catch (err) {
      throw new ValidationError((err as Error).message, { field: 'regulation' });
    }
    if (body.agent !== undefined) assertAgentKnown(ctx.store, body.agent);
    const actor = req.principal!.actor;
    const row = ctx.store.transact(
      (tx) =>
        createReportRecord(tx, {
          regulation,
          format: body.format ?? 'html',
          agent: body.agent ?? null,
        }),
      actor,
    );
    // A job under the report's id, in the one reports lane: generation reads and verifies
    // the whole ledger, and one at a time keeps the server answering. generateReport moves
    // the row running -> done | failed and ledgers a done report.
    const { generateReport } = await import('../../../reports/generate.js');
    const { job } = startJob(ctx, {
      kind: 'report',
      owner: req.principal!.id,
      id: row.report_id,
      lane: 'reports',
      log: req.log,
      // Cancelled while waiting its turn: the row leaves `queued` as a failed report saying
      // why (a cancelled running one gets there through generateReport's own error path).
      cancelQueued: () =>
        ctx.store.transact(
          (tx) => markReportFailed(tx, row.report_id, `report ${row.report_id} was cancelled`),
          actor,
        ),
      run: (progress) =>
        generateReport(
          { store: storeActingAs(ctx.store, actor), clock: ctx.app.clock },
          { reportId: row.report_id },
          progress,
        ),
      outcome: (done) => ({ url: withLinks(done).download_url }),
    });
    const shown = { ...withLinks(row), job_id: job.id, job_url: jobUrl(job.id) };
    reply.code(202).header('location', shown.status_url);
    return shown;
  },
});
