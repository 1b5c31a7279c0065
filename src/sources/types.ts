/**
 * Sources: where live evidence comes from (issue 12, docs/sources.md). One module per kind
 * (`otel/`, `webhook`, `logfile/`, `gateway/`) turns what it receives into sessions of
 * events and hands them to the ONE ingest pipeline (`appendSessions`, src/ingest/append.ts);
 * none writes to the store itself. Receivers are routes in `src/server/routes/` (`sources/`,
 * `gateway/`, and OTLP's `/v1/traces`);
 * log tailers are workers started by `evid serve`.
 */

export const SOURCE_TYPES = ['otel', 'webhook', 'logfile', 'gateway'] as const;
export type SourceType = (typeof SOURCE_TYPES)[number];

/** never: nothing received yet; receiving: an event within IDLE_AFTER_MS; idle; error. */
export type SourceStatus = 'never' | 'receiving' | 'idle' | 'error';

/** A source is idle once nothing has arrived for this long. */
export const IDLE_AFTER_MS = 5 * 60_000;

export interface Source {
  source_id: string;
  type: SourceType;
  name: string;
  /** otel/webhook: a free label; logfile: the path or glob; gateway: the upstream base URL. */
  endpoint: string | null;
  /** Type options (logfile format, gateway fail_closed / timeout_ms, ...). */
  options: Record<string, unknown>;
  /** The ingest token (an API key bound to this source), when the type needs one. */
  key_id: string | null;
  status: SourceStatus;
  last_event_at: string | null;
  event_count: number;
  error_count: number;
  /** Received but not evidence (OTLP spans with no AI attributes), counted and dropped. */
  skipped_count: number;
  last_error: string | null;
  created_at: string;
  created_by: string;
}
