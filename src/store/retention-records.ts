import { createHash } from 'node:crypto';

/**
 * The records retention's ledger entries commit to (docs/ledger.md): a policy version, a
 * legal hold and its release, a purge batch. Built the same way by the writer
 * (src/retention/) and the verifier (record-loaders.ts), like records.ts.
 */

/** One version of the retention policy (`retention.updated`). */
export interface RetentionPolicyFields {
  days: number;
  enforce: number;
  changed_at: string;
  changed_by: string;
}

export function retentionPolicyRecord(p: RetentionPolicyFields): Record<string, unknown> {
  return { days: p.days, enforce: p.enforce, changed_at: p.changed_at, changed_by: p.changed_by };
}

/** A legal hold as placed (`hold.added`): exactly one selector is set (or since and until). */
export interface HoldFields {
  hold_id: string;
  trace_id: string | null;
  session_id: string | null;
  agent: string | null;
  since: string | null;
  until: string | null;
  reason: string;
  case_ref: string | null;
  created_at: string;
  created_by: string;
}

export function holdRecord(h: HoldFields): Record<string, unknown> {
  return {
    hold_id: h.hold_id,
    trace_id: h.trace_id,
    session_id: h.session_id,
    agent: h.agent,
    since: h.since,
    until: h.until,
    reason: h.reason,
    case_ref: h.case_ref,
    created_at: h.created_at,
    created_by: h.created_by,
  };
}

/** A hold's release (`hold.released`). */
export interface HoldReleaseFields {
  hold_id: string;
  released_at: string;
  released_by: string;
  release_reason: string;
}

export function holdReleaseRecord(h: HoldReleaseFields): Record<string, unknown> {
  return {
    hold_id: h.hold_id,
    released_at: h.released_at,
    released_by: h.released_by,
    release_reason: h.release_reason,
  };
}

/**
 * A purge batch (`purge.batch`): which records lost their content and why. `seqs_sha256`
 * commits to the exact set: SHA-256 over the ledger seqs of the purged records' own entries
 * (`event.ingested`, `finding.created`), ascending, each as an 8-byte big-endian integer.
 */
export interface PurgeBatchFields {
  batch_id: string;
  reason: string;
  policy_days: number | null;
  cutoff: string | null;
  count: number;
  first_seq: number;
  last_seq: number;
  seqs_sha256: string;
  purged_at: string;
  actor: string;
}

export function purgeBatchRecord(b: PurgeBatchFields): Record<string, unknown> {
  return {
    batch_id: b.batch_id,
    reason: b.reason,
    policy_days: b.policy_days,
    cutoff: b.cutoff,
    count: b.count,
    first_seq: b.first_seq,
    last_seq: b.last_seq,
    seqs_sha256: b.seqs_sha256,
    purged_at: b.purged_at,
    actor: b.actor,
  };
}

/** The commitment of a purge batch to its seqs (ascending): see PurgeBatchFields. */
export function seqsDigest(seqs: readonly number[]): string {
  const buf = Buffer.allocUnsafe(seqs.length * 8);
  for (let i = 0; i < seqs.length; i++) buf.writeBigUInt64BE(BigInt(seqs[i]!), i * 8);
  return createHash('sha256').update(buf).digest('hex');
}
