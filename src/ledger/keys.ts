/**
 * The ledger's Ed25519 signing key: PKCS#8 PEM at `<dir>/ledger-key.pem`, mode 0600,
 * created on first use. Creation races are expected (a server and a `docker exec evid`
 * both opening a fresh store): each creator writes a complete key to its own temp file and
 * hard-links it to the final name. link(2) is atomic and fails with EEXIST if the name is
 * taken, so exactly one key wins, nobody ever reads a half-written file, and the losers
 * read the winner's key. (rename(2) would not do: it silently replaces.)
 */
import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  randomBytes,
  type KeyObject,
} from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
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
  let pem = readIfExists(file);
  if (pem === undefined) {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    createKeyFile(dir, file);
    pem = fs.readFileSync(file, 'utf8'); // ours or the race winner's
  }
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

function readIfExists(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

/**
 * Writes a fresh key to a unique temp file, fsyncs it, links it into place unless the name
 * is taken (EEXIST: another process won), and always removes the temp file.
 */
function createKeyFile(dir: string, file: string): void {
  const { privateKey } = generateKeyPairSync('ed25519');
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const unique = `${process.pid}.${randomBytes(6).toString('hex')}`;
  const temp = path.join(dir, `.${KEY_FILE_NAME}.${unique}.tmp`);
  const fd = fs.openSync(temp, 'wx', 0o600);
  try {
    try {
      fs.fchmodSync(fd, 0o600); // whatever the umask
      fs.writeFileSync(fd, pem);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.linkSync(temp, file);
    syncDirectory(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    fs.rmSync(temp, { force: true });
  }
}

/** Persist the new directory entry; best effort (not every platform can fsync a directory). */
function syncDirectory(dir: string): void {
  try {
    const fd = fs.openSync(dir, 'r');
    try {
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    // ignored: the key file itself is already synced
  }
}
