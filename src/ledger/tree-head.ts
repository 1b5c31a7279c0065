/**
 * Signed tree heads as C2SP checkpoints (c2sp.org/tlog-checkpoint) in signed notes
 * (signed-note.ts), so that standard transparency-log tooling can read them:
 *
 *   <origin>\n<tree size>\n<base64 root>\n   the body (further extension lines allowed)
 *   \n
 *   — <key name> <base64(4-byte key id || 64-byte Ed25519 signature)>\n
 *
 * A verifier checks the signature over the exact body bytes first and interprets the body
 * only afterwards, so any edit to a signed body reports 'bad_signature'.
 */
import type { KeyObject } from 'node:crypto';
import { isTreeSize } from './bits.js';
import { HASH_SIZE } from './hasher.js';
import {
  decodeBase64Strict,
  isNoteText,
  SignatureError,
  signNote,
  verifyNote,
} from './signed-note.js';

export { keyFingerprint, rawPublicKey, SignatureError } from './signed-note.js';
export type { SignatureErrorReason } from './signed-note.js';

export interface Checkpoint {
  origin: string;
  size: number;
  root: Buffer;
}

const DECIMAL = /^(0|[1-9][0-9]*)$/;

/** The checkpoint body. Requires a non-empty one-line origin, a safe size, a 32-byte root. */
export function formatCheckpoint(checkpoint: {
  origin: string;
  size: number;
  root: Uint8Array;
}): string {
  const { origin, size, root } = checkpoint;
  if (typeof origin !== 'string' || origin.includes('\n') || !isNoteText(`${origin}\n`)) {
    throw new TypeError('formatCheckpoint: origin must be one non-empty line of text');
  }
  if (!isTreeSize(size)) throw new TypeError('formatCheckpoint: size must be a safe integer >= 0');
  if (!(root instanceof Uint8Array) || root.length !== HASH_SIZE) {
    throw new TypeError(`formatCheckpoint: root must be ${HASH_SIZE} bytes`);
  }
  return `${origin}\n${size}\n${Buffer.from(root).toString('base64')}\n`;
}

/**
 * Parses a checkpoint body: origin, decimal size without leading zeros, canonical base64
 * 32-byte root, then optional extension lines (ignored). Throws SignatureError('malformed').
 */
export function parseCheckpoint(body: string): Checkpoint {
  if (!isNoteText(body)) throw new SignatureError('malformed', 'checkpoint is not note text');
  const [origin, sizeText, rootText] = body.slice(0, -1).split('\n');
  if (sizeText === undefined || rootText === undefined) {
    throw new SignatureError('malformed', 'checkpoint needs origin, size and root lines');
  }
  const size = Number(sizeText);
  if (!DECIMAL.test(sizeText) || !isTreeSize(size)) {
    throw new SignatureError('malformed', `checkpoint size ${JSON.stringify(sizeText)} is invalid`);
  }
  const root = decodeBase64Strict(rootText);
  if (!root || root.length !== HASH_SIZE) {
    throw new SignatureError('malformed', 'checkpoint root is not a base64 32-byte hash');
  }
  return { origin, size, root };
}

/** Signs a checkpoint body (as formatCheckpoint writes it) and returns the whole note. */
export function signCheckpoint(body: string, keyName: string, privateKey: KeyObject): string {
  try {
    parseCheckpoint(body);
  } catch (err) {
    throw new TypeError(`signCheckpoint: ${(err as Error).message}`);
  }
  return signNote(body, keyName, privateKey);
}

/**
 * Verifies a signed checkpoint against one known key and returns its contents. Throws
 * SignatureError: 'malformed', 'unknown_key' or 'bad_signature' (see verifyNote).
 */
export function verifyCheckpoint(note: string, keyName: string, publicKey: KeyObject): Checkpoint {
  return parseCheckpoint(verifyNote(note, keyName, publicKey));
}
