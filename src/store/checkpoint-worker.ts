/**
 * Worker thread of the background checkpointer (checkpointer.ts): its own connection to
 * the store, a PASSIVE checkpoint every `intervalMs` (never waits for readers or writers,
 * copies what it can), until told to stop.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from './open.js';

const { dataDir, intervalMs } = workerData as { dataDir: string; intervalMs: number };
const db = openDatabase(dataDir);
db.pragma('wal_autocheckpoint = 0');

const checkpoint = (): void => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // Busy or locked: the next tick (or the writer's own fallback checkpoint) catches up.
  }
};
const timer = setInterval(checkpoint, intervalMs);

parentPort!.on('message', (msg: unknown) => {
  if (msg !== 'stop') return;
  clearInterval(timer);
  checkpoint();
  db.close();
  parentPort!.close();
});
