import { NotFoundError, UsageError } from '../errors.js';
import { newFindingId } from '../ids.js';
import { enqueueLedgered } from '../outbox/enqueue.js';
import {
  findingRecord,
  findingUpdateRecord,
  type FindingDetection,
  type FindingRecordFields,
} from './records.js';
import { whereClause } from './where.js';
import type { Reader, Transactor } from './store.js';

export const FINDING_STATUSES = ['open', 'reviewing', 'remediated', 'closed'] as const;
export type FindingStatus = (typeof FINDING_STATUSES)[number];
export const SEVERITY_ORDER = ['low', 'medium', 'high', 'critical'] as const;

/** What the detectors hand over for one finding (raw values never reach the store). */
export interface NewFinding extends FindingDetection {
  controls: string[];
}

export interface FindingLinks {
  traceRef: number | null;
  traceId: string | null;
  eventRef: number | null;
  eventId: string | null;
  agent: string;
}

/**
 * Stores one finding, status `open`, and ledgers it in the caller's tx. Its history has no
 * row until the first review changes the status.
 */
export function insertFinding(tx: Transactor, links: FindingLinks, f: NewFinding): string {
  const now = tx.now();
  const fields: FindingRecordFields = {
    finding_id: newFindingId(),
    trace_id: links.traceId,
    event_id: links.eventId,
    agent: links.agent,
    type: f.type,
    category: f.category,
    severity: f.severity,
    detector: f.detector,
    score: f.score,
    field: f.field,
    start: f.start,
    end: f.end,
    match_masked: f.match_masked,
    excerpt: f.excerpt,
    fingerprint: f.fingerprint,
    controls: JSON.stringify(f.controls),
    created_at: now,
  };
  const { lastInsertRowid } = tx
    .prepare(
      `INSERT INTO findings (finding_id, trace_ref, event_ref, agent, type, category, severity, status,
         detector, score, field, start, end, match_masked, excerpt, fingerprint, controls, created_at, updated_at)
       VALUES (@finding_id, @trace_ref, @event_ref, @agent, @type, @category, @severity, 'open', @detector,
         @score, @field, @start, @end, @match_masked, @excerpt, @fingerprint, @controls, @created_at, @created_at)`,
    )
    .run({ ...fields, trace_ref: links.traceRef, event_ref: links.eventRef });
  const { seq } = tx.ledger.append(
    'finding.created',
    fields.finding_id,
    Number(lastInsertRowid),
    findingRecord(fields),
    now,
  );
  enqueueLedgered(tx, 'finding.created', seq); // SIEM targets, same transaction
  return fields.finding_id;
}

export interface FindingFilter {
  severity?: string;
  type?: string;
  status?: string;
  agent?: string;
  trace?: string;
  since?: string;
  until?: string;
  limit: number;
  offset: number;
}

export interface FindingSummary {
  id: string;
  trace_id: string | null;
  event_id: string | null;
  agent: string;
  type: string;
  category: string;
  severity: string;
  status: string;
  score: number;
  detector: string;
  excerpt: string;
  created_at: string;
  updated_at: string;
}

const SUMMARY = `f.finding_id AS id, t.trace_id AS trace_id, e.event_id AS event_id, f.agent, f.type,
  f.category, f.severity, f.status, f.score, f.detector, f.excerpt, f.created_at, f.updated_at`;
const FROM = `FROM findings f LEFT JOIN traces t ON t.id = f.trace_ref LEFT JOIN events e ON e.id = f.event_ref`;

/** A SUMMARY row as an array, in SUMMARY's column order. */
type SummaryRow = [
  string,
  string | null,
  string | null,
  string,
  string,
  string,
  string,
  string,
  number,
  string,
  string,
  string,
  string,
];

/**
 * The list reads rows as arrays and builds the objects here: better-sqlite3 makes each row
 * object through V8's generic property API, which took half the time of a page of 50.
 */
function toSummary(row: SummaryRow): FindingSummary {
  return {
    id: row[0],
    trace_id: row[1],
    event_id: row[2],
    agent: row[3],
    type: row[4],
    category: row[5],
    severity: row[6],
    status: row[7],
    score: row[8],
    detector: row[9],
    excerpt: row[10],
    created_at: row[11],
    updated_at: row[12],
  };
}

function where(f: FindingFilter): { sql: string; params: Record<string, string> } {
  return whereClause([
    ['f.severity = @severity', 'severity', f.severity],
    // --type matches a whole type (pii.email) or a category prefix (pii).
    ['(f.type = @type OR f.category = @type)', 'type', f.type],
    ['f.status = @status', 'status', f.status],
    ['f.agent = @agent', 'agent', f.agent],
    ['(t.trace_id = @trace OR t.session_id = @trace)', 'trace', f.trace],
    ['f.created_at >= @since', 'since', f.since],
    ['f.created_at <= @until', 'until', f.until],
  ]);
}

export function listFindings(r: Reader, f: FindingFilter) {
  const { sql, params } = where(f);
  const rows = r
    .prepare(
      `SELECT ${SUMMARY} ${FROM} ${sql} ORDER BY f.created_at DESC, f.id DESC LIMIT @limit OFFSET @offset`,
    )
    .raw(true)
    .all({ ...params, limit: f.limit, offset: f.offset }) as SummaryRow[];
  // The joins are only needed to filter by trace; counting findings alone stays an index scan.
  const countFrom = f.trace === undefined ? 'FROM findings f' : FROM;
  const { total } = r.prepare(`SELECT COUNT(*) AS total ${countFrom} ${sql}`).get(params) as {
    total: number;
  };
  return {
    findings: rows.map(toSummary),
    total,
    page: Math.floor(f.offset / f.limit) + 1,
    page_size: f.limit,
    offset: f.offset,
  };
}

/**
 * One trace's findings with the fields `findings list` gives, in event order (findings tied
 * to no event last). `traceRef` is the traces row id, so this is one index lookup.
 */
export function listTraceFindings(r: Reader, traceRef: number): FindingSummary[] {
  const rows = r
    .prepare(
      `SELECT ${SUMMARY} ${FROM} WHERE f.trace_ref = ? ORDER BY e.position IS NULL, e.position, f.id`,
    )
    .raw(true)
    .all(traceRef) as SummaryRow[];
  return rows.map(toSummary);
}

export interface FindingHistoryEntry {
  from_status: string | null;
  to_status: string;
  comment: string | null;
  actor: string;
  at: string;
}

export interface FindingDetail extends FindingSummary {
  field: string;
  start: number;
  end: number;
  match_masked: string;
  fingerprint: string;
  controls: string[];
  session_id: string | null;
  event: { type: string; timestamp: string; model: string | null } | null;
  history: FindingHistoryEntry[];
}

export function getFinding(r: Reader, id: string): FindingDetail {
  const row = r
    .prepare(
      `SELECT ${SUMMARY}, f.id AS ref, f.field, f.start, f.end, f.match_masked, f.fingerprint, f.controls,
         t.session_id AS session_id, e.type AS event_type, e.timestamp AS event_timestamp, e.model AS event_model
       ${FROM} WHERE f.finding_id = ?`,
    )
    .get(id) as
    | (FindingSummary & {
        ref: number;
        field: string;
        start: number;
        end: number;
        match_masked: string;
        fingerprint: string;
        controls: string;
        session_id: string | null;
        event_type: string | null;
        event_timestamp: string | null;
        event_model: string | null;
      })
    | undefined;
  if (!row) throw new NotFoundError(`finding ${id} not found`, { id });
  const history = r
    .prepare(
      'SELECT from_status, to_status, comment, actor, at FROM finding_history WHERE finding_ref = ? ORDER BY id',
    )
    .all(row.ref) as FindingHistoryEntry[];
  const { ref: _ref, event_type, event_timestamp, event_model, controls, ...rest } = row;
  return {
    ...rest,
    controls: JSON.parse(controls) as string[],
    event: event_type
      ? { type: event_type, timestamp: event_timestamp!, model: event_model }
      : null,
    history,
  };
}

/** Any status may move to any other (seed 001); every move is recorded and ledgered. */
export function updateFindingStatus(
  tx: Transactor,
  id: string,
  status: string,
  comment: string | undefined,
): void {
  if (!(FINDING_STATUSES as readonly string[]).includes(status)) {
    throw new UsageError(
      `--status: must be one of ${FINDING_STATUSES.join(', ')} (got "${status}")`,
    );
  }
  const row = tx.prepare('SELECT id, status FROM findings WHERE finding_id = ?').get(id) as
    { id: number; status: string } | undefined;
  if (!row) throw new NotFoundError(`finding ${id} not found`, { id });
  const at = tx.now();
  const entry = {
    finding_id: id,
    from_status: row.status,
    to_status: status,
    comment: comment ?? null,
    actor: tx.actor,
    at,
  };
  const { lastInsertRowid } = tx
    .prepare(
      'INSERT INTO finding_history (finding_ref, from_status, to_status, comment, actor, at) VALUES (?, ?, ?, ?, ?, ?)',
    )
    .run(row.id, entry.from_status, entry.to_status, entry.comment, entry.actor, at);
  tx.prepare('UPDATE findings SET status = ?, updated_at = ? WHERE id = ?').run(status, at, row.id);
  const { seq } = tx.ledger.append(
    'finding.updated',
    id,
    Number(lastInsertRowid),
    findingUpdateRecord(entry),
    at,
  );
  enqueueLedgered(tx, 'finding.updated', seq);
}

export interface FindingsBreakdown {
  total: number;
  by_severity: Record<string, number>;
  by_status: Record<string, number>;
}

export function findingsBreakdown(r: Reader): FindingsBreakdown {
  const rows = r
    .prepare('SELECT severity, status, COUNT(*) AS n FROM findings GROUP BY severity, status')
    .all() as Array<{
    severity: string;
    status: string;
    n: number;
  }>;
  const by_severity: Record<string, number> = Object.fromEntries(SEVERITY_ORDER.map((s) => [s, 0]));
  const by_status: Record<string, number> = Object.fromEntries(FINDING_STATUSES.map((s) => [s, 0]));
  let total = 0;
  for (const row of rows) {
    by_severity[row.severity] = (by_severity[row.severity] ?? 0) + row.n;
    by_status[row.status] = (by_status[row.status] ?? 0) + row.n;
    total += row.n;
  }
  return { total, by_severity, by_status };
}
