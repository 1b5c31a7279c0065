/**
 * Which records a pack includes. A window pack takes the traces that overlap
 * [since, until] (as `traces list`), all their events, findings and finding status
 * changes, plus events without a trace (audit events) timestamped in the window and
 * findings attached to neither. A session pack takes one trace (and may add a window).
 *
 * The selection is computed once, as ordered lists of row ids; every later query joins
 * `json_each(@ids)` (a JSON array bound as one parameter) to the table by primary key, in
 * list order, so nothing is rescanned and nothing is sorted twice.
 */
import { NotFoundError } from '../errors.js';
import type { Reader } from '../store/store.js';

export interface PackFilter {
  /** ISO 8601 UTC bounds, null = unbounded. */
  since: string | null;
  until: string | null;
  /** A trace_id or session_id. */
  session: string | null;
}

/**
 * The internal row ids of every included record, per ledger kind, in pack order. Typed
 * arrays: a pack may select millions of rows, at 8 bytes each (a Set or an array of
 * objects costs several times that).
 */
export interface IncludedRefs {
  traces: Float64Array;
  events: Float64Array;
  findings: Float64Array;
  findingUpdates: Float64Array;
  purgedEvents: number;
}

export type RefKind = Exclude<keyof IncludedRefs, 'purgedEvents'>;

/** `json_each(@ids)` parameters for the later queries. */
export function idParams(refs: IncludedRefs): Record<RefKind, string> {
  const json = (ids: Float64Array): string => `[${ids.join(',')}]`;
  return {
    traces: json(refs.traces),
    events: json(refs.events),
    findings: json(refs.findings),
    findingUpdates: json(refs.findingUpdates),
  };
}

/** The ids sorted ascending, each once. */
function sortedUnique(ids: number[]): Float64Array {
  const sorted = Float64Array.from(ids).sort();
  let n = 0;
  for (let i = 0; i < sorted.length; i++) {
    if (i === 0 || sorted[i] !== sorted[n - 1]) sorted[n++] = sorted[i]!;
  }
  return sorted.subarray(0, n);
}

/** Rows of `table` (aliased `alias`) whose id is in the JSON array @name, in array order. */
export function byIds(table: string, alias: string, name: RefKind): string {
  return `json_each(@${name}) AS sel JOIN ${table} ${alias} ON ${alias}.id = sel.value`;
}

export function includedRefs(r: Reader, filter: PackFilter): IncludedRefs {
  const window = filter.session === null;
  const conds: string[] = [];
  if (filter.session !== null) conds.push('(trace_id = @session OR session_id = @session)');
  if (filter.since !== null) conds.push('last_event_at >= @since');
  if (filter.until !== null) conds.push('first_event_at <= @until');
  const p = { session: filter.session, since: filter.since, until: filter.until };
  const ids = (sql: string, params: object = p): number[] =>
    r.prepare(sql).pluck().all(params) as number[];

  const traces = ids(
    `SELECT id FROM traces ${conds.length ? `WHERE ${conds.join(' AND ')}` : ''} ORDER BY first_event_at, id`,
  );
  const traceJson = JSON.stringify(traces);
  const inWindow = (col: string): string =>
    [
      filter.since !== null ? `${col} >= @since` : '',
      filter.until !== null ? `${col} <= @until` : '',
    ]
      .filter(Boolean)
      .map((c) => ` AND ${c}`)
      .join('');

  // [id, purged] rows, streamed: the purge count comes with the selection, in one pass.
  let purged = 0;
  const eventIds: number[] = [];
  const addEvents = (sql: string, params: object): number[] => {
    const added: number[] = [];
    for (const [id, isPurged] of r.prepare(sql).raw(true).iterate(params) as IterableIterator<
      [number, number]
    >) {
      eventIds.push(id);
      added.push(id);
      purged += isPurged;
    }
    return added;
  };
  addEvents(
    'SELECT e.id, e.purged_at IS NOT NULL FROM json_each(@t) AS sel JOIN events e ON e.trace_ref = sel.value',
    { t: traceJson },
  );
  const standalone = window
    ? addEvents(
        `SELECT id, purged_at IS NOT NULL FROM events WHERE trace_ref IS NULL${inWindow('timestamp')}`,
        p,
      )
    : [];
  const eventList = sortedUnique(eventIds);
  eventIds.length = 0;

  const findingIds = ids(
    'SELECT f.id FROM json_each(@t) AS sel JOIN findings f ON f.trace_ref = sel.value',
    { t: traceJson },
  );
  if (standalone.length) {
    const sql = 'SELECT f.id FROM json_each(@e) AS sel JOIN findings f ON f.event_ref = sel.value';
    for (const id of ids(sql, { e: JSON.stringify(standalone) })) findingIds.push(id);
  }
  if (window) {
    const sql = `SELECT id FROM findings WHERE trace_ref IS NULL AND event_ref IS NULL${inWindow('created_at')}`;
    for (const id of ids(sql)) findingIds.push(id);
  }
  const findingList = sortedUnique(findingIds);
  const updates = ids(
    'SELECT h.id FROM json_each(@f) AS sel JOIN finding_history h ON h.finding_ref = sel.value ORDER BY h.id',
    { f: `[${findingList.join(',')}]` },
  );
  return {
    traces: Float64Array.from(traces),
    events: eventList,
    findings: findingList,
    findingUpdates: Float64Array.from(updates),
    purgedEvents: purged,
  };
}

/** A --session that names no trace is a typo more often than an empty pack: not found. */
export function assertSessionExists(r: Reader, session: string | null): void {
  if (session === null) return;
  const row = r
    .prepare('SELECT 1 FROM traces WHERE trace_id = ? OR session_id = ? LIMIT 1')
    .get(session, session);
  if (!row) {
    throw new NotFoundError(`trace ${session} not found (give a trace_id or a session_id)`, {
      session,
    });
  }
}
