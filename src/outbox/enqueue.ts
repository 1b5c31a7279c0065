/**
 * The one durable outbound queue (DESIGN.md "Where new capabilities live"): SIEM targets
 * today, alert webhooks later. A row is enqueued in the same transaction as the record it
 * reports, so a record is never committed without its row, nor a row without its record;
 * one drainer sends them in order per target (drain.ts), at least once, each with an event
 * id that is stable per (target, record), so a redelivery carries the same id.
 *
 * The intake hot path calls enqueueLedgered() once per event: with no target configured
 * that is one indexed query per transaction (cached on the transactor) and an empty loop.
 */
import { nodeCrypto } from '../lazy-crypto.js';
import { ALL_EVENTS_KIND, FORWARDED_KINDS } from '../store/records-siem.js';
import type { Transactor } from '../store/store.js';

interface ActiveTarget {
  target_id: string;
  events: 'findings' | 'all';
}

const targetsOf = new WeakMap<Transactor, ActiveTarget[]>();
const FORWARDED: ReadonlySet<string> = new Set(FORWARDED_KINDS);

function activeTargets(tx: Transactor): ActiveTarget[] {
  let targets = targetsOf.get(tx);
  if (!targets) {
    targets = tx
      // Alert channels (events 'alerts') get only the alerts queued for them.
      .prepare(
        "SELECT target_id, events FROM siem_targets WHERE removed_at IS NULL AND events != 'alerts' ORDER BY id",
      )
      .all() as ActiveTarget[];
    targetsOf.set(tx, targets);
  }
  return targets;
}

/** After a target is added or removed in this transaction: read them again. */
export function forgetTargets(tx: Transactor): void {
  targetsOf.delete(tx);
}

/** A UUID-shaped id that is the same every time for the same target and record. */
export function stableEventId(targetId: string, recordKey: string): string {
  const h = nodeCrypto().hash('sha256', `${targetId}\n${recordKey}`, 'hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

/**
 * Queues the ledger entry `seq` (of `kind`) for every target that forwards that kind.
 * Called right after `tx.ledger.append` by each writer of a forwarded kind.
 */
export function enqueueLedgered(tx: Transactor, kind: string, seq: number): void {
  const targets = activeTargets(tx);
  if (targets.length === 0) return;
  const forwarded = FORWARDED.has(kind);
  if (!forwarded && kind !== ALL_EVENTS_KIND) return;
  const insert = tx.prepare(
    'INSERT INTO outbox (target_id, event_id, ledger_seq, kind, created_at) VALUES (?, ?, ?, ?, ?)',
  );
  const now = tx.now();
  for (const t of targets) {
    if (!forwarded && t.events !== 'all') continue;
    insert.run(t.target_id, stableEventId(t.target_id, `ledger:${seq}`), seq, kind, now);
  }
}

/**
 * Queues a failed `audit verify` for every target. It has no ledger entry (verify only
 * reads), so the verdict travels as the row's payload; the same verdict queued twice while
 * the first is still waiting is queued once.
 */
export function enqueueVerifyFailure(tx: Transactor, verdict: Record<string, unknown>): number {
  const targets = activeTargets(tx);
  const key = `verify:${String(verdict.reason)}:${String(verdict.first_bad_seq)}:${String(verdict.message)}`;
  const payload = JSON.stringify(verdict);
  let queued = 0;
  for (const t of targets) {
    const eventId = stableEventId(t.target_id, key);
    const waiting = tx
      .prepare('SELECT 1 FROM outbox WHERE target_id = ? AND delivered_at IS NULL AND event_id = ?')
      .get(t.target_id, eventId);
    if (waiting) continue;
    tx.prepare(
      `INSERT INTO outbox (target_id, event_id, ledger_seq, kind, payload, created_at)
       VALUES (?, ?, NULL, 'verify.failed', ?, ?)`,
    ).run(t.target_id, eventId, payload, tx.now());
    queued++;
  }
  return queued;
}
