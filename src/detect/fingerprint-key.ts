/**
 * The per-store secret that keys finding fingerprints (HMAC-SHA256, see engine.ts). A plain
 * SHA-256 of a low-entropy value (an SSN, a phone number) is reversed by hashing every
 * candidate, and fingerprints leave the store in exports and packs; keyed, they only tell
 * repeats apart. 32 random bytes as hex at `<dir>/fingerprint-key`, mode 0600, created on
 * first use next to the ledger key, the same way (src/ledger/keys.ts): each creator writes a
 * complete key to its own temp file and hard-links it to the final name, so when a server
 * and a `docker exec evid` race on a fresh store exactly one key wins and both use it.
 * Losing the file only means later fingerprints differ from earlier ones; it is not needed
 * to verify anything, but back it up with the directory so they stay comparable.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { readOrCreateSecretFile } from '../secret-file.js';

export const FINGERPRINT_KEY_FILE = 'fingerprint-key';

const KEY_BYTES = 32;
const HEX = /^[0-9a-f]{64}$/;

/** Loads `<dir>/fingerprint-key`, creating dir and key if missing. Throws on a malformed file. */
export function loadOrCreateFingerprintKey(dir: string): Buffer {
  const file = path.join(dir, FINGERPRINT_KEY_FILE);
  const text = readOrCreateSecretFile(
    dir,
    FINGERPRINT_KEY_FILE,
    () => `${randomBytes(KEY_BYTES).toString('hex')}\n`,
  );
  const hex = text.trim();
  if (!HEX.test(hex)) throw new Error(`${file}: expected ${KEY_BYTES * 2} hex digits`);
  return Buffer.from(hex, 'hex');
}
