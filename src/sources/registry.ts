import { ForbiddenError, NotFoundError } from '../errors.js';
import type { Principal } from '../auth/principal.js';
import type { Reader, Store, Transactor } from '../store/store.js';
import { IDLE_AFTER_MS, type Source, type SourceStatus, type SourceType } from './types.js';

interface SourceRow {
  source_id: string;
  type: SourceType;
  name: string;
  endpoint: string | null;
  options: string;
  key_id: string | null;
  status: string;
  last_event_at: string | null;
  event_count: number;
  error_count: number;
  skipped_count: number;
  last_error: string | null;
  last_error_at: string | null;
  created_at: string;
  created_by: string;
  removed_at: string | null;
}

const COLUMNS = `source_id, type, name, endpoint, options, key_id, status, last_event_at,
  event_count, error_count, skipped_count, last_error, last_error_at, created_at, created_by, removed_at`;

/**
 * `status` as people read it: `error` when the last thing that happened was an error,
 * `receiving` while events keep coming, `idle` once they stopped, `never` before the first.
 */
function statusOf(row: SourceRow, now: number): SourceStatus {
  const lastEvent = row.last_event_at ? Date.parse(row.last_event_at) : undefined;
  const lastError = row.last_error_at ? Date.parse(row.last_error_at) : undefined;
  if (lastError !== undefined && (lastEvent === undefined || lastError >= lastEvent))
    return 'error';
  if (lastEvent === undefined) return 'never';
  return now - lastEvent <= IDLE_AFTER_MS ? 'receiving' : 'idle';
}

export function sourceOfRow(row: SourceRow, now = Date.now()): Source {
  return {
    source_id: row.source_id,
    type: row.type,
    name: row.name,
    endpoint: row.endpoint,
    options: JSON.parse(row.options) as Record<string, unknown>,
    key_id: row.key_id,
    status: statusOf(row, now),
    last_event_at: row.last_event_at,
    event_count: row.event_count,
    error_count: row.error_count,
    skipped_count: row.skipped_count,
    last_error: row.last_error,
    created_at: row.created_at,
    created_by: row.created_by,
  };
}

/** A source that exists and was not removed; NotFoundError (404, exit 3) otherwise. */
export function getSource(r: Reader, id: string): Source {
  const row = r.prepare(`SELECT ${COLUMNS} FROM sources WHERE source_id = ?`).get(id) as
    SourceRow | undefined;
  if (!row || row.removed_at !== null) {
    throw new NotFoundError(
      `source ${id} not found${row ? ' (it was removed)' : ''}: see evid sources list`,
      { id },
    );
  }
  return sourceOfRow(row);
}

/** Every source not removed, oldest first. */
export function listSources(r: Reader): Source[] {
  const rows = r
    .prepare(`SELECT ${COLUMNS} FROM sources WHERE removed_at IS NULL ORDER BY id`)
    .all() as SourceRow[];
  const now = Date.now();
  return rows.map((row) => sourceOfRow(row, now));
}

/**
 * The source a receiver writes to for this caller. A source's own token may send only to
 * its source (403 elsewhere); any other credential with the ingest permission (checked by
 * the route) may send to any source. The source must be of the receiver's type.
 */
export function sourceForCaller(
  r: Reader,
  principal: Principal,
  id: string,
  type: SourceType,
): Source {
  if (principal.source !== undefined && principal.source !== id) {
    throw new ForbiddenError(`this token belongs to source ${principal.source}, not ${id}`, {
      source: principal.source,
    });
  }
  const source = getSource(r, id);
  if (source.type !== type) {
    throw new NotFoundError(`source ${id} is a ${source.type} source, not ${type}`, { id });
  }
  return source;
}

/**
 * Counts an error against a source (operational, not evidence: outside any digest) and
 * keeps its message for `sources list`. Never throws: an error report must not fail twice.
 */
export function recordSourceError(store: Store, id: string, message: string): void {
  try {
    store.transact((tx) => {
      tx.prepare(
        `UPDATE sources SET error_count = error_count + 1, last_error = ?, last_error_at = ?,
           status = 'error' WHERE source_id = ?`,
      ).run(message.slice(0, 500), tx.now(), id);
    });
  } catch {
    // The store itself is failing; the receiver's own answer already says so.
  }
}

/** Input received but not evidence (OTLP spans with no AI attribute): counted only. */
export function countSkipped(tx: Transactor, id: string, n: number): void {
  tx.prepare('UPDATE sources SET skipped_count = skipped_count + ? WHERE source_id = ?').run(n, id);
}
