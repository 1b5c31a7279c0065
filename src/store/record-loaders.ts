import {
  eventRecord,
  traceRecord,
  type EventRecordFields,
  type TraceRecordFields,
} from './records.js';
import type { Reader } from './store.js';

export type LoadedRecord =
  | { state: 'present'; record: Record<string, unknown> }
  | { state: 'missing' }
  | { state: 'purged' }
  | { state: 'unledgered_purge' };

type Loader = (r: Reader, ref: number | null, subjectId: string) => LoadedRecord;

/** A purge counts only if it was itself ledgered (kind `record.purged`, same subject). */
function purgeState(r: Reader, subjectId: string): LoadedRecord {
  const ledgered = r
    .prepare("SELECT 1 FROM ledger WHERE subject_id = ? AND kind = 'record.purged'")
    .get(subjectId);
  return ledgered ? { state: 'purged' } : { state: 'unledgered_purge' };
}

const LOADERS: Record<string, Loader> = {
  'trace.ingested': (r, ref) => {
    const row = r.prepare('SELECT * FROM traces WHERE id = ?').get(ref) as
      TraceRecordFields | undefined;
    return row ? { state: 'present', record: traceRecord(row) } : { state: 'missing' };
  },
  'event.ingested': (r, ref, subjectId) => {
    const row = r
      .prepare(
        'SELECT e.*, t.trace_id AS trace_id FROM events e LEFT JOIN traces t ON t.id = e.trace_ref WHERE e.id = ?',
      )
      .get(ref) as (EventRecordFields & { purged_at: string | null }) | undefined;
    if (!row) {
      const purged = purgeState(r, subjectId);
      return purged.state === 'purged' ? purged : { state: 'missing' };
    }
    if (row.purged_at !== null) return purgeState(r, subjectId);
    return { state: 'present', record: eventRecord(row) };
  },
};

/**
 * Rebuilds the record a ledger entry commits to. Kinds with no stored subject (records of
 * actions, such as `record.purged`) commit to their own content and have nothing to load.
 */
export function loadRecord(
  r: Reader,
  entry: { kind: string; subject_ref: number | null; subject_id: string },
): LoadedRecord | { state: 'self' } {
  const loader = LOADERS[entry.kind];
  return loader ? loader(r, entry.subject_ref, entry.subject_id) : { state: 'self' };
}
