import type { KeyObject } from 'node:crypto';
import type { SigningKey } from '../ledger/keys.js';
import { formatCheckpoint, signCheckpoint } from '../ledger/tree-head.js';

/**
 * Signs tree heads with one Ed25519 key. Which key may sign is the ledger's decision
 * (store/ledger-keys.ts), made under the write lock of each transaction.
 */
export interface Signer {
  readonly publicKey: KeyObject;
  readonly publicKeyPem: string;
  readonly fingerprint: string;
  sign(origin: string, size: number, root: Buffer): string;
}

export function signerFromKey(key: SigningKey): Signer {
  return {
    publicKey: key.publicKey,
    publicKeyPem: key.publicKeyPem,
    fingerprint: key.fingerprint,
    sign(origin, size, root) {
      return signCheckpoint(formatCheckpoint({ origin, size, root }), origin, key.privateKey);
    },
  };
}
