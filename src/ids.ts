import { nodeCrypto } from './lazy-crypto.js';

// Crockford base32, as ULID uses: ids sort by creation time and read without ambiguity.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

// Random bytes drawn from the CSPRNG a few thousand at a time: randomBytes(16) per id cost
// about as much as the rest of the id (the server makes two per request: request id and
// trace id). Every byte is used once, so ids stay as unpredictable as before.
const POOL_SIZE = 4096;
const pool = Buffer.alloc(POOL_SIZE);
let poolOffset = POOL_SIZE;

/** A ULID (26 chars: 48-bit ms time + 80 random bits). Monotonic enough for ordering ids. */
export function ulid(now: number = Date.now()): string {
  let time = '';
  let t = now;
  for (let i = 0; i < 10; i++) {
    time = ALPHABET[t % 32]! + time;
    t = Math.floor(t / 32);
  }
  if (poolOffset + 16 > POOL_SIZE) {
    nodeCrypto().randomFillSync(pool);
    poolOffset = 0;
  }
  let rand = '';
  for (let i = poolOffset; i < poolOffset + 16; i++) rand += ALPHABET[pool[i]! % 32];
  poolOffset += 16;
  return time + rand;
}

export const newTraceId = (now?: number): string => `tr_${ulid(now)}`;
export const newFindingId = (now?: number): string => `fd_${ulid(now)}`;
export const newPackId = (now?: number): string => `pk_${ulid(now)}`;
