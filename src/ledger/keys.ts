/**
 * The ledger's Ed25519 signing key: PKCS#8 PEM at `<dir>/ledger-key.pem`, mode 0600,
 * created with a new store (race-safe when two processes open a fresh store, secret-file.ts)
 * and never afterwards: a store that already has signed tree heads and no key file is an
 * error, not a reason to make a new key. A rotation writes the successor to
 * `ledger-key.pem.next` first and renames it over the key once the ledger names it.
 */
import type { KeyObject } from 'node:crypto';
import { nodeCrypto } from '../lazy-crypto.js';
import fs from 'node:fs';
import path from 'node:path';
import { readOrCreateSecretFile } from '../secret-file.js';
import { keyFingerprint } from './signed-note.js';

export const KEY_FILE_NAME = 'ledger-key.pem';
/** A rotation's new key, waiting for the ledger entry that names it (see rotate-ledger). */
export const NEXT_KEY_FILE_NAME = 'ledger-key.pem.next';

export interface SigningKey {
  privateKey: KeyObject;
  publicKey: KeyObject;
  /** keyFingerprint(publicKey): hex SHA-256 of the raw public key. */
  fingerprint: string;
  /** SPKI PEM, for third parties verifying offline. */
  publicKeyPem: string;
}

/** A new Ed25519 private key as PKCS#8 PEM. */
export function newPrivateKeyPem(): string {
  return nodeCrypto()
    .generateKeyPairSync('ed25519')
    .privateKey.export({ type: 'pkcs8', format: 'pem' })
    .toString();
}

/** Loads `<dir>/ledger-key.pem`, creating dir and key if missing. Throws on a non-Ed25519 key. */
export function loadOrCreateSigningKey(dir: string): SigningKey {
  const pem = readOrCreateSecretFile(dir, KEY_FILE_NAME, newPrivateKeyPem);
  return signingKeyFromPem(pem, path.join(dir, KEY_FILE_NAME));
}

/** Loads `<dir>/<name>` if it exists (undefined if not). Throws on a non-Ed25519 key. */
export function loadSigningKey(dir: string, name = KEY_FILE_NAME): SigningKey | undefined {
  const file = path.join(dir, name);
  let pem: string;
  try {
    pem = fs.readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
  return signingKeyFromPem(pem, file);
}

export function signingKeyFromPem(pem: string, file: string): SigningKey {
  let privateKey: KeyObject;
  try {
    privateKey = nodeCrypto().createPrivateKey(pem);
  } catch (err) {
    throw new Error(`${file}: not a private key (${(err as Error).message})`);
  }
  if (privateKey.asymmetricKeyType !== 'ed25519') {
    throw new Error(`${file}: not an Ed25519 private key (${privateKey.asymmetricKeyType})`);
  }
  const publicKey = nodeCrypto().createPublicKey(privateKey);
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
  const key = nodeCrypto().createPublicKey(pem);
  if (key.asymmetricKeyType !== 'ed25519') {
    throw new TypeError(`not an Ed25519 key (${key.asymmetricKeyType})`);
  }
  return key;
}
