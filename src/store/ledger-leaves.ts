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
import { hash } from 'node:crypto';
import { HASH_SIZE } from '../ledger/hasher.js';
import type { Reader } from './store.js';

/** The leaf data of ledger row `alias` as an SQL expression (the JCS text). */
export function leafJsonSql(alias: string): string {
  return `json_object('actor', ${alias}.actor, 'digest', ${alias}.digest, 'kind', ${alias}.kind,
    'recorded_at', ${alias}.recorded_at, 'subject_id', ${alias}.subject_id)`;
}

/** The leaf hash of leaf data given as its JCS text, as a 32-character latin1 string. */
export function leafHashOfJson(leafJson: string): string {
  // The string's UTF-8 encoding is the leaf data; U+0000 encodes as the 0x00 prefix.
  return hash('sha256', '\u0000' + leafJson, 'binary');
}

/** Rows per all(): better-sqlite3's per-row cost with iterate() is the bigger one. */
export const SCAN_BATCH = 500;

export interface LeafScan {
  /** Leaf hashes of seqs 1..size, back to back (MerkleTree.fromPacked). */
  packed: Buffer;
  /** The first seq with no ledger row, or null. */
  missing: number | null;
}

/**
 * Leaf hashes of ledger entries 1..size, calling `each(seq, kind, subjectRef, leafJson)`
 * per row (JSON.parse(leafJson) gives the entry's fields) for callers that pick entries.
 */
export function scanLeaves(
  r: Reader,
  size: number,
  each?: (seq: number, kind: string, subjectRef: number | null, leafJson: string) => void,
): LeafScan {
  const stmt = r
    .prepare(
      `SELECT seq, kind, subject_ref, ${leafJsonSql('l')} FROM ledger l
       WHERE seq BETWEEN ? AND ? ORDER BY seq`,
    )
    .raw(true);
  const packed = Buffer.allocUnsafe(size * HASH_SIZE);
  let expected = 1;
  while (expected <= size) {
    const rows = stmt.all(expected, Math.min(expected + SCAN_BATCH - 1, size)) as Array<
      [number, string, number | null, string]
    >;
    for (const [seq, kind, subjectRef, leafJson] of rows) {
      if (seq !== expected) return { packed, missing: expected };
      packed.write(leafHashOfJson(leafJson), (seq - 1) * HASH_SIZE, HASH_SIZE, 'latin1');
      each?.(seq, kind, subjectRef, leafJson);
      expected++;
    }
    if (rows.length === 0) return { packed, missing: expected };
  }
  return { packed, missing: null };
}
