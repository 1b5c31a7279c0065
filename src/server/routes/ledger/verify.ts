import { verifyStore } from '../../../store/verify-store.js';
import { defineRoute } from '../../route.js';
import { rememberVerify } from './last-verify.js';

export const ledgerVerifyRoute = defineRoute({
  method: 'POST',
  url: '/api/v1/ledger/verify',
  summary: 'run `audit verify` on the store (read-only) and answer its verdict',
  description:
    'The same check as `audit verify --json`: every entry against its record and back, the chain, the root and every signed tree head. `failure` names the first bad record.',
  tag: 'ledger',
  auth: 'read',
  rateLimit: { max: 6, windowMs: 60_000 },
  schema: {
    response: {
      200: { type: 'object', description: 'started_at, finished_at, actor, verdict' },
    },
  },
  async handler(req, _reply, ctx) {
    const started = new Date().toISOString();
    const store = ctx.app.readonlyStore();
    try {
      const verdict = await verifyStore(store, {
        threads: ctx.app.config.scanThreads,
        chunkSize: ctx.app.config.scanChunk,
      });
      const run = {
        started_at: started,
        finished_at: new Date().toISOString(),
        actor: req.principal!.actor,
        verdict,
      };
      rememberVerify(ctx, run);
      return run;
    } finally {
      store.close();
    }
  },
});
