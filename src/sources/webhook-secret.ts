import { createHmac, hash, randomBytes } from 'node:crypto';
import { readOrCreateSecretFile } from '../secret-file.js';

/**
 * A webhook source's signing secret. The receiver needs the secret itself to check an
 * HMAC, so it cannot keep only a hash; instead the secret is derived from a key file in
 * the data directory (mode 0600, created on first use) and the source's id:
 * `whsec_` + base64url(HMAC-SHA256(key, source_id)). The database holds only SHA-256 of the
 * secret (ledgered with the source), so a copy of evid.db alone cannot sign deliveries, and
 * a key file swapped for another is noticed (the derived secret no longer matches the hash).
 */
export const SOURCE_KEY_FILE = 'source-secrets.key';

export function webhookSecret(dataDir: string, sourceId: string): string {
  const key = readOrCreateSecretFile(dataDir, SOURCE_KEY_FILE, () =>
    randomBytes(32).toString('base64url'),
  );
  return `whsec_${createHmac('sha256', key.trim()).update(sourceId).digest('base64url')}`;
}

export function secretHash(secret: string): string {
  return hash('sha256', secret, 'hex');
}
