import type { FastifyBaseLogger } from 'fastify';
import type { ServerContext } from './route.js';
import { storeActingAs } from './acting-store.js';

/**
 * Background report generation for POST /api/v1/reports/generate: the row is created
 * `queued` before the 202 answer, then reports are generated one at a time (generation
 * reads and verifies the whole ledger; one at a time keeps the server answering). The
 * domain function moves the row running -> done | failed and ledgers a done report.
 * Shutdown waits for the queue (ServerContext.background).
 */
const tails = new WeakMap<ServerContext, Promise<unknown>>();

export function enqueueReport(
  ctx: ServerContext,
  reportId: string,
  actor: string,
  log: FastifyBaseLogger,
): void {
  const job = (tails.get(ctx) ?? Promise.resolve()).then(async () => {
    const { generateReport } = await import('../reports/generate.js');
    try {
      await generateReport(
        { store: storeActingAs(ctx.store, actor), clock: ctx.app.clock },
        { reportId },
      );
    } catch (err) {
      // generateReport has recorded the failure on the row (status failed, error).
      log.warn({ err, report_id: reportId }, 'report generation failed');
    }
  });
  tails.set(ctx, job);
  ctx.background.add(job);
  void job.finally(() => ctx.background.delete(job));
}
