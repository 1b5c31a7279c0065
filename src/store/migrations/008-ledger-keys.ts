/**
 * The ledger's signing keys, in the order they took over (docs/ledger.md, "Trust model").
 * Each row is ledgered (`ledger.key`, subject = its fingerprint): the first names the key
 * that signs every tree head up to the one sealing the next; a rotation is a row whose
 * entry is sealed by the previous key. `audit verify` reads the public keys from here,
 * never from the data directory's key file, and checks each row against its entry.
 */
export const up = `
CREATE TABLE ledger_keys (
  id                   INTEGER PRIMARY KEY,
  fingerprint          TEXT NOT NULL UNIQUE,
  public_key           TEXT NOT NULL,
  previous_fingerprint TEXT,
  reason               TEXT NOT NULL,
  created_at           TEXT NOT NULL,
  actor                TEXT NOT NULL
);
`;
