/**
 * SIEM forwarding over one durable outbox (issue 14, docs/operations.md). A target is ledgered at
 * creation (`siem.target_added`, its fixed columns with a hash of its secret, never the
 * secret) and at removal (`siem.target_removed`); its delivery counters, state and backoff
 * are operational and live outside any digest. The lease columns let one drainer at a time
 * send for a target (`evid serve` or `siem flush`), so order holds per target.
 *
 * `outbox` holds one row per (target, record reported), enqueued in the same transaction as
 * the record. A row names the ledger entry it reports (`ledger_seq`); the message is built
 * from that entry's record when sent, so nothing is copied on the intake path. Only a
 * verify failure, which has no ledger entry, carries its own `payload`. Delivered rows are
 * kept (marked `delivered_at`): `audit verify` checks that every forwarded entry since a
 * target was added has its row, so deleting rows to hide a finding from the SIEM shows.
 */
export const up = `
CREATE TABLE siem_targets (
  id              INTEGER PRIMARY KEY,
  target_id       TEXT NOT NULL UNIQUE,
  kind            TEXT NOT NULL,
  endpoint        TEXT NOT NULL,
  options         TEXT NOT NULL,
  events          TEXT NOT NULL,
  secret_hash     TEXT,
  created_at      TEXT NOT NULL,
  created_by      TEXT NOT NULL,
  removed_at      TEXT,
  removed_by      TEXT,
  forwarded_count INTEGER NOT NULL DEFAULT 0,
  error_count     INTEGER NOT NULL DEFAULT 0,
  failures        INTEGER NOT NULL DEFAULT 0,
  last_event_at   TEXT,
  last_error      TEXT,
  last_error_at   TEXT,
  next_attempt_at TEXT,
  lease_owner     TEXT,
  lease_until     TEXT
);

CREATE TABLE outbox (
  id           INTEGER PRIMARY KEY,
  target_id    TEXT NOT NULL,
  event_id     TEXT NOT NULL,
  ledger_seq   INTEGER,
  kind         TEXT NOT NULL,
  payload      TEXT,
  created_at   TEXT NOT NULL,
  delivered_at TEXT,
  attempts     INTEGER NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX outbox_target_seq ON outbox(target_id, ledger_seq);
CREATE INDEX outbox_pending ON outbox(target_id, id) WHERE delivered_at IS NULL;
`;
