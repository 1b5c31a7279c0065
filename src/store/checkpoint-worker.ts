/**
 * Worker thread of the background checkpointer (checkpointer.ts): its own connection to
 * the store, a PASSIVE checkpoint every `intervalMs` (never waits for readers or writers,
 * copies what it can), until told to stop. While nobody writes it backs off, doubling its
 * wait up to IDLE_MS: an idle server should not wake ten times a second to find an empty
 * WAL. `data_version` (a counter other connections' commits move) tells it when to
 * come back to `intervalMs`.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from './open.js';

const IDLE_MS = 1600;
const { dataDir, intervalMs } = workerData as { dataDir: string; intervalMs: number };
const db = openDatabase(dataDir);
db.pragma('wal_autocheckpoint = 0');

let seenVersion = -1;
let behind = true; // the last checkpoint left frames it could not copy (a reader held them)
let wait = intervalMs;
let timer: NodeJS.Timeout | undefined;

const checkpoint = (): void => {
  try {
    const version = db.pragma('data_version', { simple: true }) as number;
    if (version === seenVersion && !behind) {
      wait = Math.min(wait * 2, Math.max(IDLE_MS, intervalMs));
      return;
    }
    seenVersion = version;
    wait = intervalMs;
    const [result] = db.pragma('wal_checkpoint(PASSIVE)') as Array<{
      log: number;
      checkpointed: number;
    }>;
    behind = result !== undefined && result.checkpointed < result.log;
  } catch {
    // Busy or locked: the next tick (or the writer's own fallback checkpoint) catches up.
    behind = true;
  }
};
const tick = (): void => {
  checkpoint();
  timer = setTimeout(tick, wait);
};
timer = setTimeout(tick, wait);

parentPort!.on('message', (msg: unknown) => {
  if (msg !== 'stop') return;
  clearTimeout(timer);
  behind = true; // the last one always runs
  checkpoint();
  db.close();
  parentPort!.close();
});
