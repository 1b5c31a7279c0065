/**
 * Dashboard passwords: scrypt (RFC 7914) with a per-user random salt, the parameters kept
 * beside the hash so they can be raised later without breaking stored ones. A password is
 * chosen by a person, so unlike API keys (256 random bits, a fast hash is enough) it is
 * stretched: N = 2^15, r = 8, p = 1 costs about 32 MiB and tens of milliseconds per try.
 *
 * Stored form: `scrypt$<N>$<r>$<p>$<salt base64url>$<hash base64url>`.
 */
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { ValidationError } from '../errors.js';

const N = 1 << 15;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;
const SALT_BYTES = 16;
/** Node refuses scrypt above 32 MiB unless told; 128 * N * r is exactly 32 MiB here. */
const maxmem = (n: number, r: number): number => 256 * n * r;

export const MIN_PASSWORD_LENGTH = 12;
const MAX_PASSWORD_LENGTH = 1024;

function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password, salt, KEY_LENGTH, { N: n, r, p, maxmem: maxmem(n, r) }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

/** Refuses a password too short to resist guessing, or absurdly long (exit 2 / 400). */
export function checkPassword(password: string): void {
  const length = [...password].length;
  if (length < MIN_PASSWORD_LENGTH || length > MAX_PASSWORD_LENGTH) {
    throw new ValidationError(
      `password: must be ${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters (got ${length})`,
      { field: 'password' },
    );
  }
}

export async function hashPassword(password: string): Promise<string> {
  checkPassword(password);
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, N, R, P);
  return ['scrypt', N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Whether `password` matches a stored hash (constant-time); false for any malformed hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [n, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (![n, r, p].every(Number.isSafeInteger) || n > 1 << 20 || r > 32 || p > 16) return false;
  const salt = Buffer.from(parts[4]!, 'base64url');
  const expected = Buffer.from(parts[5]!, 'base64url');
  if (expected.length !== KEY_LENGTH) return false;
  const key = await derive(password, salt, n, r, p);
  return timingSafeEqual(key, expected);
}
