/**
 * The ledger's Ed25519 signing key: PKCS#8 PEM at `<dir>/ledger-key.pem`, mode 0600,
 * created on first use, race-safe when two processes open a fresh store (secret-file.ts).
 */
import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
} from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { readOrCreateSecretFile } from '../secret-file.js';
import { keyFingerprint } from './signed-note.js';

export const KEY_FILE_NAME = 'ledger-key.pem';

export interface SigningKey {
  privateKey: KeyObject;
  publicKey: KeyObject;
  /** keyFingerprint(publicKey): hex SHA-256 of the raw public key. */
  fingerprint: string;
  /** SPKI PEM, for third parties verifying offline. */
  publicKeyPem: string;
}

/** Loads `<dir>/ledger-key.pem`, creating dir and key if missing. Throws on a non-Ed25519 key. */
export function loadOrCreateSigningKey(dir: string): SigningKey {
  const file = path.join(dir, KEY_FILE_NAME);
  const pem = readOrCreateSecretFile(dir, KEY_FILE_NAME, () =>
    generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  );
  const privateKey = createPrivateKey(pem);
  if (privateKey.asymmetricKeyType !== 'ed25519') {
    throw new Error(`${file}: not an Ed25519 private key (${privateKey.asymmetricKeyType})`);
  }
  const publicKey = createPublicKey(privateKey);
  return {
    privateKey,
    publicKey,
    fingerprint: keyFingerprint(publicKey),
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

/**
 * An Ed25519 public key from PEM text or a path to a PEM file (SPKI public key, or a
 * private key whose public half is taken), for verifying away from the store.
 */
export function loadPublicKey(pemOrPath: string): KeyObject {
  const pem = pemOrPath.includes('-----BEGIN') ? pemOrPath : fs.readFileSync(pemOrPath, 'utf8');
  const key = createPublicKey(pem);
  if (key.asymmetricKeyType !== 'ed25519') {
    throw new TypeError(`not an Ed25519 key (${key.asymmetricKeyType})`);
  }
  return key;
}
