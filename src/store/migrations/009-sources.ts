/**
 * Live collection (issue 12, docs/sources.md). A source is ledgered at creation
 * (`source.added`, the fixed columns) and at removal (`source.removed`); its counters and
 * status are operational and live outside any digest. An event records the source it came
 * from (`events.source_id`, in the event's digest when set). An ingest token bound to a
 * source is an API key with `api_keys.source_id` set (in the key's digest when set).
 * `source_offsets` is the log tailer's read position per file, written in the same
 * transaction as the events read up to it, so a restart resumes exactly there.
 */
export const up = `
CREATE TABLE sources (
  id            INTEGER PRIMARY KEY,
  source_id     TEXT NOT NULL UNIQUE,
  type          TEXT NOT NULL,
  name          TEXT NOT NULL,
  endpoint      TEXT,
  options       TEXT NOT NULL,
  key_id        TEXT,
  secret_hash   TEXT,
  created_at    TEXT NOT NULL,
  created_by    TEXT NOT NULL,
  removed_at    TEXT,
  removed_by    TEXT,
  purged        INTEGER NOT NULL DEFAULT 0,
  status        TEXT NOT NULL DEFAULT 'never',
  last_event_at TEXT,
  event_count   INTEGER NOT NULL DEFAULT 0,
  error_count   INTEGER NOT NULL DEFAULT 0,
  skipped_count INTEGER NOT NULL DEFAULT 0,
  last_error    TEXT,
  last_error_at TEXT
);

ALTER TABLE events ADD COLUMN source_id TEXT;
CREATE INDEX events_source ON events(source_id) WHERE source_id IS NOT NULL;

ALTER TABLE api_keys ADD COLUMN source_id TEXT;

CREATE TABLE source_offsets (
  source_id  TEXT NOT NULL,
  file       TEXT NOT NULL,
  file_id    TEXT NOT NULL,
  offset     INTEGER NOT NULL,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (source_id, file)
);
`;
