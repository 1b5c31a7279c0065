import { ulid } from '../ids.js';
import { purgeBatchRecord, seqsDigest, type PurgeBatchFields } from './retention-records.js';
import type { Reader, Transactor } from './store.js';

/**
 * The one purge path (DESIGN.md "Purge is not tampering"): content goes, rows, digests and
 * ledger entries stay, and every purge is itself ledgered. Legal holds are checked here, so
 * no caller (retention, `sources remove --purge`) can purge a held record.
 *
 * What a purge blanks: an event's prompt, completion and attributes; a finding's excerpt
 * and match_masked. `audit verify` then reports those records as purged, never as tampered,
 * but only when a purge entry covers them (record-loaders.ts, verify-purges.ts).
 */

/**
 * SQL condition (over `e` = events, `t` = its trace, maybe NULL) that a live legal hold
 * covers the event. A trace-level hold keeps the whole trace: by trace, session, agent, or a
 * time range that overlaps the trace's span (for an event without a trace, its timestamp).
 */
export const HELD_EVENT_SQL = `EXISTS (SELECT 1 FROM legal_holds h WHERE h.released_at IS NULL AND (
    (h.trace_id IS NOT NULL AND h.trace_id = t.trace_id)
    OR (h.session_id IS NOT NULL AND h.session_id = t.session_id)
    OR (h.agent IS NOT NULL AND (h.agent = e.agent OR h.agent = t.agent))
    OR (h.since IS NOT NULL AND COALESCE(t.last_event_at, e.timestamp) >= h.since
        AND COALESCE(t.first_event_at, e.timestamp) < h.until)))`;

/** Whether a live legal hold covers the event (by public id). */
export function isEventHeld(r: Reader, eventId: string): boolean {
  return (
    r
      .prepare(
        `SELECT 1 FROM events e LEFT JOIN traces t ON t.id = e.trace_ref
         WHERE e.event_id = ? AND ${HELD_EVENT_SQL}`,
      )
      .get(eventId) !== undefined
  );
}

/**
 * Purges one event (`sources remove --purge`), ledgered as `record.purged`, committing to
 * the subject and the time. Returns false when no such event exists, it is already purged,
 * or a legal hold covers it.
 */
export function purgeEventContent(tx: Transactor, eventId: string): boolean {
  if (isEventHeld(tx, eventId)) return false;
  const at = tx.now();
  const changed = tx
    .prepare(
      `UPDATE events SET prompt = NULL, completion = NULL, attributes = '{}', purged_at = ?
       WHERE event_id = ? AND purged_at IS NULL`,
    )
    .run(at, eventId).changes;
  if (changed === 0) return false;
  tx.ledger.append('record.purged', eventId, null, { subject_id: eventId, at });
  return true;
}

/** A record to purge: its row id and the seq of its own ledger entry. */
export interface PurgeTarget {
  id: number;
  seq: number;
}

export interface PurgeBatchInput {
  events: PurgeTarget[];
  findings: PurgeTarget[];
  /** Why, e.g. `retention`; recorded in the batch's entry. */
  reason: string;
  policyDays: number | null;
  cutoff: string | null;
}

/**
 * Purges a batch of events and findings in the caller's transaction and writes ONE ledger
 * entry (`purge.batch`) committing to the set (seqs_sha256), not one per record. Held events
 * are dropped from the batch here, whatever the caller selected, and so are findings of held
 * events. Returns the batch written and what it purged, or null when nothing was left.
 */
export function purgeBatch(
  tx: Transactor,
  input: PurgeBatchInput,
): { batch: PurgeBatchFields; events: number; findings: number } | null {
  const events = liveUnheld(tx, input.events);
  const findings = liveFindings(tx, input.findings);
  if (events.length === 0 && findings.length === 0) return null;
  const seqs = [...events, ...findings].map((x) => x.seq).sort((a, b) => a - b);
  const at = tx.now();
  const batch: PurgeBatchFields = {
    batch_id: `pb_${ulid()}`,
    reason: input.reason,
    policy_days: input.policyDays,
    cutoff: input.cutoff,
    count: seqs.length,
    first_seq: seqs[0]!,
    last_seq: seqs[seqs.length - 1]!,
    seqs_sha256: seqsDigest(seqs),
    purged_at: at,
    actor: tx.actor,
  };
  const { lastInsertRowid } = tx
    .prepare(
      `INSERT INTO purge_batches (batch_id, reason, policy_days, cutoff, count, first_seq,
         last_seq, seqs_sha256, purged_at, actor)
       VALUES (@batch_id, @reason, @policy_days, @cutoff, @count, @first_seq, @last_seq,
         @seqs_sha256, @purged_at, @actor)`,
    )
    .run(batch);
  const ref = Number(lastInsertRowid);
  const ids = (xs: PurgeTarget[]): string => JSON.stringify(xs.map((x) => x.id));
  tx.prepare(
    `UPDATE events SET prompt = NULL, completion = NULL, attributes = '{}', purged_at = ?,
       purge_ref = ? WHERE id IN (SELECT value FROM json_each(?))`,
  ).run(at, ref, ids(events));
  tx.prepare(
    `UPDATE findings SET excerpt = '', match_masked = '', purged_at = ?, purge_ref = ?
     WHERE id IN (SELECT value FROM json_each(?))`,
  ).run(at, ref, ids(findings));
  tx.ledger.append('purge.batch', batch.batch_id, ref, purgeBatchRecord(batch), at);
  return { batch, events: events.length, findings: findings.length };
}

/** The targets still unpurged and not under a hold, read inside the purge's transaction. */
function liveUnheld(tx: Transactor, targets: PurgeTarget[]): PurgeTarget[] {
  if (targets.length === 0) return [];
  const keep = new Set(
    tx
      .prepare(
        `SELECT e.id FROM json_each(?) j JOIN events e ON e.id = j.value
         LEFT JOIN traces t ON t.id = e.trace_ref
         WHERE e.purged_at IS NULL AND NOT ${HELD_EVENT_SQL}`,
      )
      .pluck()
      .all(JSON.stringify(targets.map((x) => x.id))) as number[],
  );
  return targets.filter((x) => keep.has(x.id));
}

/** Findings still unpurged whose event or trace is not under a hold. */
function liveFindings(tx: Transactor, targets: PurgeTarget[]): PurgeTarget[] {
  if (targets.length === 0) return [];
  const keep = new Set(
    tx
      .prepare(
        `SELECT f.id FROM json_each(?) j JOIN findings f ON f.id = j.value
         LEFT JOIN events e ON e.id = f.event_ref LEFT JOIN traces t ON t.id = f.trace_ref
         WHERE f.purged_at IS NULL AND NOT ${HELD_EVENT_SQL}`,
      )
      .pluck()
      .all(JSON.stringify(targets.map((x) => x.id))) as number[],
  );
  return targets.filter((x) => keep.has(x.id));
}
