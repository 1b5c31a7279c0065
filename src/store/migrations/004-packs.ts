/**
 * Evidence packs built from the store (`evid pack`, `audit evidence build`). A row is
 * written, with its `pack.built` ledger entry, in the transaction that moves the finished
 * zip into place, so every recorded pack exists and every pack built is ledgered.
 */
export const up = `
CREATE TABLE packs (
  id                   INTEGER PRIMARY KEY,
  pack_id              TEXT NOT NULL UNIQUE,
  created_at           TEXT NOT NULL,
  format               TEXT NOT NULL,
  filters              TEXT NOT NULL,
  tree_size            INTEGER NOT NULL,
  root_hash            TEXT NOT NULL,
  path                 TEXT NOT NULL,
  sha256               TEXT NOT NULL,
  manifest_sha256      TEXT NOT NULL,
  size_bytes           INTEGER NOT NULL,
  trace_count          INTEGER NOT NULL,
  event_count          INTEGER NOT NULL,
  finding_count        INTEGER NOT NULL,
  finding_update_count INTEGER NOT NULL,
  actor                TEXT NOT NULL
);
CREATE INDEX packs_created ON packs(created_at);
`;
