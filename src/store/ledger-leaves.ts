/**
 * Every leaf hash of the ledger, fast: for packs (proofs against the whole tree) and for
 * the parallel verifier. A leaf is SHA-256(0x00 || JCS({actor, digest, kind, recorded_at,
 * subject_id})) (ledger/entry.ts). Here SQLite renders that JSON with json_object(): all
 * five fields are TEXT and the keys are given in sorted order, and SQLite quotes strings
 * exactly as RFC 8785 does (test/unit/ledger/sqlite-jcs.test.ts), so one string per row
 * crosses into JavaScript instead of five, and no object or canonical-JSON walk is needed.
 * Should a stored value ever render differently, the root comes out different and the
 * caller's check against the signed tree head fails: it can never pass a wrong leaf.
 */
import { nodeCrypto } from '../lazy-crypto.js';
import { HASH_SIZE } from '../ledger/hasher.js';
import type { Statement } from 'better-sqlite3';

/** The leaf data of ledger row `alias` as an SQL expression (the JCS text). */
export function leafJsonSql(alias: string): string {
  return `json_object('actor', ${alias}.actor, 'digest', ${alias}.digest, 'kind', ${alias}.kind,
    'recorded_at', ${alias}.recorded_at, 'subject_id', ${alias}.subject_id)`;
}

/** The leaf hash of leaf data given as its JCS text, as a 32-character latin1 string. */
export function leafHashOfJson(leafJson: string): string {
  return leafHashOfInput('\u0000' + leafJson);
}

/**
 * The leaf hash input of ledger row `alias` as an SQL expression: the 0x00 prefix and the
 * JCS text in one string (prefixed in SQLite: cheaper than concatenating in JavaScript).
 */
export function leafInputSql(alias: string): string {
  return `char(0) || ${leafJsonSql(alias)}`;
}

/** The leaf hash of a leafInputSql() value, as a 32-character latin1 string. */
export function leafHashOfInput(leafInput: string): string {
  // The string's UTF-8 encoding is the hash input; U+0000 encodes as the 0x00 prefix byte.
  return nodeCrypto().hash('sha256', leafInput, 'binary');
}

/** Rows per all(): better-sqlite3's per-row cost with iterate() is the bigger one. */
export const SCAN_BATCH = 500;

/** Ledger seqs start..end (1-based, inclusive). */
export interface LeafRange {
  start: number;
  end: number;
}

export interface LeafScan {
  /** Leaf hashes of the range's seqs, back to back (MerkleTree.fromPacked). */
  packed: Buffer;
  /** The first seq of the range with no ledger row, or null. */
  missing: number | null;
}

/** Leaf hashes of ledger entries start..end, in this thread and snapshot. */
export function scanLeaves(
  r: { prepare(sql: string): Statement },
  start: number,
  end: number,
): LeafScan {
  const stmt = r
    .prepare(
      `SELECT seq, ${leafInputSql('l')} FROM ledger l WHERE seq BETWEEN ? AND ? ORDER BY seq`,
    )
    .raw(true);
  // Its own ArrayBuffer, exactly this size, so a worker can transfer it whole.
  const packed = Buffer.allocUnsafeSlow(Math.max(0, end - start + 1) * HASH_SIZE);
  let expected = start;
  while (expected <= end) {
    const rows = stmt.all(expected, Math.min(expected + SCAN_BATCH - 1, end)) as Array<
      [number, string]
    >;
    if (rows.length === 0) return { packed, missing: expected };
    for (const [seq, leafInput] of rows) {
      if (seq !== expected) return { packed, missing: expected };
      packed.write(leafHashOfInput(leafInput), (seq - start) * HASH_SIZE, HASH_SIZE, 'latin1');
      expected++;
    }
  }
  return { packed, missing: null };
}

const WORKER = new URL('./leaves-worker.js', import.meta.url);

/**
 * Leaf hashes of entries 1..size over worker threads, in chunks of `chunkSize`; null when
 * workers are not worth it (one chunk, one thread, or running from the TypeScript sources)
 * or failed, and the caller scans in its own thread. Each worker reads its own snapshot:
 * fine, because entries up to a signed size never change (and a caller always checks the
 * root the hashes give against the signed tree head).
 */
export async function leafHashesInWorkers(
  dataDir: string,
  size: number,
  options: { threads: number; chunkSize: number },
): Promise<LeafScan | null> {
  const ranges: LeafRange[] = [];
  for (let start = 1; start <= size; start += options.chunkSize) {
    ranges.push({ start, end: Math.min(start + options.chunkSize - 1, size) });
  }
  if (options.threads < 2 || ranges.length < 2) return null;
  // Loaded here, not with the store: every command's start-up would pay for worker_threads.
  const { runPool, workerAvailable } = await import('./worker-pool.js');
  if (!workerAvailable(WORKER)) return null;
  let results: Array<LeafRange & { packed: ArrayBuffer; missing: number | null }>;
  try {
    results = await runPool(WORKER, dataDir, ranges, options.threads);
  } catch {
    return null;
  }
  const packed = Buffer.allocUnsafeSlow(size * HASH_SIZE);
  for (const result of results) {
    if (result.missing !== null) return { packed, missing: result.missing };
    packed.set(new Uint8Array(result.packed), (result.start - 1) * HASH_SIZE);
  }
  return { packed, missing: null };
}
