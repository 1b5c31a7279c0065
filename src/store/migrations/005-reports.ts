/**
 * Compliance reports (`audit report`, POST /api/v1/reports/generate). The REST server
 * generates them asynchronously, so a row moves queued -> running -> done | failed; the
 * file lives at `<data dir>/reports/<filename>`. A finished report is ledgered
 * (`report.generated`) in the transaction that marks it done.
 */
export const up = `
CREATE TABLE reports (
  id          INTEGER PRIMARY KEY,
  report_id   TEXT NOT NULL UNIQUE,
  filename    TEXT NOT NULL UNIQUE,
  regulation  TEXT NOT NULL,
  agent       TEXT,
  format      TEXT NOT NULL,
  status      TEXT NOT NULL,
  created_at  TEXT NOT NULL,
  started_at  TEXT,
  finished_at TEXT,
  error       TEXT,
  sha256      TEXT,
  size_bytes  INTEGER,
  score       REAL,
  actor       TEXT NOT NULL
);
CREATE INDEX reports_created ON reports(created_at);
`;
