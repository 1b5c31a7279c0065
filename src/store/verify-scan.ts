/**
 * The fast path of `audit verify`: checks one aligned chunk of the ledger (every record
 * digest, every leaf, every chain link, the chain head of every tree head inside it) and
 * returns the chunk's own Merkle frontier at those tree heads and at its end. Chunks are
 * independent, so worker threads scan them in parallel (verify-parallel.ts) and the main
 * thread joins the frontiers into roots.
 *
 * It only decides "all good" quickly. On the first thing that does not check out it stops
 * and reports the seq; the caller then runs the sequential verifier (verify-ledger.ts),
 * which owns the detailed verdict (tampered, missing, reordered, ...). So this file never
 * has to be right about *why*, only never wrong about "intact".
 *
 * Why it is fast (measured on 1.1M entries, docs/ledger.md):
 * - SQLite renders each event's and trace's canonical record with json_object(): one
 *   string per row crosses into JavaScript instead of twelve columns, and no JS object is
 *   built. Records hold only strings, integers and NULL, keys are given in sorted order,
 *   and SQLite's string quoting matches JSON.stringify's (RFC 8785 3.2.2.2) for every code
 *   point (checked in test/unit/ledger/sqlite-jcs.test.ts). Anything else (a REAL, an odd
 *   rendering, another kind) falls back to the JS canonicaliser for that row: a rendering
 *   can only make a good row look bad, never a bad row look good, since equal text means
 *   an equal JSON value.
 * - Rows come in batches with all(): better-sqlite3's per-row iterate() cost dominates.
 * - Hashes come out as 'hex'/'latin1' strings, which Node 20 returns far cheaper than
 *   Buffers. Per call, the fixed cost dominates (SHA-NI hashes a few hundred bytes in a
 *   fraction of it), so each entry costs exactly four calls: record, leaf, chain, tree.
 * - A chunk starts from the *stored* chain value before it, so any chunk can be checked
 *   alone; inside it each link is computed from the one before and compared with the
 *   stored value (hex, a batch at a time). All links checking out proves the chain.
 * - SQLite prefixes the leaf data with its 0x00 byte (leafInputSql): one string, hashed as is.
 */
import { hash } from 'node:crypto';
import { canonicalDigest } from '../ledger/jcs.js';
import { leafHashOfInput, leafInputSql, SCAN_BATCH } from './ledger-leaves.js';
import { loadRecord } from './record-loaders.js';
import { EVENTS_OR_TRACES, TABLE_OF_KIND } from './verify-rows.js';
import { addPurgeSeq, type PurgeSeqs } from './verify-purges.js';
import type { Reader } from './store.js';

/** A run of ledger seqs [start, end] (1-based, inclusive) whose leaf indices are aligned. */
export interface ChunkTask {
  start: number;
  end: number;
  /** The stored chain value of seq start - 1 (32 zero bytes in hex before seq 1). */
  prevChain: string;
  /** Tree heads inside the chunk: tree size and the chain head it claims. */
  heads: Array<{ size: number; chain_head: string }>;
}

export interface ChunkResult {
  start: number;
  end: number;
  /** null when every entry checked out; else the first seq that did not. */
  badSeq: number | null;
  purged: number;
  /** Entries whose record took the JS path (kinds SQLite does not render, purged rows). */
  slow: number;
  /** Seqs of records purged by a batch, per batch row id (checked by verify-purges.ts). */
  purgeSeqs: Array<[number, number[]]>;
  /** Entries resolved to a row that exists, by table (verify-rows.ts), for the row counts. */
  present: Record<string, number>;
  /** The chunk's own frontier (hex, largest subtree first) at each tree head inside it. */
  heads: Array<{ size: number; subtrees: string[] }>;
  /** The chunk's own frontier at its end: one hash (its root) for a full aligned chunk. */
  subtrees: string[];
}

// Keys in sorted order, exactly the fields of eventRecord()/traceRecord() (records.ts) and
// the leaf data of entry.ts; a new field there must be added here (a test compares them).
const CHUNK_SCAN = `
  SELECT l.seq, l.digest, l.chain,
    ${leafInputSql('l')} AS leaf,
    CASE
      WHEN e.id IS NOT NULL AND e.purged_at IS NULL AND e.ingested_at = l.recorded_at
        AND e.source_id IS NULL THEN json_object(
        'agent', e.agent, 'attributes', e.attributes, 'completion', e.completion,
        'event_id', e.event_id, 'model', e.model, 'position', e.position, 'prompt', e.prompt,
        'timestamp', e.timestamp, 'tokens_completion', e.tokens_completion,
        'tokens_prompt', e.tokens_prompt, 'trace_id', t.trace_id, 'type', e.type)
      WHEN e.id IS NOT NULL AND e.purged_at IS NULL AND e.ingested_at = l.recorded_at THEN json_object(
        'agent', e.agent, 'attributes', e.attributes, 'completion', e.completion,
        'event_id', e.event_id, 'model', e.model, 'position', e.position, 'prompt', e.prompt,
        'source_id', e.source_id, 'timestamp', e.timestamp,
        'tokens_completion', e.tokens_completion, 'tokens_prompt', e.tokens_prompt,
        'trace_id', t.trace_id, 'type', e.type)
      WHEN e.id IS NOT NULL AND e.purged_at IS NOT NULL AND e.purge_ref IS NOT NULL
        THEN char(1) || e.purge_ref
      WHEN tr.id IS NOT NULL THEN json_object(
        'agent', tr.agent, 'attributes', tr.attributes, 'framework', tr.framework,
        'ingested_at', tr.ingested_at, 'session_id', tr.session_id, 'source', tr.source,
        'trace_id', tr.trace_id)
    END AS record
  FROM ledger l
  LEFT JOIN events e ON l.kind = 'event.ingested' AND e.id = l.subject_ref
  LEFT JOIN traces t ON t.id = e.trace_ref
  LEFT JOIN traces tr ON l.kind = 'trace.ingested' AND tr.id = l.subject_ref
  WHERE l.seq BETWEEN ? AND ?
  ORDER BY l.seq`;

type ScanRow = [seq: number, digest: string, chain: string, leaf: string, record: string | null];

/** Checks one chunk inside the caller's read snapshot. */
export function scanChunk(r: Reader, task: ChunkTask): ChunkResult {
  const headAt = new Map(task.heads.map((h) => [h.size, h.chain_head]));
  const frontier = new LocalFrontier();
  const result: ChunkResult = {
    start: task.start,
    end: task.end,
    badSeq: null,
    purged: 0,
    slow: 0,
    purgeSeqs: [],
    present: {},
    heads: [],
    subtrees: [],
  };
  // link = previous chain value || leaf hash. After the first entry the previous value is the
  // one just computed, in binary; it equals the stored one, or the batch check below fails.
  const link = Buffer.allocUnsafe(64);
  if (link.write(task.prevChain, 0, 32, 'hex') !== 32 || task.prevChain.length !== 64) {
    return { ...result, badSeq: task.start }; // a corrupt stored link before the chunk
  }
  // Chain values of one batch, compared with the stored hex in one conversion per batch.
  const chains = Buffer.allocUnsafe(SCAN_BATCH * 32);
  const stmt = r.prepare(CHUNK_SCAN).raw(true);
  let expected = task.start;
  let rendered = 0;
  let batchPurged = 0;
  const purgeSeqs: PurgeSeqs = new Map();
  while (expected <= task.end) {
    const first = expected;
    const rows = stmt.all(first, Math.min(first + SCAN_BATCH - 1, task.end)) as ScanRow[];
    if (rows.length === 0) return { ...result, badSeq: first };
    for (let i = 0; i < rows.length; i++) {
      const [seq, digest, , leaf, record] = rows[i];
      if (seq !== expected) return { ...result, badSeq: expected };
      if (record !== null && record.charCodeAt(0) === 1) {
        // An event purged by a batch (rendered as 0x01 || purge_ref): no digest to check,
        // the batch's commitment covers it (verify-purges.ts, after the join).
        addPurgeSeq(purgeSeqs, Number(record.slice(1)), seq);
        batchPurged++;
      } else if (record === null || hash('sha256', record, 'hex') !== digest) {
        result.slow++;
        const { state, table, batch } = checkSlowly(r, seq, digest);
        if (state === 'bad') return { ...result, badSeq: seq };
        if (state === 'purged') result.purged++;
        if (batch !== undefined) addPurgeSeq(purgeSeqs, batch, seq);
        if (table) result.present[table] = (result.present[table] ?? 0) + 1;
      } else rendered++;
      const leafHash = leafHashOfInput(leaf);
      link.write(leafHash, 32, 32, 'latin1');
      const chain = hash('sha256', link, 'binary');
      link.write(chain, 0, 32, 'latin1');
      chains.write(chain, i * 32, 32, 'latin1');
      frontier.append(leafHash);
      if (headAt.has(seq)) result.heads.push({ size: seq, subtrees: frontier.hex() });
      expected++;
    }
    const computed = chains.toString('hex', 0, rows.length * 32);
    for (let i = 0; i < rows.length; i++) {
      const [seq, , stored] = rows[i];
      if (computed.slice(i * 64, i * 64 + 64) !== stored) return { ...result, badSeq: seq };
      const claimed = headAt.get(seq);
      if (claimed !== undefined && claimed !== stored) return { ...result, badSeq: seq };
    }
  }
  result.subtrees = frontier.hex();
  if (rendered) result.present[EVENTS_OR_TRACES] = rendered;
  if (batchPurged) {
    result.purged += batchPurged;
    result.present.events = (result.present.events ?? 0) + batchPurged;
  }
  result.purgeSeqs = [...purgeSeqs];
  return result;
}

/**
 * The JS path for rows SQLite did not render (other kinds, purged or missing records), with
 * the table whose row the entry resolved to (none for a purged record that is gone).
 */
function checkSlowly(
  r: Reader,
  seq: number,
  digest: string,
): { state: 'ok' | 'purged' | 'bad'; table?: string; batch?: number } {
  // Looked up here, not scanned: most rows never need these columns.
  const entry = r
    .prepare('SELECT kind, subject_id, subject_ref, recorded_at FROM ledger WHERE seq = ?')
    .get(seq) as {
    kind: string;
    subject_id: string;
    subject_ref: number | null;
    recorded_at: string;
  };
  const loaded = loadRecord(r, entry);
  const table = TABLE_OF_KIND[entry.kind];
  switch (loaded.state) {
    case 'self':
      return { state: 'ok' };
    case 'purged': {
      const purged =
        loaded.gone || !table ? { state: 'purged' as const } : { state: 'purged' as const, table };
      return loaded.batch === undefined ? purged : { ...purged, batch: loaded.batch };
    }
    case 'present':
      return canonicalDigest(loaded.record).toString('hex') === digest
        ? table
          ? { state: 'ok', table }
          : { state: 'ok' }
        : { state: 'bad' };
    default:
      return { state: 'bad' };
  }
}

/**
 * A Merkle frontier over latin1-string hashes (see Frontier in ledger/frontier.ts, which
 * this mirrors): strings avoid a Buffer allocation per hash on the hot path.
 */
class LocalFrontier {
  private readonly hashes: string[] = [];
  private size = 0;
  private readonly node = Buffer.allocUnsafe(65);

  append(leafHash: string): void {
    let n = this.size;
    let carry = leafHash;
    while (n % 2 === 1) {
      carry = this.children(this.hashes.pop() as string, carry);
      n = (n - 1) / 2;
    }
    this.hashes.push(carry);
    this.size++;
  }

  hex(): string[] {
    return this.hashes.map((h) => Buffer.from(h, 'binary').toString('hex'));
  }

  private children(left: string, right: string): string {
    this.node[0] = 0x01;
    this.node.write(left, 1, 32, 'latin1');
    this.node.write(right, 33, 32, 'latin1');
    return hash('sha256', this.node, 'binary');
  }
}
