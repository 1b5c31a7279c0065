import { Worker } from 'node:worker_threads';
import type { Store } from './store.js';
import { workerAvailable } from './worker-pool.js';

/**
 * Background WAL checkpoints for a long-running writer (the REST server). By default
 * SQLite checkpoints inside COMMIT once the WAL passes 1000 pages: the committing thread
 * copies the pages into the database file and waits for two fsyncs, 10-25 ms measured here,
 * mostly waiting on the disk, during which an event loop serves nobody. With the
 * checkpointer, a worker thread with its own connection does that every `intervalMs`
 * instead, beside the writer (WAL lets a checkpoint run concurrently with a write).
 *
 * Durability is unchanged: a transaction is durable when its COMMIT returns, whoever
 * checkpoints it later. The store's own automatic checkpoint stays on at `fallbackPages`,
 * so the WAL stays bounded if the worker falls behind or dies, and it is back at SQLite's
 * default once the checkpointer stops.
 */
export interface Checkpointer {
  stop(): Promise<void>;
}

const WORKER = new URL('./checkpoint-worker.js', import.meta.url);
const DEFAULT_AUTOCHECKPOINT = 1000;

export function startCheckpointer(
  store: Store,
  { intervalMs = 100, fallbackPages = 10_000 } = {},
): Checkpointer {
  // From sources (no built worker module), checkpoints stay where SQLite puts them.
  if (!workerAvailable(WORKER)) return { stop: async () => undefined };
  const worker = new Worker(WORKER, { workerData: { dataDir: store.dataDir, intervalMs } });
  worker.unref();
  const restore = (): void => {
    if (store.db.open) store.db.pragma(`wal_autocheckpoint = ${DEFAULT_AUTOCHECKPOINT}`);
  };
  const exited = new Promise<void>((resolve) => {
    worker.once('exit', () => {
      restore();
      resolve();
    });
  });
  worker.on('error', restore);
  store.db.pragma(`wal_autocheckpoint = ${fallbackPages}`);
  return {
    stop: async () => {
      // Referenced again, so the process waits for the last checkpoint and the close.
      worker.ref();
      worker.postMessage('stop');
      await exited;
    },
  };
}
