/**
 * API keys (stored hashed), the kill switch (current state per scope plus its history) and
 * the idempotency records of the REST server. Key creation/revocation and every kill-switch
 * toggle are ledgered; idempotency rows are an operational cache and are not.
 */
export const up = `
CREATE TABLE api_keys (
  id           INTEGER PRIMARY KEY,
  key_id       TEXT NOT NULL UNIQUE,
  name         TEXT NOT NULL,
  role         TEXT NOT NULL,
  hash         TEXT NOT NULL,
  created_at   TEXT NOT NULL,
  created_by   TEXT NOT NULL,
  revoked_at   TEXT,
  revoked_by   TEXT,
  last_used_at TEXT
);

-- One row per scope ever toggled: scope 'global' (agent '') or 'agent' (agent = its name).
CREATE TABLE kill_switch (
  scope      TEXT NOT NULL,
  agent      TEXT NOT NULL DEFAULT '',
  active     INTEGER NOT NULL,
  reason     TEXT NOT NULL,
  actor      TEXT NOT NULL,
  changed_at TEXT NOT NULL,
  refused    INTEGER NOT NULL DEFAULT 0,
  last_refused_at TEXT,
  PRIMARY KEY (scope, agent)
);

CREATE TABLE kill_switch_history (
  id     INTEGER PRIMARY KEY,
  scope  TEXT NOT NULL,
  agent  TEXT NOT NULL,
  action TEXT NOT NULL,
  reason TEXT NOT NULL,
  actor  TEXT NOT NULL,
  at     TEXT NOT NULL
);

CREATE TABLE idempotency (
  key           TEXT NOT NULL,
  principal     TEXT NOT NULL,
  request_hash  TEXT NOT NULL,
  status        INTEGER NOT NULL,
  response_body TEXT NOT NULL,
  created_at    TEXT NOT NULL,
  PRIMARY KEY (principal, key)
);
CREATE INDEX idempotency_created ON idempotency(created_at);

-- GET /api/v1/events filters by agent and type over the whole events table.
CREATE INDEX events_agent ON events(agent, timestamp);
CREATE INDEX events_type ON events(type, timestamp);
`;
