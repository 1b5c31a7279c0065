/**
 * Retention on a schedule inside `evid serve`: at start and then every interval, when the
 * policy says enforce. A run goes to a worker thread with its own connection (when the built
 * worker exists; in-thread otherwise, yielding between batches), so requests keep their
 * latency while it purges; it purges smaller batches and rests as long as each took, since a
 * background purge has all the time it needs and requests do not. On stop, a run in progress ends after its current batch (each
 * batch is one transaction, so stopping never leaves half a batch); the next run picks up
 * the rest. Errors are reported, never thrown: a failed run is retried at the next tick.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Store } from '../store/store.js';
import {
  enforceRetention,
  SCHEDULED_BATCH,
  SCHEDULED_PAUSE,
  type EnforceResult,
} from './enforce.js';
import { getRetentionPolicy } from './policy.js';

/** The actor on the ledger entries of scheduled runs. */
export const SCHEDULE_ACTOR = 'system:retention';

const WORKER = new URL('./enforce-worker.js', import.meta.url);

export interface RetentionTimer {
  /** Stops the timer and waits for a run in progress to end after its batch. */
  stop(): Promise<void>;
}

interface Run {
  done: Promise<EnforceResult>;
  stop(): void;
}

function runOnWorker(store: Store, now: Date): Run {
  const worker = new Worker(WORKER, {
    workerData: { dataDir: store.dataDir, actor: SCHEDULE_ACTOR, now: now.toISOString() },
  });
  const done = new Promise<EnforceResult>((resolve, reject) => {
    worker.once('message', (m: { result?: EnforceResult; error?: string }) =>
      m.result ? resolve(m.result) : reject(new Error(m.error ?? 'retention worker failed')),
    );
    worker.once('error', reject);
    worker.once('exit', () => reject(new Error('retention worker exited without a result')));
  });
  return { done, stop: () => worker.postMessage('stop') };
}

function runInThread(store: Store, now: Date): Run {
  let stopped = false;
  const done = enforceRetention(store, {
    now,
    actor: SCHEDULE_ACTOR,
    batchSize: SCHEDULED_BATCH,
    pauseRatio: SCHEDULED_PAUSE,
    shouldStop: () => stopped,
  });
  return {
    done,
    stop: () => {
      stopped = true;
    },
  };
}

export function startRetentionTimer(
  store: Store,
  options: {
    intervalMs: number;
    now: () => Date;
    report: (line: Record<string, unknown>) => void;
  },
): RetentionTimer {
  let running: { run: Run; settled: Promise<void> } | null = null;
  let stopped = false;
  const onWorker = existsSync(fileURLToPath(WORKER));
  const tick = (): void => {
    if (stopped || running) return;
    try {
      if (!store.read((r) => getRetentionPolicy(r)).enforce) return;
    } catch (err) {
      options.report({ msg: 'retention run failed', error: (err as Error).message });
      return;
    }
    const run = onWorker ? runOnWorker(store, options.now()) : runInThread(store, options.now());
    const settled = run.done
      .then((result) => options.report({ msg: 'retention run', ...result }))
      .catch((err: unknown) =>
        options.report({ msg: 'retention run failed', error: (err as Error).message }),
      )
      .finally(() => {
        running = null;
      });
    running = { run, settled };
  };
  const timer = setInterval(tick, options.intervalMs);
  timer.unref();
  setImmediate(tick);
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      if (running) {
        running.run.stop();
        await running.settled;
      }
    },
  };
}
