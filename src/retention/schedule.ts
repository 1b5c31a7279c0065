/**
 * Retention on a schedule inside `evid serve`: at start and then every interval, when the
 * policy says enforce. On stop, a run in progress ends after its current batch (each batch
 * is one transaction, so stopping never leaves half a batch); the next run picks up the rest. Errors are reported, never
 * thrown: a failed run is retried at the next tick.
 */
import type { Store } from '../store/store.js';
import { enforceRetention, type EnforceResult } from './enforce.js';
import { getRetentionPolicy } from './policy.js';

/** The actor on the ledger entries of scheduled runs. */
export const SCHEDULE_ACTOR = 'system:retention';

export interface RetentionTimer {
  /** Stops the timer and waits for a run in progress. */
  stop(): Promise<void>;
}

export function startRetentionTimer(
  store: Store,
  options: {
    intervalMs: number;
    now: () => Date;
    report: (line: Record<string, unknown>) => void;
  },
): RetentionTimer {
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = (): void => {
    if (stopped || running) return;
    running = run()
      .catch((err: unknown) =>
        options.report({ msg: 'retention run failed', error: (err as Error).message }),
      )
      .finally(() => {
        running = null;
      });
  };
  const run = async (): Promise<void> => {
    if (!store.read((r) => getRetentionPolicy(r)).enforce) return;
    const result: EnforceResult = await enforceRetention(store, {
      now: options.now(),
      actor: SCHEDULE_ACTOR,
      shouldStop: () => stopped,
    });
    options.report({ msg: 'retention run', ...result });
  };
  const timer = setInterval(tick, options.intervalMs);
  timer.unref();
  setImmediate(tick);
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
