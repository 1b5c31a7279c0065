import { CHAIN_GENESIS, nextChain } from '../ledger/chain.js';
import { entryLeafHash, type LedgerEntry } from '../ledger/entry.js';
import { Frontier } from '../ledger/frontier.js';
import { canonicalDigest } from '../ledger/jcs.js';
import { loadKeyChain } from './ledger-keys.js';
import type { TreeHeadRow } from './ledger-writer.js';
import { checkKeys, type LedgerTrust } from './verify-keys.js';
import { Failure } from './verify-failure.js';
import { buildVerdict, type LedgerVerdict } from './verify-verdict.js';
import { checkRows, TABLE_OF_KIND } from './verify-rows.js';
import {
  addPurgeSeq,
  checkPurgeBatches,
  loadBatchCommitments,
  type PurgeSeqs,
} from './verify-purges.js';
import { loadRecord, type LoadedRecord } from './record-loaders.js';
import { eventRecord } from './records.js';
import type { Reader } from './store.js';

export type { VerifyReason } from './verify-failure.js';
export { buildVerdict, type LedgerVerdict } from './verify-verdict.js';

interface LedgerRow extends LedgerEntry {
  subject_ref: number | null;
  chain: string;
}

/** A ledger row with its event's columns (NULL unless kind is event.ingested and the row exists). */
interface ScannedRow extends LedgerRow {
  e_id: number | null;
  e_event_id: string;
  e_trace_id: string | null;
  e_position: number;
  e_agent: string;
  e_type: string;
  e_model: string | null;
  e_prompt: string | null;
  e_completion: string | null;
  e_tokens_prompt: number | null;
  e_tokens_completion: number | null;
  e_timestamp: string;
  e_attributes: string;
  e_purged_at: string | null;
  e_ingested_at: string | null;
  e_source_id: string | null;
}

const LEDGER_SCAN = `
  SELECT l.seq, l.kind, l.subject_id, l.subject_ref, l.digest, l.recorded_at, l.actor, l.chain,
    e.id AS e_id, e.event_id AS e_event_id, t.trace_id AS e_trace_id, e.position AS e_position,
    e.agent AS e_agent, e.type AS e_type, e.model AS e_model, e.prompt AS e_prompt,
    e.completion AS e_completion, e.tokens_prompt AS e_tokens_prompt,
    e.tokens_completion AS e_tokens_completion, e.timestamp AS e_timestamp,
    e.attributes AS e_attributes, e.purged_at AS e_purged_at, e.ingested_at AS e_ingested_at,
    e.source_id AS e_source_id
  FROM ledger l
  LEFT JOIN events e ON l.kind = 'event.ingested' AND e.id = l.subject_ref
  LEFT JOIN traces t ON t.id = e.trace_ref
  ORDER BY l.seq`;

function scannedRow(a: unknown[]): ScannedRow {
  return {
    seq: a[0] as number,
    kind: a[1] as string,
    subject_id: a[2] as string,
    subject_ref: a[3] as number | null,
    digest: a[4] as string,
    recorded_at: a[5] as string,
    actor: a[6] as string,
    chain: a[7] as string,
    e_id: a[8] as number | null,
    e_event_id: a[9] as string,
    e_trace_id: a[10] as string | null,
    e_position: a[11] as number,
    e_agent: a[12] as string,
    e_type: a[13] as string,
    e_model: a[14] as string | null,
    e_prompt: a[15] as string | null,
    e_completion: a[16] as string | null,
    e_tokens_prompt: a[17] as number | null,
    e_tokens_completion: a[18] as number | null,
    e_timestamp: a[19] as string,
    e_attributes: a[20] as string,
    e_purged_at: a[21] as string | null,
    e_ingested_at: a[22] as string | null,
    e_source_id: a[23] as string | null,
  };
}

function scannedEvent(r: Reader, row: ScannedRow): LoadedRecord {
  if (row.e_id === null || row.e_purged_at !== null || row.e_ingested_at !== row.recorded_at) {
    return loadRecord(r, row) as LoadedRecord;
  }
  return {
    state: 'present',
    record: eventRecord({
      event_id: row.e_event_id,
      trace_id: row.e_trace_id,
      position: row.e_position,
      agent: row.e_agent,
      type: row.e_type,
      model: row.e_model,
      prompt: row.e_prompt,
      completion: row.e_completion,
      tokens_prompt: row.e_tokens_prompt,
      tokens_completion: row.e_tokens_completion,
      timestamp: row.e_timestamp,
      attributes: row.e_attributes,
      source_id: row.e_source_id,
    }),
  };
}

/**
 * Re-reads every ledger entry and the record behind it, recomputes record digests, leaf
 * hashes, the hash chain and the Merkle root, compares them with every stored tree head,
 * checks every head's Ed25519 signature against the key the ledger's key chain says was
 * current (verify-keys.ts), then checks the other direction: every row of every ledgered
 * table has its entry (verify-rows.ts). Assumes nothing stored is honest: rows, tree heads,
 * checkpoints and keys are all attacker-editable; only `trust` comes from outside.
 */
export function verifyLedger(r: Reader, origin: string, trust: LedgerTrust = {}): LedgerVerdict {
  const heads = r.prepare('SELECT * FROM tree_heads ORDER BY tree_size').all() as TreeHeadRow[];
  const headAt = new Map(heads.map((h) => [h.tree_size, h]));
  const latest = heads[heads.length - 1];
  const frontier = Frontier.empty();
  const present: Record<string, number> = {};
  let chain = CHAIN_GENESIS;
  let checked = 0;
  let purged = 0;
  const purgeSeqs: PurgeSeqs = new Map();
  let failure: Failure | undefined;

  // Event records (the bulk of any ledger) come joined in the same scan, so SQLite does
  // the look-ups in C instead of one prepared-statement round trip per entry.
  // raw() skips building a keyed object per row: about twice as fast on wide rows.
  const scan = r.prepare(LEDGER_SCAN).raw(true).iterate() as IterableIterator<unknown[]>;
  for (const raw of scan) {
    const row = scannedRow(raw);
    const expected = checked + 1;
    if (row.seq !== expected) {
      failure = new Failure(
        'missing',
        expected,
        `ledger entry ${expected} is missing (next entry is ${row.seq})`,
      );
      break;
    }
    const leaf = entryLeafHash(row);
    const next = nextChain(chain, leaf);
    if (next.toString('hex') !== row.chain) {
      failure = chainFailure(r, row, leaf);
      break;
    }
    const loaded = row.kind === 'event.ingested' ? scannedEvent(r, row) : loadRecord(r, row);
    if (loaded.state === 'purged') {
      purged++;
      if (loaded.batch !== undefined) addPurgeSeq(purgeSeqs, loaded.batch, row.seq);
    } else {
      const bad = checkRecord(row, loaded);
      if (bad) {
        failure = bad;
        break;
      }
    }
    const table = TABLE_OF_KIND[row.kind];
    if (table && !(loaded.state === 'purged' && loaded.gone)) {
      present[table] = (present[table] ?? 0) + 1;
    }
    chain = next;
    frontier.append(leaf);
    checked++;
    const head = headAt.get(checked);
    if (
      head &&
      (head.root_hash !== frontier.root().toString('hex') || head.chain_head !== row.chain)
    ) {
      failure = new Failure(
        'tampered',
        checked,
        `tree head at size ${checked} does not match the entries`,
        row,
      );
      break;
    }
  }

  if (!failure && latest && latest.tree_size > checked) {
    failure = new Failure(
      'truncated',
      checked + 1,
      `the signed tree head covers ${latest.tree_size} entries but the ledger holds ${checked}`,
    );
  }
  if (!failure && (latest?.tree_size ?? 0) < checked) {
    failure = new Failure(
      'unsealed',
      (latest?.tree_size ?? 0) + 1,
      'ledger entries exist beyond the latest signed tree head',
    );
  }
  // A root is only meaningful for a ledger that verified; a partial one would mislead.
  const root = failure ? null : frontier.root().toString('hex');
  const keys = checkKeys(loadKeyChain(r), heads, origin, trust);
  failure ??= keys.failure;
  let rows: Record<string, number> = {};
  if (!failure) {
    const checkedRows = checkRows(r, present);
    rows = checkedRows.rows;
    failure = checkedRows.failure;
  }
  // After the row counts: a batch row inserted by hand is named as unledgered first.
  failure ??= checkPurgeBatches(loadBatchCommitments(r), purgeSeqs);
  return buildVerdict({ checked, purged, root, heads, trust, keys, rows, failure });
}

function checkRecord(
  row: LedgerRow,
  loaded: LoadedRecord | { state: 'self' },
): Failure | undefined {
  if (loaded.state === 'missing') {
    return new Failure(
      'missing',
      row.seq,
      `${row.kind} ${row.subject_id}: the record is gone from the store`,
      row,
    );
  }
  if (loaded.state === 'unledgered_purge') {
    return new Failure(
      'tampered',
      row.seq,
      `${row.kind} ${row.subject_id}: marked purged, but no purge was ledgered`,
      row,
    );
  }
  if (loaded.state === 'present' && canonicalDigest(loaded.record).toString('hex') !== row.digest) {
    return new Failure(
      'tampered',
      row.seq,
      `${row.kind} ${row.subject_id}: the record does not match its ledger digest`,
      row,
    );
  }
  return undefined;
}

/**
 * The chain broke at `row`. Leaves do not commit to their position, so if the row is intact
 * but sits in the wrong place, its stored chain value still follows from some other entry's
 * chain value: the ledger was reordered. Otherwise the entry itself was edited. Runs only
 * on failure, so one O(n) pass is acceptable.
 */
function chainFailure(r: Reader, row: LedgerRow, leaf: Buffer): Failure {
  const chains = r
    .prepare('SELECT chain FROM ledger ORDER BY seq')
    .pluck()
    .iterate() as IterableIterator<string>;
  let prev: Buffer = CHAIN_GENESIS;
  // for-of closes the iterator on return, freeing the connection for the caller.
  for (const chain of chains) {
    if (nextChain(prev, leaf).toString('hex') === row.chain) return reordered(row);
    prev = Buffer.from(chain, 'hex');
  }
  if (nextChain(prev, leaf).toString('hex') === row.chain) return reordered(row);
  return new Failure(
    'tampered',
    row.seq,
    `ledger entry ${row.seq} (${row.kind} ${row.subject_id}) was altered`,
    row,
  );
}

function reordered(row: LedgerRow): Failure {
  return new Failure(
    'reordered',
    row.seq,
    `ledger entry ${row.seq} (${row.kind} ${row.subject_id}) is out of order`,
    row,
  );
}
