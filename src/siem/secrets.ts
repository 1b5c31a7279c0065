/**
 * A target's secret (the HEC token, the Entra client secret) never enters the database: it
 * is kept in `<data dir>/siem/<target_id>.secret`, mode 0600, written once. The ledgered
 * target record holds only its SHA-256, so a copy of evid.db alone cannot send as evid, and
 * a secret file swapped for another is refused at send time (its hash no longer matches).
 */
import { hash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ValidationError } from '../errors.js';
import { readOrCreateSecretFile } from '../secret-file.js';

const DIR = 'siem';

export const MASK = '****';

export function secretHash(secret: string): string {
  return hash('sha256', secret, 'hex');
}

export function saveSecret(dataDir: string, targetId: string, secret: string): void {
  readOrCreateSecretFile(path.join(dataDir, DIR), `${targetId}.secret`, () => secret);
}

/** The secret on file, checked against the ledgered hash. */
export function readSecret(dataDir: string, targetId: string, expectedHash: string): string {
  let secret: string;
  try {
    secret = fs.readFileSync(path.join(dataDir, DIR, `${targetId}.secret`), 'utf8');
  } catch {
    throw new ValidationError(
      `${targetId}: its secret file ${path.join(dataDir, DIR, `${targetId}.secret`)} is missing; remove the target and add it again`,
    );
  }
  if (secretHash(secret) !== expectedHash) {
    throw new ValidationError(
      `${targetId}: its secret file does not match the secret it was added with (replaced?); nothing sent`,
    );
  }
  return secret;
}

export function removeSecret(dataDir: string, targetId: string): void {
  fs.rmSync(path.join(dataDir, DIR, `${targetId}.secret`), { force: true });
}

/** Replaces every occurrence of a secret in text meant for people (receiver answers, errors). */
export function maskIn(text: string, secret: string | undefined): string {
  return secret ? text.split(secret).join(MASK) : text;
}
