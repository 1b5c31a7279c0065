import type { KeyObject } from 'node:crypto';
import { CHAIN_GENESIS, nextChain } from '../ledger/chain.js';
import { entryLeafHash, type LedgerEntry } from '../ledger/entry.js';
import { Frontier } from '../ledger/frontier.js';
import { canonicalDigest } from '../ledger/jcs.js';
import { keyFingerprint, verifyCheckpoint } from '../ledger/tree-head.js';
import type { TreeHeadRow } from './ledger-writer.js';
import { loadRecord, type LoadedRecord } from './record-loaders.js';
import type { Reader } from './store.js';

export type VerifyReason =
  'tampered' | 'missing' | 'reordered' | 'truncated' | 'signature' | 'unsealed';

/** The structured verdict of `audit verify`: never a bare boolean (REFERENCE.md section 1). */
export interface LedgerVerdict {
  ok: boolean;
  entries_checked: number;
  tree_size: number;
  root_hash: string | null;
  signed_tree_head: {
    tree_size: number;
    root_hash: string;
    signed_at: string;
    key_fingerprint: string;
    checkpoint: string;
  } | null;
  /** Entries whose record was purged by retention: reported, never counted as tampering. */
  purged: number;
  first_bad_seq: number | null;
  reason: VerifyReason | null;
  record: { seq: number; kind: string; subject_id: string } | null;
  message: string;
}

interface LedgerRow extends LedgerEntry {
  subject_ref: number | null;
  chain: string;
}

class Failure {
  constructor(
    readonly reason: VerifyReason,
    readonly seq: number,
    readonly message: string,
    readonly row?: LedgerRow,
  ) {}
}

/**
 * Re-reads every ledger entry and the record behind it, recomputes record digests, leaf
 * hashes, the hash chain and the Merkle root, compares them with every stored tree head,
 * and checks the latest tree head's Ed25519 signature against `publicKey` (the store's key,
 * or one pinned by the caller). Assumes nothing stored is honest: the rows, the tree heads
 * and the checkpoints are all attacker-editable; only the public key is trusted.
 */
export function verifyLedger(r: Reader, publicKey: KeyObject, origin: string): LedgerVerdict {
  const heads = r.prepare('SELECT * FROM tree_heads ORDER BY tree_size').all() as TreeHeadRow[];
  const headAt = new Map(heads.map((h) => [h.tree_size, h]));
  const latest = heads[heads.length - 1];
  const frontier = Frontier.empty();
  let chain = CHAIN_GENESIS;
  let checked = 0;
  let purged = 0;
  let failure: Failure | undefined;

  const rows = r
    .prepare(
      'SELECT seq, kind, subject_id, subject_ref, digest, recorded_at, actor, chain FROM ledger ORDER BY seq',
    )
    .iterate() as IterableIterator<LedgerRow>;
  for (const row of rows) {
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
    const loaded = loadRecord(r, row);
    if (loaded.state === 'purged') purged++;
    else {
      const bad = checkRecord(row, loaded);
      if (bad) {
        failure = bad;
        break;
      }
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
  if (!failure && latest) failure = checkSignature(latest, publicKey, origin);

  // A root is only meaningful for a ledger that verified; a partial one would mislead.
  const root = failure ? null : frontier.root().toString('hex');
  return {
    ok: !failure,
    entries_checked: checked,
    tree_size: checked,
    root_hash: root,
    signed_tree_head: latest
      ? {
          tree_size: latest.tree_size,
          root_hash: latest.root_hash,
          signed_at: latest.signed_at,
          key_fingerprint: keyFingerprint(publicKey),
          checkpoint: latest.checkpoint,
        }
      : null,
    purged,
    first_bad_seq: failure?.seq ?? null,
    reason: failure?.reason ?? null,
    record: failure?.row
      ? { seq: failure.row.seq, kind: failure.row.kind, subject_id: failure.row.subject_id }
      : null,
    message: failure
      ? failure.message
      : `ledger intact: ${checked} entries${purged ? ` (${purged} purged by retention)` : ''}, chain and tree head verified`,
  };
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

function checkSignature(
  head: TreeHeadRow,
  publicKey: KeyObject,
  origin: string,
): Failure | undefined {
  try {
    const note = verifyCheckpoint(head.checkpoint, origin, publicKey);
    if (
      note.size !== head.tree_size ||
      note.root.toString('hex') !== head.root_hash ||
      note.origin !== origin
    ) {
      return new Failure(
        'signature',
        head.tree_size,
        'the signed checkpoint does not match the stored tree head',
      );
    }
  } catch (err) {
    return new Failure(
      'signature',
      head.tree_size,
      `tree head signature invalid: ${(err as Error).message}`,
    );
  }
  return undefined;
}
