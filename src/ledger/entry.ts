import { canonicalize } from './jcs.js';
import { hashLeaf } from './hasher.js';

/**
 * A ledger entry: what one Merkle leaf commits to. The leaf data is the RFC 8785 canonical
 * JSON of every field but `seq`, so any verifier (this package, a pack's verify.mjs) that
 * can canonicalise JSON can recompute every leaf. `digest` is SHA-256 (hex) of the canonical
 * JSON of the subject record. `seq` starts at 1 and the leaf index is seq - 1; position is
 * bound by the chain and the tree, not by the leaf, so a moved entry keeps its leaf hash and
 * the verifier can tell "reordered" from "altered".
 */
export interface LedgerEntry {
  seq: number;
  kind: string;
  subject_id: string;
  digest: string;
  recorded_at: string;
  actor: string;
}

/** The leaf data as text: its UTF-8 encoding is entryLeafData(entry). */
export function entryLeafJson(entry: LedgerEntry): string {
  return canonicalize({
    actor: entry.actor,
    digest: entry.digest,
    kind: entry.kind,
    recorded_at: entry.recorded_at,
    subject_id: entry.subject_id,
  });
}

export function entryLeafData(entry: LedgerEntry): Buffer {
  return Buffer.from(entryLeafJson(entry));
}

export function entryLeafHash(entry: LedgerEntry): Buffer {
  return hashLeaf(entryLeafData(entry));
}
