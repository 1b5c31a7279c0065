/**
 * Worker thread of the parallel ledger verifier (verify-parallel.ts): its own read-only
 * connection to the store, one chunk at a time, each inside its own read transaction.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from './open.js';
import { useScanCache } from './scan-cache.js';
import { Reader } from './store.js';
import { scanChunk } from './verify-scan.js';
import { checkState } from './verify-rows.js';
import type { VerifyResult, VerifyTask } from './verify-worker-task.js';

const db = openDatabase((workerData as { dataDir: string }).dataDir, { readonly: true });
useScanCache(db); // chunks are read once, in order
const reader = new Reader(db);

parentPort?.on('message', (task: VerifyTask) => {
  const run = (): VerifyResult =>
    'state' in task ? { stateOk: checkState(reader) === undefined } : scanChunk(reader, task);
  parentPort?.postMessage(db.transaction(run)());
});
