/**
 * Model analysis and alignment (issue 16 items 3, 4 and 8, docs/safety-models.md).
 * - `safety_runs`: one row per model analysis or alignment evaluation. A run is a job while it
 *   runs (status `running`, not evidence yet: like a report not yet done); when it ends its
 *   result is written once and ledgered (`safety.run.completed`), and never changes again.
 * - `alignment_objectives`: the checkable properties made from plain objectives, written once
 *   and ledgered (`alignment.objectives`).
 * - `guard_state`: the guard model's background pass (operational, not evidence): how far it
 *   has read the events table and its counters. Its verdicts are findings, ledgered as such.
 */
export const up = `
CREATE TABLE safety_runs (
  id            INTEGER PRIMARY KEY,
  run_id        TEXT NOT NULL UNIQUE,
  kind          TEXT NOT NULL,
  model_url     TEXT NOT NULL,
  request       TEXT NOT NULL,
  status        TEXT NOT NULL,
  trace_id      TEXT,
  result        TEXT,
  error         TEXT,
  created_at    TEXT NOT NULL,
  created_by    TEXT NOT NULL,
  completed_at  TEXT
);

CREATE TABLE alignment_objectives (
  id            INTEGER PRIMARY KEY,
  set_id        TEXT NOT NULL UNIQUE,
  request       TEXT NOT NULL,
  objectives    TEXT NOT NULL,
  created_at    TEXT NOT NULL,
  created_by    TEXT NOT NULL
);

CREATE TABLE guard_state (
  id              INTEGER PRIMARY KEY CHECK (id = 1),
  last_event_ref  INTEGER NOT NULL,
  checked         INTEGER NOT NULL,
  flagged         INTEGER NOT NULL,
  failed          INTEGER NOT NULL,
  last_error      TEXT,
  updated_at      TEXT NOT NULL
);
`;
