import type { Transactor } from './store.js';

/**
 * Retention's one write (DESIGN.md: "retention purges content, never leaves"): an event's
 * prompt and completion are dropped and the event is marked purged, and the purge itself is
 * ledgered (`record.purged`, committing to the subject and the time). The event's ledger
 * entry stays, so `audit verify` and packs report the record as purged, never as tampered;
 * a purge mark without that entry is tampering. Returns false when no such event exists or
 * it is already purged.
 */
export function purgeEventContent(tx: Transactor, eventId: string): boolean {
  const at = tx.now();
  const changed = tx
    .prepare(
      'UPDATE events SET prompt = NULL, completion = NULL, purged_at = ? WHERE event_id = ? AND purged_at IS NULL',
    )
    .run(at, eventId).changes;
  if (changed === 0) return false;
  tx.ledger.append('record.purged', eventId, null, { subject_id: eventId, at });
  return true;
}
