/**
 * The first schema. Conventions: public ids are TEXT (`tr_...`), internal joins use the
 * INTEGER rowid; times are ISO 8601 UTC text; JSON columns hold canonical JSON text so the
 * ledger digest of a record can be recomputed from the row without re-encoding.
 */
export const up = `
CREATE TABLE meta (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
);

CREATE TABLE traces (
  id             INTEGER PRIMARY KEY,
  trace_id       TEXT NOT NULL UNIQUE,
  session_id     TEXT NOT NULL UNIQUE,
  agent          TEXT NOT NULL,
  framework      TEXT,
  source         TEXT NOT NULL,
  status         TEXT NOT NULL,
  first_event_at TEXT,
  last_event_at  TEXT,
  event_count    INTEGER NOT NULL,
  attributes     TEXT NOT NULL,
  ingested_at    TEXT NOT NULL
);
CREATE INDEX traces_agent ON traces(agent);
CREATE INDEX traces_first_event ON traces(first_event_at);

CREATE TABLE events (
  id                INTEGER PRIMARY KEY,
  event_id          TEXT NOT NULL UNIQUE,
  trace_ref         INTEGER REFERENCES traces(id),
  position          INTEGER NOT NULL,
  agent             TEXT NOT NULL,
  type              TEXT NOT NULL,
  model             TEXT,
  prompt            TEXT,
  completion        TEXT,
  tokens_prompt     INTEGER,
  tokens_completion INTEGER,
  timestamp         TEXT NOT NULL,
  attributes        TEXT NOT NULL,
  ingested_at       TEXT NOT NULL,
  purged_at         TEXT
);
CREATE INDEX events_trace ON events(trace_ref, position);
CREATE INDEX events_timestamp ON events(timestamp);

-- The ledger: one row per leaf. seq starts at 1; the Merkle leaf index is seq - 1.
CREATE TABLE ledger (
  seq           INTEGER PRIMARY KEY,
  kind          TEXT NOT NULL,
  subject_id    TEXT NOT NULL,
  subject_ref   INTEGER,
  digest        TEXT NOT NULL,
  recorded_at   TEXT NOT NULL,
  actor         TEXT NOT NULL,
  chain         TEXT NOT NULL
);
CREATE INDEX ledger_subject ON ledger(subject_id);

-- Signed tree heads, one per write transaction. frontier lets the next writer append in O(log n).
CREATE TABLE tree_heads (
  tree_size   INTEGER PRIMARY KEY,
  root_hash   TEXT NOT NULL,
  chain_head  TEXT NOT NULL,
  signed_at   TEXT NOT NULL,
  checkpoint  TEXT NOT NULL,
  frontier    TEXT NOT NULL
);
`;
