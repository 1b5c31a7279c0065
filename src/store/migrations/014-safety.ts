/**
 * The safety API (issue 16, docs/safety-api.md).
 *
 * `access_tokens`: short-lived bearer tokens issued for an API key and secret. Operational,
 * not evidence (a credential cache, like api_keys.last_used_at): only SHA-256 of the token
 * is kept, rows expire within hours, and what a token does is ledgered with the key's actor.
 *
 * `compliance_assessments`: evidence. Each assessment is ledgered at creation
 * (`assessment.created`) with its whole result, so the documents generated from it later
 * show what was assessed, and `audit verify` catches a changed row.
 */
export const up = `
CREATE TABLE access_tokens (
  id          INTEGER PRIMARY KEY,
  token_hash  TEXT NOT NULL UNIQUE,
  key_id      TEXT NOT NULL,
  created_at  TEXT NOT NULL,
  expires_at  TEXT NOT NULL,
  revoked_at  TEXT,
  revoked_by  TEXT
);
CREATE INDEX access_tokens_key ON access_tokens(key_id);

CREATE TABLE compliance_assessments (
  id            INTEGER PRIMARY KEY,
  assessment_id TEXT NOT NULL UNIQUE,
  system_id     TEXT NOT NULL,
  frameworks    TEXT NOT NULL,
  metadata      TEXT NOT NULL,
  result        TEXT NOT NULL,
  created_at    TEXT NOT NULL,
  created_by    TEXT NOT NULL
);
`;
