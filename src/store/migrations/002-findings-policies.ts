/**
 * Findings (with their status history) and the live detector policy. A finding's mutable
 * part is its status; every move is a finding_history row, and each row is ledgered.
 */
export const up = `
CREATE TABLE findings (
  id           INTEGER PRIMARY KEY,
  finding_id   TEXT NOT NULL UNIQUE,
  trace_ref    INTEGER REFERENCES traces(id),
  event_ref    INTEGER REFERENCES events(id),
  agent        TEXT NOT NULL,
  type         TEXT NOT NULL,
  category     TEXT NOT NULL,
  severity     TEXT NOT NULL,
  status       TEXT NOT NULL,
  detector     TEXT NOT NULL,
  score        REAL NOT NULL,
  field        TEXT NOT NULL,
  start        INTEGER NOT NULL,
  end          INTEGER NOT NULL,
  match_masked TEXT NOT NULL,
  excerpt      TEXT NOT NULL,
  fingerprint  TEXT NOT NULL,
  controls     TEXT NOT NULL,
  created_at   TEXT NOT NULL,
  updated_at   TEXT NOT NULL
);
CREATE INDEX findings_status ON findings(status, severity);
CREATE INDEX findings_trace ON findings(trace_ref);
CREATE INDEX findings_created ON findings(created_at);
CREATE INDEX findings_type ON findings(type);

CREATE TABLE finding_history (
  id          INTEGER PRIMARY KEY,
  finding_ref INTEGER NOT NULL REFERENCES findings(id),
  from_status TEXT,
  to_status   TEXT NOT NULL,
  comment     TEXT,
  actor       TEXT NOT NULL,
  at          TEXT NOT NULL
);
CREATE INDEX finding_history_finding ON finding_history(finding_ref);

CREATE TABLE policies (
  version    INTEGER PRIMARY KEY,
  document   TEXT NOT NULL,
  actor      TEXT NOT NULL,
  created_at TEXT NOT NULL
);
`;
