/**
 * Dashboard users (issue 14, docs/operations.md). `users` holds each user's current state (the
 * scrypt password hash, role, removal) plus `last_login_at`, which the dashboard fills and
 * which is operational, outside any digest. Every change is a row of `user_history`,
 * ledgered in the same transaction (`user.added`, `user.role_set`, `user.password_reset`,
 * `user.removed`); it keeps a SHA-256 of the password hash, never the hash, and `audit
 * verify` checks that each user's current row equals its last ledgered change.
 * An e-mail is unique among users not removed, so a removed address can be added again.
 */
export const up = `
CREATE TABLE users (
  id            INTEGER PRIMARY KEY,
  user_id       TEXT NOT NULL UNIQUE,
  email         TEXT NOT NULL,
  role          TEXT NOT NULL,
  password_hash TEXT NOT NULL,
  created_at    TEXT NOT NULL,
  created_by    TEXT NOT NULL,
  updated_at    TEXT NOT NULL,
  removed_at    TEXT,
  last_login_at TEXT
);
CREATE UNIQUE INDEX users_email_live ON users(email) WHERE removed_at IS NULL;

CREATE TABLE user_history (
  id              INTEGER PRIMARY KEY,
  user_ref        INTEGER NOT NULL REFERENCES users(id),
  user_id         TEXT NOT NULL,
  action          TEXT NOT NULL,
  email           TEXT NOT NULL,
  role            TEXT NOT NULL,
  password_sha256 TEXT NOT NULL,
  actor           TEXT NOT NULL,
  at              TEXT NOT NULL
);
CREATE INDEX user_history_user ON user_history(user_ref, id);
`;
