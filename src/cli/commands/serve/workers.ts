import type { FastifyBaseLogger } from 'fastify';
import type { RunContext } from '../../command.js';
import { VERSION } from '../../version.js';

export interface Workers {
  /** Stops every worker, each after the batch in progress commits. */
  stop(): Promise<void>;
}

/**
 * The background work `evid serve` and `audit serve` run beside the routes, all on the
 * same store: quota warnings (src/admin/quota.ts), log file tailers (src/sources/logfile/),
 * the outbox drainer to SIEM targets (src/outbox/), and retention on its schedule
 * (src/retention/), the guard model's pass (src/detect/guard/), and the sweep for work a stopped process left
 * unfinished (src/recovery/). Each loads only here, so other commands never pay for it. They stop
 * before the server, and so before the store closes.
 */
export async function startWorkers(ctx: RunContext, log: FastifyBaseLogger): Promise<Workers> {
  const app = ctx.app();
  const [
    { watchQuotas },
    { startLogTailers },
    { startDrainer },
    { backoffPolicy },
    retention,
    { startGuardWorker },
    { watchInterrupted },
  ] = await Promise.all([
    import('../../../admin/quota.js'),
    import('../../../sources/logfile/worker.js'),
    import('../../../outbox/drainer.js'),
    import('../../../outbox/backoff.js'),
    import('../../../retention/schedule.js'),
    import('../../../detect/guard/worker.js'),
    import('../../../recovery/interrupted.js'),
  ]);
  // Quotas at 80% or reached are logged now and every minute (docs/operations.md).
  const stopQuotaWatch = watchQuotas(app.store, log);
  const tailers = startLogTailers(app.store, log);
  const drainer = startDrainer(app.store, {
    dataDir: app.config.dataDir,
    version: VERSION,
    policy: backoffPolicy(app.config.siemRetryMs),
    smtp: app.config.smtp,
    log,
  });
  // Retention runs log to stderr as JSON lines.
  const retentionTimer = retention.startRetentionTimer(app.store, {
    intervalMs: app.config.retentionIntervalMs,
    now: () => ctx.now(),
    report: (line) => ctx.io.stderr.write(`${JSON.stringify(line)}\n`),
  });
  // The guard model's pass over new events, when the live policy configures one (idle if not).
  const guard = startGuardWorker(app.store, log);
  // Work a stopped process left unfinished, every minute (the server's start ends it too).
  const stopInterruptedWatch = watchInterrupted(app.store, log);
  return {
    async stop() {
      stopQuotaWatch();
      stopInterruptedWatch();
      await Promise.all([tailers.stop(), drainer.stop(), retentionTimer.stop(), guard.stop()]);
    },
  };
}
