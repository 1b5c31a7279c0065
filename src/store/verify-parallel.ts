/**
 * `audit verify` on big ledgers: the fast path of verify-scan.ts over aligned chunks, spread
 * over worker threads, joined here into a root per tree head. Any doubt (a chunk that does
 * not check out, a root that differs, a bad signature, a ledger that is not exactly sealed,
 * a worker that dies) hands over to the sequential verifier, which owns every failure
 * verdict. So this file can only make a good ledger verify faster, never change a verdict.
 *
 * Why chunks join: chunk k covers leaf indices [k*C, (k+1)*C) with C a power of two, so
 * every full chunk is one perfect subtree, and the frontier at any size s is the frontier
 * of the full chunks before s (a Frontier whose "leaves" are chunk roots) followed by the
 * frontier of s's own chunk up to s. Folding that list gives MTH(D[0:s]).
 */
import { Frontier, foldSubtrees } from '../ledger/frontier.js';
import { progressReporter, type ProgressFn } from '../progress.js';
import type { TreeHeadRow } from './ledger-writer.js';
import type { Reader, Store } from './store.js';
import { scanChunk, type ChunkResult, type ChunkTask } from './verify-scan.js';
import { STATE_TASK, type VerifyResult, type VerifyTask } from './verify-worker-task.js';
import { runPool, workerAvailable } from './worker-pool.js';
import { loadKeyChain, type ChainKey } from './ledger-keys.js';
import { verifyLedger } from './verify-ledger.js';
import { buildVerdict, type LedgerVerdict } from './verify-verdict.js';
import { checkKeys, type LedgerTrust } from './verify-keys.js';
import { checkState, countRows, mismatchedRows } from './verify-rows.js';
import {
  checkPurgeBatches,
  loadBatchCommitments,
  mergePurgeSeqs,
  type BatchCommitment,
  type PurgeSeqs,
} from './verify-purges.js';

export interface ParallelVerifyOptions {
  /** Worker threads; 1 (or a ledger of one chunk) scans on the calling thread. */
  threads: number;
  /** Entries per task: a power of two. */
  chunkSize: number;
  /** Told (chunks scanned, chunks + 1, phase) as the scan goes; last call done == total. */
  onProgress?: ProgressFn;
}

const SCAN_PHASE = 'scanning the ledger';

const GENESIS_HEX = '0'.repeat(64);
const WORKER = new URL('./verify-worker.js', import.meta.url);

/**
 * What the fast path reads in one snapshot before the workers start: the chunks, the heads,
 * the key chain and the row counts. Entries up to `size` never change, so workers reading
 * them in later snapshots see the same entries; rows appended meanwhile are not counted.
 */
interface Plan {
  size: number;
  heads: TreeHeadRow[];
  tasks: ChunkTask[];
  chain: ChainKey[];
  rows: Record<string, number>;
  /**
   * The purge batches' commitments, read in this snapshot (a purge running meanwhile adds
   * batches the chunks may see: a mismatch then, and the sequential pass decides).
   */
  batches: BatchCommitment[];
}

/** The same verdict as verifyLedger(), computed in parallel when the ledger is intact. */
export async function verifyLedgerParallel(
  store: Store,
  trust: LedgerTrust,
  options: ParallelVerifyOptions,
): Promise<LedgerVerdict> {
  const report = progressReporter(options.onProgress);
  // One unit per chunk plus one for the rows' state check and the verdict; the sequential
  // verifier (any doubt) adds no units: its verdict is the end, reported as done == total.
  const plan = store.read((r) => planChunks(r, options.chunkSize));
  const total = (plan?.tasks.length ?? 0) + 1;
  report(0, total, SCAN_PHASE);
  // The last unit is reported once, as 'done', when the verdict is in.
  const verdict = await verifyPlanned(store, trust, options, plan, (done) =>
    report(Math.min(done, total - 1), total, SCAN_PHASE),
  );
  report(total, total, 'done');
  return verdict;
}

async function verifyPlanned(
  store: Store,
  trust: LedgerTrust,
  options: ParallelVerifyOptions,
  plan: Plan | null,
  scanned: (done: number) => void,
): Promise<LedgerVerdict> {
  const origin = store.origin;
  const sequential = (): LedgerVerdict => store.read((r) => verifyLedger(r, origin, trust));
  // Empty, truncated or unsealed ledgers: the sequential verifier says exactly what is wrong.
  if (!plan) return sequential();

  const threads =
    options.threads > 1 && plan.tasks.length > 1 && workerAvailable(WORKER)
      ? Math.min(options.threads, plan.tasks.length)
      : 0;
  let results: ChunkResult[];
  let stateOk: boolean;
  // An error the progress listener throws (a cancelled job) is the caller's to see, not a
  // doubt about the ledger: it ends the verify instead of handing over to the sequential one.
  let listenerError: unknown;
  const report = (done: number): void => {
    try {
      scanned(done);
    } catch (err) {
      listenerError ??= err;
      throw err;
    }
  };
  try {
    if (threads > 0) {
      // The state columns' check (a pass over every event, verify-rows.ts) goes first, on a
      // worker of its own; it is consistent in any one snapshot, so it needs not the plan's.
      const out = await runPool<VerifyTask, VerifyResult>(
        WORKER,
        store.dataDir,
        [STATE_TASK, ...plan.tasks],
        threads,
        report,
      );
      stateOk = (out[0] as { stateOk: boolean }).stateOk;
      results = out.slice(1) as ChunkResult[];
    } else {
      results = store.read((r) =>
        plan.tasks.map((task, i) => {
          const result = scanChunk(r, task);
          report(i + 1);
          return result;
        }),
      );
      stateOk = store.read((r) => checkState(r) === undefined);
    }
  } catch {
    if (listenerError !== undefined) throw listenerError;
    return sequential();
  }
  if (!stateOk) return sequential();
  return conclude(plan, results, origin, trust, threads) ?? sequential();
}

/**
 * The fast path on the calling thread, in the caller's snapshot: the intact verdict, or
 * null when anything needs the sequential verifier. Tests hold it to "never intact when
 * the ledger is not".
 */
export function verifyFast(
  r: Reader,
  origin: string,
  chunkSize: number,
  trust: LedgerTrust = {},
): LedgerVerdict | null {
  const plan = planChunks(r, chunkSize);
  if (!plan || checkState(r) !== undefined) return null;
  return conclude(
    plan,
    plan.tasks.map((task) => scanChunk(r, task)),
    origin,
    trust,
    0,
  );
}

/**
 * The intact verdict when the entries, every head's signature, the key chain and the rows
 * all check out; else null, and the sequential verifier (one snapshot) says why.
 */
function conclude(
  plan: Plan,
  results: ChunkResult[],
  origin: string,
  trust: LedgerTrust,
  threads: number,
): LedgerVerdict | null {
  const joined = joinChunks(plan, results);
  if (!joined || checkPurgeBatches(plan.batches, joined.purgeSeqs)) return null;
  const keys = checkKeys(plan.chain, plan.heads, origin, trust);
  if (keys.failure || mismatchedRows(plan.rows, joined.present)) return null;
  return buildVerdict({
    checked: plan.size,
    purged: joined.purged,
    root: joined.root,
    heads: plan.heads,
    trust,
    keys,
    rows: plan.rows,
    failure: undefined,
    scan: { chunks: plan.tasks.length, threads },
  });
}

/** Chunk tasks for a non-empty, exactly sealed ledger (its size is the latest head's), else null. */
function planChunks(r: Reader, chunkSize: number): Plan | null {
  const heads = r.prepare('SELECT * FROM tree_heads ORDER BY tree_size').all() as TreeHeadRow[];
  const size = r.prepare('SELECT COALESCE(MAX(seq), 0) FROM ledger').pluck().get() as number;
  const latest = heads[heads.length - 1];
  if (size === 0 || !latest || latest.tree_size !== size) return null;
  const chainAt = r.prepare('SELECT chain FROM ledger WHERE seq = ?').pluck();
  const tasks: ChunkTask[] = [];
  let h = 0;
  for (let start = 1; start <= size; start += chunkSize) {
    const end = Math.min(start + chunkSize - 1, size);
    const taskHeads: ChunkTask['heads'] = [];
    for (; h < heads.length && heads[h].tree_size <= end; h++) {
      if (heads[h].tree_size >= start) {
        taskHeads.push({ size: heads[h].tree_size, chain_head: heads[h].chain_head });
      }
    }
    const prevChain =
      start === 1 ? GENESIS_HEX : ((chainAt.get(start - 1) as string | undefined) ?? '');
    tasks.push({ start, end, prevChain, heads: taskHeads });
  }
  return {
    size,
    heads,
    tasks,
    chain: loadKeyChain(r),
    rows: countRows(r),
    batches: loadBatchCommitments(r),
  };
}

/** Roots at every tree head from the chunks' frontiers; null if any check failed. */
function joinChunks(
  plan: Plan,
  results: ChunkResult[],
): {
  root: string;
  purged: number;
  present: Record<string, number>;
  purgeSeqs: PurgeSeqs;
} | null {
  const rootAt = new Map(plan.heads.map((h) => [h.tree_size, h.root_hash]));
  const chunks = Frontier.empty();
  const present: Record<string, number> = {};
  const purgeSeqs: PurgeSeqs = new Map();
  let purged = 0;
  let root: string | null = null;
  for (const result of results) {
    if (result.badSeq !== null) return null;
    purged += result.purged;
    mergePurgeSeqs(purgeSeqs, result.purgeSeqs);
    for (const [table, n] of Object.entries(result.present)) {
      present[table] = (present[table] ?? 0) + n;
    }
    const above = chunks.subtrees();
    for (const head of result.heads) {
      const at = foldSubtrees([...above, ...head.subtrees.map(hex)]).toString('hex');
      if (rootAt.get(head.size) !== at) return null;
    }
    if (result.end === plan.size) {
      root = foldSubtrees([...above, ...result.subtrees.map(hex)]).toString('hex');
    } else {
      if (result.subtrees.length !== 1) return null; // a full chunk is one perfect subtree
      chunks.append(hex(result.subtrees[0]));
    }
  }
  return root === null ? null : { root, purged, present, purgeSeqs };
}

function hex(h: string): Buffer {
  return Buffer.from(h, 'hex');
}
