/**
 * A scheduled retention run on a worker thread (schedule.ts): its own connection, so the
 * server's event loop only serves requests while batches are purged and signed. Told "stop",
 * it ends after the batch in progress.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { Store } from '../store/store.js';
import { enforceRetention, SCHEDULED_BATCH, SCHEDULED_PAUSE } from './enforce.js';

const { dataDir, actor, now } = workerData as { dataDir: string; actor: string; now: string };
let stop = false;
parentPort?.on('message', (message) => {
  if (message === 'stop') stop = true;
});
const store = new Store({ dataDir, actor, create: false });
try {
  const result = await enforceRetention(store, {
    now: new Date(now),
    actor,
    batchSize: SCHEDULED_BATCH,
    pauseRatio: SCHEDULED_PAUSE,
    shouldStop: () => stop,
  });
  parentPort?.postMessage({ result });
} catch (err) {
  parentPort?.postMessage({ error: (err as Error).message });
} finally {
  store.close();
  parentPort?.close();
}
