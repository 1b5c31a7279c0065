/**
 * Workflows, agents and executions (issue 17, docs/workflows.md). Every row is evidence and
 * ledgered: a workflow version (`workflow.added`), an agent version (`agent.added`), an
 * execution's start (`execution.started`) and its end (`execution.finished`). `status`
 * while running and `cancel_requested_*` are operational (a flag another process polls);
 * `audit verify` checks that a finished execution's status is the one its end entry holds.
 */
export const up = `
CREATE TABLE workflows (
  id          INTEGER PRIMARY KEY,
  workflow_id TEXT NOT NULL UNIQUE,
  name        TEXT NOT NULL,
  version     INTEGER NOT NULL,
  document    TEXT NOT NULL,
  added_at    TEXT NOT NULL,
  actor       TEXT NOT NULL,
  UNIQUE (name, version)
);

CREATE TABLE agents (
  id          INTEGER PRIMARY KEY,
  agent_id    TEXT NOT NULL UNIQUE,
  name        TEXT NOT NULL,
  version     INTEGER NOT NULL,
  config      TEXT NOT NULL,
  added_at    TEXT NOT NULL,
  actor       TEXT NOT NULL,
  UNIQUE (name, version)
);

CREATE TABLE executions (
  id                  INTEGER PRIMARY KEY,
  execution_id        TEXT NOT NULL UNIQUE,
  workflow_id         TEXT NOT NULL,
  workflow            TEXT NOT NULL,
  agents              TEXT NOT NULL,
  input               TEXT NOT NULL,
  started_at          TEXT NOT NULL,
  started_by          TEXT NOT NULL,
  status              TEXT NOT NULL,
  result              TEXT,
  error               TEXT,
  metrics             TEXT,
  finished_at         TEXT,
  finished_by         TEXT,
  cancel_requested_at TEXT,
  cancel_requested_by TEXT
);
CREATE INDEX executions_started ON executions(started_at);
`;
