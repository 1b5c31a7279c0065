/**
 * C2SP signed notes (c2sp.org/signed-note, golang.org/x/mod/sumdb/note) with Ed25519:
 *
 *   <text: one or more non-empty lines, each ending in \n>
 *   \n                                          a blank line ends the text
 *   — <key name> <base64(key id || signature)>\n  one line per signature (U+2014 em dash)
 *
 * Key id = SHA-256(key name || 0x0A || 0x01 || raw 32-byte public key)[:4], where 0x01 is
 * the Ed25519 signature type; the signature covers the text's UTF-8 bytes. Byte-compatible
 * with the Go implementation (see test/vectors/signed-note).
 *
 * verifyNote treats the note as attacker-controlled: strict structure, canonical base64,
 * a bounded number of signature lines, and no result but the verified text.
 */
import type { KeyObject } from 'node:crypto';
import { nodeCrypto } from '../lazy-crypto.js';
import { sha256 } from './hasher.js';

export type SignatureErrorReason = 'malformed' | 'unknown_key' | 'bad_signature';

export class SignatureError extends Error {
  readonly reason: SignatureErrorReason;

  constructor(reason: SignatureErrorReason, message: string) {
    super(`${message} (${reason})`);
    this.name = 'SignatureError';
    this.reason = reason;
  }
}

const ED25519_ALG = 0x01;
const KEY_ID_SIZE = 4;
const SIG_SIZE = 64;
const MAX_SIGNATURES = 100; // as golang.org/x/mod/sumdb/note
const SIG_LINE = /^\u2014 (\S+) (\S+)$/;
// Controls other than \n, DEL, and lone surrogates (which UTF-8 cannot encode faithfully).
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const FORBIDDEN = /[\u0000-\u0009\u000b-\u001f\u007f]|\p{Cs}/u;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const KEY_NAME = /^[^\s+]+$/u;

// The key id of a signing key, per key name: deriving the public key and hashing it took
// about a tenth of the signing cost, paid on every write transaction's tree head.
const signerKeyIds = new WeakMap<KeyObject, Map<string, Buffer>>();

function signerKeyId(keyName: string, privateKey: KeyObject): Buffer {
  let byName = signerKeyIds.get(privateKey);
  if (!byName) signerKeyIds.set(privateKey, (byName = new Map()));
  let id = byName.get(keyName);
  if (!id) byName.set(keyName, (id = keyId(keyName, nodeCrypto().createPublicKey(privateKey))));
  return id;
}

/** Signs text (valid note text: non-empty lines ending in \n) and returns the whole note. */
export function signNote(text: string, keyName: string, privateKey: KeyObject): string {
  if (!isNoteText(text)) {
    throw new TypeError('signNote: text must be non-empty lines ending in \\n');
  }
  checkKeyName(keyName);
  checkEd25519(privateKey, 'private');
  const signature = nodeCrypto().sign(null, Buffer.from(text, 'utf8'), privateKey);
  const blob = Buffer.concat([signerKeyId(keyName, privateKey), signature]);
  return `${text}\n\u2014 ${keyName} ${blob.toString('base64')}\n`;
}

/**
 * Returns the text of a note signed by keyName with publicKey; other signatures (witness
 * cosignatures) are ignored. Throws SignatureError: 'malformed' (structure or base64),
 * 'unknown_key' (no signature with this name and key id), 'bad_signature' (one with this
 * name and key id that does not verify).
 */
export function verifyNote(note: string, keyName: string, publicKey: KeyObject): string {
  checkKeyName(keyName);
  checkEd25519(publicKey, 'public');
  if (typeof note !== 'string') throw new SignatureError('malformed', 'note is not a string');
  const split = note.lastIndexOf('\n\n');
  if (split < 0) throw new SignatureError('malformed', 'no blank line before the signatures');
  const text = note.slice(0, split + 1);
  const sigBlock = note.slice(split + 2);
  if (!isNoteText(text) || !isNoteText(sigBlock)) {
    throw new SignatureError('malformed', 'note text or signature block is malformed');
  }
  const lines = sigBlock.slice(0, -1).split('\n');
  if (lines.length > MAX_SIGNATURES) throw new SignatureError('malformed', 'too many signatures');

  const wantId = keyId(keyName, publicKey);
  let verified = false;
  for (const line of lines) {
    const match = SIG_LINE.exec(line);
    const blob = match ? decodeBase64Strict(match[2]) : undefined;
    if (!match || !blob || blob.length <= KEY_ID_SIZE || match[1].includes('+')) {
      throw new SignatureError('malformed', `bad signature line ${JSON.stringify(line)}`);
    }
    if (match[1] !== keyName || !blob.subarray(0, KEY_ID_SIZE).equals(wantId)) continue;
    const signature = blob.subarray(KEY_ID_SIZE);
    if (
      signature.length !== SIG_SIZE ||
      !nodeCrypto().verify(null, Buffer.from(text, 'utf8'), publicKey, signature)
    ) {
      throw new SignatureError('bad_signature', `signature by ${keyName} does not verify`);
    }
    verified = true;
  }
  if (!verified) {
    const id = wantId.toString('hex');
    throw new SignatureError('unknown_key', `no signature by ${keyName} with key id ${id}`);
  }
  return text;
}

/** The signed-note key id: SHA-256(name || "\n" || 0x01 || raw public key)[:4]. */
export function keyId(keyName: string, publicKey: KeyObject): Buffer {
  const prefix = Buffer.from(`${keyName}\n`, 'utf8');
  return sha256(prefix, Buffer.of(ED25519_ALG), rawPublicKey(publicKey)).subarray(0, KEY_ID_SIZE);
}

/** The 32-byte raw Ed25519 public key (of a public key, or of a private key's pair). */
export function rawPublicKey(key: KeyObject): Buffer {
  checkEd25519(key, 'any');
  const pub = key.type === 'private' ? nodeCrypto().createPublicKey(key) : key;
  return Buffer.from(pub.export({ format: 'jwk' }).x as string, 'base64url');
}

/** Lowercase hex SHA-256 of the raw public key: how output and packs name the key. */
export function keyFingerprint(publicKey: KeyObject): string {
  return sha256(rawPublicKey(publicKey)).toString('hex');
}

/** The signed-note verifier key, `<name>+<hex key id>+<base64(0x01 || raw key)>`. */
export function formatVerifierKey(keyName: string, publicKey: KeyObject): string {
  checkKeyName(keyName);
  const blob = Buffer.concat([Buffer.of(ED25519_ALG), rawPublicKey(publicKey)]);
  return `${keyName}+${keyId(keyName, publicKey).toString('hex')}+${blob.toString('base64')}`;
}

/** Parses a verifier key string (e.g. from a third party). Throws SignatureError('malformed'). */
export function parseVerifierKey(vkey: string): { keyName: string; publicKey: KeyObject } {
  // <name>+<id>+<key>: the name and id cannot contain '+', the base64 key can.
  const match = /^([^+]*)\+([^+]*)\+(.*)$/s.exec(String(vkey));
  const [, keyName = '', idHex = '', keyText = ''] = match ?? [];
  const blob = decodeBase64Strict(keyText);
  if (!KEY_NAME.test(keyName) || !/^[0-9a-f]{8}$/.test(idHex) || !blob) {
    throw new SignatureError('malformed', 'verifier key is not <name>+<hex id>+<base64 key>');
  }
  if (blob.length !== 33 || blob[0] !== ED25519_ALG) {
    throw new SignatureError('malformed', 'verifier key is not an Ed25519 key');
  }
  let publicKey: KeyObject;
  try {
    const x = blob.subarray(1).toString('base64url');
    publicKey = nodeCrypto().createPublicKey({
      key: { kty: 'OKP', crv: 'Ed25519', x },
      format: 'jwk',
    });
  } catch {
    throw new SignatureError('malformed', 'verifier key is not a valid Ed25519 key');
  }
  if (keyId(keyName, publicKey).toString('hex') !== idHex) {
    throw new SignatureError('malformed', 'verifier key id does not match its name and key');
  }
  return { keyName, publicKey };
}

/**
 * Note text: non-empty lines, each ending in \n, no control characters but \n, no blank
 * line (a blank line ends the text and starts the signatures).
 */
export function isNoteText(text: string): boolean {
  return (
    typeof text === 'string' &&
    text.length > 1 &&
    text.endsWith('\n') &&
    !text.startsWith('\n') &&
    !text.includes('\n\n') &&
    !FORBIDDEN.test(text)
  );
}

/**
 * Standard padded base64 in its one canonical spelling, or undefined. Buffer.from(s,
 * 'base64') alone is lenient (skips junk, accepts unpadded, ignores stray low bits), which
 * would let many spellings of one signature or root pass.
 */
export function decodeBase64Strict(text: string): Buffer | undefined {
  if (!BASE64.test(text)) return undefined;
  const bytes = Buffer.from(text, 'base64');
  return bytes.toString('base64') === text ? bytes : undefined;
}

/** Key names: non-empty, no whitespace, no '+'. */
function checkKeyName(keyName: string): void {
  if (typeof keyName !== 'string' || !KEY_NAME.test(keyName) || !isNoteText(`${keyName}\n`)) {
    throw new TypeError(`invalid signed-note key name ${JSON.stringify(keyName)}`);
  }
}

function checkEd25519(key: KeyObject, type: 'public' | 'private' | 'any'): void {
  const isEd25519 = key?.asymmetricKeyType === 'ed25519';
  if (!isEd25519 || (type === 'any' ? key.type === 'secret' : key.type !== type)) {
    throw new TypeError(`expected an Ed25519 ${type === 'any' ? '' : `${type} `}key`);
  }
}
