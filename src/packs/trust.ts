/**
 * The trust root for pack verification: the store's key, a key file, or a pinned
 * fingerprint (REFERENCE.md: a verifier that trusts the key inside a bundle accepts a
 * re-signed forgery). Never the pack's key on its own.
 */
import { createPublicKey, type KeyObject } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { UsageError } from '../errors.js';
import { KEY_FILE_NAME } from '../ledger/keys.js';
import { keyFingerprint } from '../ledger/tree-head.js';
import type { TrustRoot } from './verify-types.js';

/** An Ed25519 public key from PEM text (public, or the public half of a private key). */
export function loadPemKey(pem: string): KeyObject {
  if (!pem.includes('-----BEGIN')) throw new TypeError('not a PEM key');
  const key = createPublicKey(pem);
  if (key.asymmetricKeyType !== 'ed25519') throw new TypeError('not an Ed25519 key');
  return key;
}

export function parseFingerprint(value: string, source = '--fingerprint'): string {
  const hex = value.trim().toLowerCase().replace(/:/g, '');
  if (!/^[0-9a-f]{64}$/.test(hex)) {
    throw new UsageError(
      `${source}: expected the 64 hex digits of a key fingerprint (SHA-256 of the raw Ed25519 key), got "${value}"`,
    );
  }
  return hex;
}

/**
 * --key FILE, else --fingerprint HEX, else the store's own key: the current key its ledger
 * names (`storeKey`; a key file swapped by hand is not it), or for a store whose keys were
 * never ledgered, its key file. Throws UsageError when there is nothing to trust.
 */
export function resolveTrustRoot(options: {
  keyFile?: string;
  fingerprint?: string;
  dataDir: string;
  storeKey?: KeyObject | undefined;
}): TrustRoot {
  if (options.keyFile !== undefined && options.fingerprint !== undefined) {
    throw new UsageError('give --key or --fingerprint, not both');
  }
  if (options.keyFile !== undefined) {
    let key: KeyObject;
    try {
      key = loadPemKey(readFileSync(options.keyFile, 'utf8'));
    } catch (err) {
      throw new UsageError(
        `--key: cannot read an Ed25519 key from ${options.keyFile} (${(err as Error).message})`,
      );
    }
    return { source: 'key', fingerprint: keyFingerprint(key), publicKey: key };
  }
  if (options.fingerprint !== undefined) {
    return { source: 'fingerprint', fingerprint: parseFingerprint(options.fingerprint) };
  }
  if (options.storeKey) {
    return {
      source: 'store',
      fingerprint: keyFingerprint(options.storeKey),
      publicKey: options.storeKey,
    };
  }
  const storeKey = join(options.dataDir, KEY_FILE_NAME);
  if (existsSync(storeKey)) {
    const key = loadPemKey(readFileSync(storeKey, 'utf8'));
    return { source: 'store', fingerprint: keyFingerprint(key), publicKey: key };
  }
  throw new UsageError(
    `no trust root: there is no store key in ${options.dataDir}; give --key FILE or --fingerprint HEX (the key inside a pack is never trusted on its own)`,
  );
}
