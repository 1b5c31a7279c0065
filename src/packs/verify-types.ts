/** The shapes of a pack verification, shared by the loader, the checks and the verdict. */
import type { KeyObject } from 'node:crypto';
import { CheckFailed } from '../errors.js';
import type { LedgerEntry } from '../ledger/entry.js';

export type CheckName =
  | 'files'
  | 'key'
  | 'manifest_signature'
  | 'tree_head_signature'
  | 'inclusion_proofs'
  | 'records'
  | 'consistency'
  | 'store_records'
  | 'pack_record';

export interface PackCheck {
  check: CheckName;
  status: 'ok' | 'failed' | 'skipped';
  message: string;
}

export interface TrustRoot {
  source: 'store' | 'key' | 'fingerprint';
  fingerprint: string;
  /** Absent for a bare fingerprint: the pack's key is used only if it has that fingerprint. */
  publicKey?: KeyObject;
}

export interface PackVerdict {
  ok: boolean;
  pack: string;
  pack_id: string;
  created_at: string;
  trusted_key: { source: TrustRoot['source']; fingerprint: string };
  pack_key_fingerprint: string | null;
  /**
   * The pack's verify.mjs (its SHA-256, and whether it is byte-identical to the one this
   * installation ships). Informational: an older version's verifier differs legitimately,
   * but an auditor should not run a verifier taken from an untrusted pack without checking.
   */
  verifier: { sha256: string | null; same_as_installed: boolean };
  tree_head: { tree_size: number; root_hash: string; signed_at: string | null };
  store_tree_head: { tree_size: number; root_hash: string } | null;
  counts: { proofs: number; records: number; purged: number };
  checks: PackCheck[];
  reason: CheckName | null;
  message: string;
}

export interface ProofEntry extends LedgerEntry {
  leaf_index: number;
  inclusion_proof: string[];
}

/** A file that is not a pack at all: a plain error (exit 1), not a verdict. */
export function notAPack(source: string, why: string): CheckFailed {
  return new CheckFailed(`${source} is not an evidence pack: ${why}`);
}
