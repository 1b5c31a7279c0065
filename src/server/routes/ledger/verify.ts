import { verifyStore } from '../../../store/verify-store.js';
import { defineRoute } from '../../route.js';
import { jobUrl, prefersAsync, showJob, startJob } from '../../jobs.js';
import { rememberVerify, type VerifyRun } from './last-verify.js';
import { jobSchema } from '../jobs/schema.js';
import { verifyRunSchema } from './verify-schema.js';

export const ledgerVerifyRoute = defineRoute({
  method: 'POST',
  url: '/api/v1/ledger/verify',
  summary: 'run `audit verify` on the store (read-only) and answer its verdict',
  description:
    'The same check as `audit verify --json`: every entry against its record and back, the chain, the root and every signed tree head. `failure` names the first bad record. With `Prefer: respond-async` the answer is 202 with the verify job: poll GET /api/v1/jobs/{id} for progress; its `result` is this body.',
  tag: 'ledger',
  auth: 'read',
  rateLimit: { max: 6, windowMs: 60_000 },
  schema: {
    response: {
      200: { ...verifyRunSchema, description: 'the verdict, with when and by whom it ran' },
      202: {
        ...jobSchema,
        description: 'with Prefer: respond-async: the job (see GET /api/v1/jobs/{id})',
      },
    },
  },
  async handler(req, reply, ctx) {
    const actor = req.principal!.actor;
    const { job, finished } = startJob(ctx, {
      kind: 'ledger_verify',
      owner: req.principal!.id,
      log: req.log,
      run: async (progress): Promise<VerifyRun> => {
        const started = new Date().toISOString();
        const store = ctx.app.readonlyStore();
        try {
          const verdict = await verifyStore(store, {
            threads: ctx.app.config.scanThreads,
            chunkSize: ctx.app.config.scanChunk,
            onProgress: progress,
          });
          const run = {
            started_at: started,
            finished_at: new Date().toISOString(),
            actor,
            verdict,
          };
          rememberVerify(ctx, run);
          return run;
        } finally {
          store.close();
        }
      },
      outcome: (run) => ({ body: run }),
    });
    if (prefersAsync(req.headers.prefer)) {
      reply.code(202).header('location', jobUrl(job.id));
      return showJob(job);
    }
    return { ...(await finished), job_id: job.id };
  },
});
