import { randomBytes } from 'node:crypto';

// Crockford base32, as ULID uses: ids sort by creation time and read without ambiguity.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A ULID (26 chars: 48-bit ms time + 80 random bits). Monotonic enough for ordering ids. */
export function ulid(now: number = Date.now()): string {
  let time = '';
  let t = now;
  for (let i = 0; i < 10; i++) {
    time = ALPHABET[t % 32]! + time;
    t = Math.floor(t / 32);
  }
  const bytes = randomBytes(16);
  let rand = '';
  for (let i = 0; i < 16; i++) rand += ALPHABET[bytes[i]! % 32];
  return time + rand;
}

export const newTraceId = (now?: number): string => `tr_${ulid(now)}`;
export const newFindingId = (now?: number): string => `fd_${ulid(now)}`;
export const newPackId = (now?: number): string => `pk_${ulid(now)}`;
