import type { KeyObject } from 'node:crypto';
import { loadOrCreateSigningKey } from '../ledger/keys.js';
import { formatCheckpoint, signCheckpoint } from '../ledger/tree-head.js';

/** Signs tree heads with the store's Ed25519 key (created in the data dir on first use). */
export interface Signer {
  readonly publicKey: KeyObject;
  readonly publicKeyPem: string;
  readonly fingerprint: string;
  sign(origin: string, size: number, root: Buffer): string;
}

export function createSigner(dataDir: string): Signer {
  const key = loadOrCreateSigningKey(dataDir);
  return {
    publicKey: key.publicKey,
    publicKeyPem: key.publicKeyPem,
    fingerprint: key.fingerprint,
    sign(origin, size, root) {
      return signCheckpoint(formatCheckpoint({ origin, size, root }), origin, key.privateKey);
    },
  };
}
