/**
 * Worker thread computing the leaf hashes of a range of ledger entries (ledger-leaves.ts):
 * its own read-only connection; the packed hashes go back by transfer, not copy.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { scanLeaves, type LeafRange } from './ledger-leaves.js';
import { openDatabase } from './open.js';
import { useScanCache } from './scan-cache.js';
import { Reader } from './store.js';

const db = openDatabase((workerData as { dataDir: string }).dataDir, { readonly: true });
useScanCache(db); // chunks are read once, in order
const reader = new Reader(db);

parentPort?.on('message', (range: LeafRange) => {
  const scan = db.transaction(() => scanLeaves(reader, range.start, range.end))();
  // allocUnsafeSlow gave the hashes an ArrayBuffer of their own: hand it over whole.
  const packed = scan.packed.buffer as ArrayBuffer;
  parentPort?.postMessage({ ...range, packed, missing: scan.missing }, [packed]);
});
