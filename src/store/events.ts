import { NotFoundError } from '../errors.js';
import { whereClause } from './where.js';
import type { Reader } from './store.js';

/** Filters of `GET /api/v1/events` (seed 002): every event, in a trace or not. */
export interface EventFilter {
  agent?: string;
  type?: string;
  /** trace_id or session_id. */
  trace?: string;
  /** ISO 8601 UTC bounds on the event's timestamp. */
  since?: string;
  until?: string;
  limit: number;
  offset: number;
}

export interface EventSummary {
  event_id: string;
  trace_id: string | null;
  session_id: string | null;
  position: number;
  agent: string;
  type: string;
  model: string | null;
  prompt: string | null;
  completion: string | null;
  tokens_prompt: number | null;
  tokens_completion: number | null;
  timestamp: string;
  attributes: Record<string, unknown>;
  ingested_at: string;
  purged: boolean;
  /** The source it came from (issue 12), null for CLI and REST intake. */
  source_id: string | null;
}

export interface EventList {
  events: EventSummary[];
  total: number;
  page: number;
  page_size: number;
  offset: number;
}

const SELECT = `SELECT e.event_id, t.trace_id, t.session_id, e.position, e.agent, e.type, e.model,
  e.prompt, e.completion, e.tokens_prompt, e.tokens_completion, e.timestamp, e.attributes,
  e.ingested_at, e.purged_at, e.source_id FROM events e LEFT JOIN traces t ON t.id = e.trace_ref`;

type Row = Omit<EventSummary, 'attributes' | 'purged'> & {
  attributes: string;
  purged_at: string | null;
};

const toSummary = ({ attributes, purged_at, ...row }: Row): EventSummary => ({
  ...row,
  attributes: JSON.parse(attributes) as Record<string, unknown>,
  purged: purged_at !== null,
});

/** Filters as parameterised SQL; every value is bound, never interpolated. */
function where(f: EventFilter): { sql: string; params: Record<string, string> } {
  return whereClause([
    ['e.agent = @agent', 'agent', f.agent],
    ['e.type = @type', 'type', f.type],
    [
      'e.trace_ref = (SELECT id FROM traces WHERE trace_id = @trace OR session_id = @trace LIMIT 1)',
      'trace',
      f.trace,
    ],
    ['e.timestamp >= @since', 'since', f.since],
    ['e.timestamp <= @until', 'until', f.until],
  ]);
}

/** Newest first (by event timestamp). */
export function listEvents(r: Reader, f: EventFilter): EventList {
  const { sql, params } = where(f);
  const rows = r
    .prepare(`${SELECT} ${sql} ORDER BY e.timestamp DESC, e.id DESC LIMIT @limit OFFSET @offset`)
    .all({ ...params, limit: f.limit, offset: f.offset }) as Row[];
  const { total } = r.prepare(`SELECT COUNT(*) AS total FROM events e ${sql}`).get(params) as {
    total: number;
  };
  return {
    events: rows.map(toSummary),
    total,
    page: Math.floor(f.offset / f.limit) + 1,
    page_size: f.limit,
    offset: f.offset,
  };
}

export function getEvent(r: Reader, id: string): EventSummary {
  const row = r.prepare(`${SELECT} WHERE e.event_id = ?`).get(id) as Row | undefined;
  if (!row) throw new NotFoundError(`event ${id} not found`, { id });
  return toSummary(row);
}
