/**
 * Retention's queries (the SQL stays in store/, DESIGN.md "Scaling out"): which records a
 * window lets go, what a dry run would purge, and the facts `retention status` shows. The
 * purge itself is purge.ts's one path, which re-checks legal holds inside its transaction.
 */
import { HELD_EVENT_SQL, type PurgeTarget } from './purge.js';
import type { Reader, Transactor } from './store.js';

/** A record's age is its event's timestamp; an event of a trace takes the trace's last event. */
const EXPIRED = `e.purged_at IS NULL AND COALESCE(t.last_event_at, e.timestamp) < @cutoff`;

/**
 * The next batch of expired, unpurged events after row id `after` (keyset order, so a run
 * over a million rows reads each once), with their findings. Held events are returned too:
 * purge.ts drops them, and the caller counts what it dropped.
 */
export function selectExpired(
  r: Reader,
  cutoff: string,
  after: number,
  limit: number,
): { events: PurgeTarget[]; findings: PurgeTarget[]; last: number | null } {
  const events = r
    .prepare(
      `SELECT e.id, l.seq FROM events e LEFT JOIN traces t ON t.id = e.trace_ref
       JOIN ledger l ON l.subject_id = e.event_id AND l.kind = 'event.ingested'
       WHERE e.id > @after AND ${EXPIRED} ORDER BY e.id LIMIT @limit`,
    )
    .all({ cutoff, after, limit }) as PurgeTarget[];
  if (events.length === 0) return { events, findings: [], last: null };
  const findings = r
    .prepare(
      `SELECT f.id, l.seq FROM json_each(?) j JOIN findings f ON f.event_ref = j.value
       JOIN ledger l ON l.subject_id = f.finding_id AND l.kind = 'finding.created'
       WHERE f.purged_at IS NULL`,
    )
    .all(JSON.stringify(events.map((e) => e.id))) as PurgeTarget[];
  return { events, findings, last: events[events.length - 1]!.id };
}

export interface ExpiredCounts {
  events: number;
  traces: number;
  findings: number;
  /** Expired events a legal hold keeps. */
  held: number;
  oldest: string | null;
}

/** What a purge at `cutoff` would take (a dry run), holds applied. */
export function countExpired(r: Reader, cutoff: string): ExpiredCounts {
  const row = r
    .prepare(
      `SELECT COUNT(*) AS total, COALESCE(SUM(held), 0) AS held,
         COUNT(DISTINCT CASE WHEN held = 0 THEN trace_ref END) AS traces,
         MIN(CASE WHEN held = 0 THEN timestamp END) AS oldest
       FROM (SELECT e.trace_ref, e.timestamp, ${HELD_EVENT_SQL} AS held
             FROM events e LEFT JOIN traces t ON t.id = e.trace_ref WHERE ${EXPIRED})`,
    )
    .get({ cutoff }) as { total: number; held: number; traces: number; oldest: string | null };
  const findings = r
    .prepare(
      `SELECT COUNT(*) FROM findings f JOIN events e ON e.id = f.event_ref
       LEFT JOIN traces t ON t.id = e.trace_ref
       WHERE f.purged_at IS NULL AND ${EXPIRED} AND NOT ${HELD_EVENT_SQL}`,
    )
    .pluck()
    .get({ cutoff }) as number;
  return {
    events: row.total - row.held,
    traces: row.traces,
    findings,
    held: row.held,
    oldest: row.oldest,
  };
}

export interface RetentionFacts {
  oldest_record_at: string | null;
  legal_holds: number;
  records_purged: number;
  last_run_at: string | null;
}

export function retentionFacts(r: Reader): RetentionFacts {
  return r
    .prepare(
      `SELECT
         (SELECT MIN(timestamp) FROM events WHERE purged_at IS NULL) AS oldest_record_at,
         (SELECT COUNT(*) FROM legal_holds WHERE released_at IS NULL) AS legal_holds,
         (SELECT COUNT(*) FROM events WHERE purged_at IS NOT NULL)
           + (SELECT COUNT(*) FROM findings WHERE purged_at IS NOT NULL) AS records_purged,
         (SELECT value FROM meta WHERE key = 'retention_last_run') AS last_run_at`,
    )
    .get() as RetentionFacts;
}

/**
 * When retention last ran (status shows the next run from it). Operational, not evidence:
 * what a run purged is ledgered by its batches.
 */
export function markRetentionRun(tx: Transactor): void {
  tx.prepare(
    `INSERT INTO meta (key, value) VALUES ('retention_last_run', ?)
     ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
  ).run(tx.now());
}
