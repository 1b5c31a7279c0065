/**
 * Dashboard sign-in (issue 15, docs/dashboard.md). Both tables are operational, not
 * evidence, so neither is ledgered: a session is a credential (only the SHA-256 of its id is
 * kept, like API keys), and login failures are a short-lived counter for the lockout.
 * Who signed in is still recorded: `users.last_login_at`. An OIDC sign-in has no users row:
 * its session keeps the role and e-mail of the ID token, for the session's 12 hours.
 */
export const up = `
CREATE TABLE dashboard_sessions (
  id_sha256    TEXT PRIMARY KEY,
  user_id      TEXT NOT NULL,
  created_at   TEXT NOT NULL,
  expires_at   TEXT NOT NULL,
  -- OIDC sign-ins only (user_id 'oidc:<sub>'): the role and e-mail the ID token carried.
  oidc_role    TEXT,
  oidc_email   TEXT
);
CREATE INDEX dashboard_sessions_user ON dashboard_sessions(user_id);

CREATE TABLE login_failures (
  id     INTEGER PRIMARY KEY,
  email  TEXT NOT NULL,
  at     TEXT NOT NULL
);
CREATE INDEX login_failures_email ON login_failures(email, at);
`;
