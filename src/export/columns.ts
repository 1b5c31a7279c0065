/**
 * The export schema: per kind, its columns (name, type, nullability) and the SQL that
 * streams its rows in a stable order. One schema for every format (docs/export.md):
 * NDJSON members, CSV header columns and parquet columns carry the same names.
 */
export const EXPORT_KINDS = ['traces', 'events', 'findings'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

/**
 * string: UTF-8 text; json: text holding JSON (an object in NDJSON, a string elsewhere);
 * timestamp: ISO 8601 UTC text in the store, TIMESTAMP (ms, UTC) in parquet.
 */
export type ColumnType = 'string' | 'json' | 'timestamp' | 'int32' | 'int64' | 'double' | 'boolean';

export interface Column {
  name: string;
  type: ColumnType;
  nullable: boolean;
  /** Long free text: written PLAIN in parquet (no dictionary attempt). */
  long?: boolean;
}

export interface KindSpec {
  kind: ExportKind;
  columns: Column[];
  /** Parameterised by @since / @until (null = unbounded). */
  sql: string;
}

const col = (name: string, type: ColumnType, nullable = false, long = false): Column => ({
  name,
  type,
  nullable,
  ...(long ? { long } : {}),
});

const window = (column: string): string =>
  `(@since IS NULL OR ${column} >= @since) AND (@until IS NULL OR ${column} <= @until)`;

export const KIND_SPECS: Record<ExportKind, KindSpec> = {
  traces: {
    kind: 'traces',
    columns: [
      col('trace_id', 'string'),
      col('session_id', 'string'),
      col('agent', 'string'),
      col('framework', 'string', true),
      col('source', 'string'),
      col('status', 'string'),
      col('first_event_at', 'timestamp', true),
      col('last_event_at', 'timestamp', true),
      col('event_count', 'int32'),
      col('attributes', 'json', false, true),
      col('ingested_at', 'timestamp'),
    ],
    // A trace is in the window when its events overlap it (as `traces list`).
    sql: `SELECT trace_id, session_id, agent, framework, source, status, first_event_at, last_event_at,
        event_count, attributes, ingested_at
      FROM traces
      WHERE (@since IS NULL OR last_event_at >= @since) AND (@until IS NULL OR first_event_at <= @until)
      ORDER BY id`,
  },
  events: {
    kind: 'events',
    columns: [
      col('event_id', 'string'),
      col('trace_id', 'string', true),
      col('session_id', 'string', true),
      col('position', 'int32'),
      col('agent', 'string'),
      col('type', 'string'),
      col('model', 'string', true),
      col('prompt', 'string', true, true),
      col('completion', 'string', true, true),
      col('tokens_prompt', 'int64', true),
      col('tokens_completion', 'int64', true),
      col('timestamp', 'timestamp'),
      col('attributes', 'json', false, true),
      col('ingested_at', 'timestamp'),
      col('purged', 'boolean'),
      col('source_id', 'string', true),
    ],
    sql: `SELECT e.event_id, t.trace_id, t.session_id, e.position, e.agent, e.type, e.model, e.prompt,
        e.completion, e.tokens_prompt, e.tokens_completion, e.timestamp, e.attributes, e.ingested_at,
        e.purged_at IS NOT NULL AS purged, e.source_id
      FROM events e LEFT JOIN traces t ON t.id = e.trace_ref
      WHERE ${window('e.timestamp')}
      ORDER BY e.id`,
  },
  findings: {
    kind: 'findings',
    columns: [
      col('finding_id', 'string'),
      col('trace_id', 'string', true),
      col('event_id', 'string', true),
      col('agent', 'string'),
      col('type', 'string'),
      col('category', 'string'),
      col('severity', 'string'),
      col('status', 'string'),
      col('detector', 'string'),
      col('score', 'double'),
      col('field', 'string'),
      col('start', 'int32'),
      col('end', 'int32'),
      col('match_masked', 'string'),
      col('excerpt', 'string', false, true),
      col('fingerprint', 'string'),
      col('controls', 'json'),
      col('event_timestamp', 'timestamp', true),
      col('created_at', 'timestamp'),
      col('updated_at', 'timestamp'),
    ],
    // A finding's effective time is its event's time (ingest may be late), else its creation.
    sql: `SELECT f.finding_id, t.trace_id, e.event_id, f.agent, f.type, f.category, f.severity, f.status,
        f.detector, f.score, f.field, f.start, f."end", f.match_masked, f.excerpt, f.fingerprint,
        f.controls, e.timestamp AS event_timestamp, f.created_at, f.updated_at
      FROM findings f LEFT JOIN traces t ON t.id = f.trace_ref LEFT JOIN events e ON e.id = f.event_ref
      WHERE ${window('COALESCE(e.timestamp, f.created_at)')}
      ORDER BY f.id`,
  },
};
