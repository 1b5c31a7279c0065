import { NotFoundError } from '../errors.js';
import { listTraceFindings, type FindingSummary } from './findings.js';
import { whereClause } from './where.js';
import type { Reader } from './store.js';

export interface TraceFilter {
  session?: string;
  agent?: string;
  framework?: string;
  /** Only traces holding at least one event of this type. */
  type?: string;
  /**
   * Text search: traces whose trace_id, session_id or agent contains it, or one of whose
   * events holds it in its prompt or completion (case-insensitive for ASCII).
   */
  search?: string;
  /** ISO 8601 UTC bounds on the trace's first event time. */
  since?: string;
  until?: string;
  limit: number;
  offset: number;
}

export interface TraceSummary {
  trace_id: string;
  session_id: string;
  agent: string;
  framework: string | null;
  source: string;
  status: string;
  event_count: number;
  first_event_at: string | null;
  last_event_at: string | null;
  ingested_at: string;
}

export interface TraceList {
  traces: TraceSummary[];
  total: number;
  page: number;
  page_size: number;
  offset: number;
}

const SUMMARY_COLUMNS = `trace_id, session_id, agent, framework, source, status, event_count,
  first_event_at, last_event_at, ingested_at`;

/**
 * A LIKE over the text of the events of the traces the other filters leave: no index helps
 * a substring match, so its cost grows with those events (docs/dashboard.md says how to
 * keep it small: a time window or an agent). Purged events hold no text and never match.
 */
const SEARCH_CLAUSE = `(trace_id LIKE @search ESCAPE '\\' OR session_id LIKE @search ESCAPE '\\'
  OR agent LIKE @search ESCAPE '\\' OR EXISTS (SELECT 1 FROM events e WHERE e.trace_ref = traces.id
  AND (e.prompt LIKE @search ESCAPE '\\' OR e.completion LIKE @search ESCAPE '\\')))`;

/** The text as a LIKE pattern matching it anywhere, its own % and _ taken literally. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Filters as parameterised SQL; every value is bound, never interpolated. */
function where(f: TraceFilter): { sql: string; params: Record<string, string> } {
  return whereClause([
    ['session_id = @session', 'session', f.session],
    ['agent = @agent', 'agent', f.agent],
    ['framework = @framework', 'framework', f.framework],
    [
      'EXISTS (SELECT 1 FROM events e WHERE e.trace_ref = traces.id AND e.type = @type)',
      'type',
      f.type,
    ],
    ['last_event_at >= @since', 'since', f.since],
    ['first_event_at <= @until', 'until', f.until],
    // Last, so that SQLite tries the cheap filters before reading any event's text.
    [SEARCH_CLAUSE, 'search', f.search === undefined ? undefined : likePattern(f.search)],
  ]);
}

/** Newest first. `page` is derived from limit/offset so REST and CLI answer alike. */
export function listTraces(r: Reader, f: TraceFilter): TraceList {
  const { sql, params } = where(f);
  const traces = r
    .prepare(
      `SELECT ${SUMMARY_COLUMNS} FROM traces ${sql} ORDER BY first_event_at DESC, id DESC LIMIT @limit OFFSET @offset`,
    )
    .all({ ...params, limit: f.limit, offset: f.offset }) as TraceSummary[];
  const { total } = r.prepare(`SELECT COUNT(*) AS total FROM traces ${sql}`).get(params) as {
    total: number;
  };
  return {
    traces,
    total,
    page: Math.floor(f.offset / f.limit) + 1,
    page_size: f.limit,
    offset: f.offset,
  };
}

export interface StoredEvent {
  event_id: string;
  position: number;
  type: string;
  model: string | null;
  prompt: string | null;
  completion: string | null;
  tokens_prompt: number | null;
  tokens_completion: number | null;
  timestamp: string;
  attributes: Record<string, unknown>;
  purged: boolean;
  source_id: string | null;
}

export interface TraceDetail extends TraceSummary {
  attributes: Record<string, unknown>;
  events: StoredEvent[];
  /** As `findings list` and `GET /findings` give them. */
  findings: FindingSummary[];
}

/** The trace's fixed part, for an append (accepts a trace_id or a session_id). */
export function getTraceHead(
  r: Reader,
  id: string,
): { trace_id: string; session_id: string; agent: string; framework: string | null } {
  const row = r
    .prepare(
      'SELECT trace_id, session_id, agent, framework FROM traces WHERE trace_id = ? OR session_id = ? LIMIT 1',
    )
    .get(id, id) as
    { trace_id: string; session_id: string; agent: string; framework: string | null } | undefined;
  if (!row)
    throw new NotFoundError(`trace ${id} not found (give a trace_id or a session_id)`, { id });
  return row;
}

/** Accepts a trace_id or a session_id (DESIGN.md). */
export function getTrace(r: Reader, id: string): TraceDetail {
  const row = r
    .prepare(
      `SELECT id, ${SUMMARY_COLUMNS}, attributes FROM traces WHERE trace_id = ? OR session_id = ? LIMIT 1`,
    )
    .get(id, id) as (TraceSummary & { id: number; attributes: string }) | undefined;
  if (!row)
    throw new NotFoundError(`trace ${id} not found (give a trace_id or a session_id)`, { id });
  const events = (
    r.prepare('SELECT * FROM events WHERE trace_ref = ? ORDER BY position').all(row.id) as Array<
      Omit<StoredEvent, 'attributes' | 'purged'> & {
        attributes: string;
        purged_at: string | null;
      }
    >
  ).map((e) => ({
    event_id: e.event_id,
    position: e.position,
    type: e.type,
    model: e.model,
    prompt: e.prompt,
    completion: e.completion,
    tokens_prompt: e.tokens_prompt,
    tokens_completion: e.tokens_completion,
    timestamp: e.timestamp,
    attributes: JSON.parse(e.attributes) as Record<string, unknown>,
    purged: e.purged_at !== null,
    source_id: e.source_id,
  }));
  const { id: _ref, attributes, ...summary } = row;
  return {
    ...summary,
    attributes: JSON.parse(attributes) as Record<string, unknown>,
    events,
    findings: listTraceFindings(r, row.id),
  };
}
