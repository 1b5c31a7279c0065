import { ValidationError } from '../../../errors.js';
import { enqueueReport } from '../../report-jobs.js';
import { defineRoute } from '../../route.js';
import { withLinks } from './links.js';

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
      202: {
        type: 'object',
        description: 'the queued report: report_id, status, status_url, filename',
      },
    },
  },
  async handler(req, reply, ctx) {
    const [{ parseRegulation }, { assertAgentKnown }, { createReportRecord }] = await Promise.all([
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
    enqueueReport(ctx, row.report_id, actor, req.log);
    const shown = withLinks(row);
    reply.code(202).header('location', shown.status_url);
    return shown;
  },
});
