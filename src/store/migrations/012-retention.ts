/**
 * Retention and legal holds (issue 14, docs/operations.md). Each table row is ledgered:
 * a policy version (`retention.updated`), a hold (`hold.added`) and its release
 * (`hold.released`), a purge batch (`purge.batch`). A purged event or finding keeps its row
 * and its own ledger entry; `purge_ref` names the batch whose entry commits to it, so
 * `audit verify` can tell a ledgered purge from a blanked row (DESIGN.md "Purge is not
 * tampering"). The per-event `record.purged` entries of earlier purges stay valid.
 */
export const up = `
CREATE TABLE retention_policy (
  id          INTEGER PRIMARY KEY,
  days        INTEGER NOT NULL,
  enforce     INTEGER NOT NULL,
  changed_at  TEXT NOT NULL,
  changed_by  TEXT NOT NULL
);

CREATE TABLE legal_holds (
  id             INTEGER PRIMARY KEY,
  hold_id        TEXT NOT NULL UNIQUE,
  trace_id       TEXT,
  session_id     TEXT,
  agent          TEXT,
  since          TEXT,
  until          TEXT,
  reason         TEXT NOT NULL,
  case_ref       TEXT,
  created_at     TEXT NOT NULL,
  created_by     TEXT NOT NULL,
  released_at    TEXT,
  released_by    TEXT,
  release_reason TEXT
);

CREATE TABLE purge_batches (
  id           INTEGER PRIMARY KEY,
  batch_id     TEXT NOT NULL UNIQUE,
  reason       TEXT NOT NULL,
  policy_days  INTEGER,
  cutoff       TEXT,
  count        INTEGER NOT NULL,
  first_seq    INTEGER NOT NULL,
  last_seq     INTEGER NOT NULL,
  seqs_sha256  TEXT NOT NULL,
  purged_at    TEXT NOT NULL,
  actor        TEXT NOT NULL
);

ALTER TABLE events ADD COLUMN purge_ref INTEGER;
ALTER TABLE findings ADD COLUMN purged_at TEXT;
ALTER TABLE findings ADD COLUMN purge_ref INTEGER;
CREATE INDEX findings_event ON findings(event_ref);
`;
