/** The one shape of `audit verify`'s verdict, for the sequential verifier and the fast path. */
import type { TreeHeadRow } from './ledger-writer.js';
import type { Failure, VerifyReason } from './verify-failure.js';
import type { KeyCheck, KeySummary, LedgerTrust } from './verify-keys.js';

/** The structured verdict of `audit verify`: never a bare boolean (REFERENCE.md section 1). */
export interface LedgerVerdict {
  ok: boolean;
  entries_checked: number;
  tree_size: number;
  root_hash: string | null;
  /** The store's trust root: SHA-256 (hex) of its first ledger key's raw public key. */
  key_fingerprint: string | null;
  /** The key that signs the next tree head (differs from key_fingerprint after a rotation). */
  current_key_fingerprint: string | null;
  /** The key chain: the first key, then each rotation, with the seq of its ledger entry. */
  keys: KeySummary[];
  /** The fingerprint the caller pinned, if any (it matched, or the verdict says so). */
  pinned_fingerprint: string | null;
  signed_tree_head: {
    tree_size: number;
    root_hash: string;
    signed_at: string;
    key_fingerprint: string | null;
    checkpoint: string;
  } | null;
  /** Tree heads whose signature was checked (every stored head). */
  tree_heads_checked: number;
  /** Rows per ledgered table, each with its ledger entry (the records-to-ledger direction). */
  rows_checked: Record<string, number>;
  /** Entries whose record was purged by retention: reported, never counted as tampering. */
  purged: number;
  first_bad_seq: number | null;
  reason: VerifyReason | null;
  record: { seq: number; kind: string; subject_id: string } | null;
  /** A table row at fault: inserted outside the ledger, or edited where no digest covers it. */
  row: { table: string; id: string } | null;
  message: string;
  /**
   * How the entries were checked: null for the sequential verifier (which also gives every
   * failure verdict), else the parallel fast path's chunk count and worker threads (0 = the
   * calling thread only). Informational: the verdict is the same either way.
   */
  scan: { chunks: number; threads: number } | null;
}

/** The verdict's one shape, for this verifier and the parallel fast path. */
export function buildVerdict(v: {
  checked: number;
  purged: number;
  root: string | null;
  heads: TreeHeadRow[];
  trust: LedgerTrust;
  keys: KeyCheck;
  rows: Record<string, number>;
  failure: Failure | undefined;
  scan?: { chunks: number; threads: number };
}): LedgerVerdict {
  const { checked, purged, failure, keys } = v;
  const latest = v.heads[v.heads.length - 1];
  return {
    ok: !failure,
    entries_checked: checked,
    tree_size: checked,
    root_hash: failure ? null : v.root,
    key_fingerprint: keys.first,
    current_key_fingerprint: keys.current,
    keys: keys.keys,
    pinned_fingerprint: v.trust.pin?.fingerprint ?? null,
    signed_tree_head: latest
      ? {
          tree_size: latest.tree_size,
          root_hash: latest.root_hash,
          signed_at: latest.signed_at,
          key_fingerprint: keys.current,
          checkpoint: latest.checkpoint,
        }
      : null,
    tree_heads_checked: failure ? 0 : v.heads.length,
    rows_checked: v.rows,
    purged,
    first_bad_seq: failure?.seq ?? null,
    reason: failure?.reason ?? null,
    record: failure?.row
      ? { seq: failure.row.seq, kind: failure.row.kind, subject_id: failure.row.subject_id }
      : null,
    row: failure?.tableRow ?? null,
    message: failure
      ? failure.message
      : `ledger intact: ${checked} entries${purged ? ` (${purged} purged by retention)` : ''}, ${v.heads.length} signed tree heads, every ledgered row accounted for`,
    scan: v.scan ?? null,
  };
}
