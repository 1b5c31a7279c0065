/**
 * Bit arithmetic on tree sizes and leaf indices held in JavaScript numbers.
 *
 * RFC 9162 sizes are 64-bit; ours are safe integers (< 2^53). JavaScript bitwise operators
 * truncate to 32 bits, so every helper here splits its argument into 32-bit halves or uses
 * exact power-of-two division instead. All of them require non-negative safe integers:
 * callers validate attacker-controlled input with `isTreeSize` before calling them.
 */

const TWO_32 = 2 ** 32;

/** True for a non-negative safe integer: the only sizes and indices we accept. */
export function isTreeSize(x: unknown): x is number {
  return Number.isSafeInteger(x) && (x as number) >= 0;
}

/** Number of bits needed to write x (Go's bits.Len64): 0 for 0, 1 for 1, 3 for 7. */
export function bitLength(x: number): number {
  if (x < TWO_32) return 32 - Math.clz32(x);
  return 64 - Math.clz32(Math.floor(x / TWO_32));
}

/** Number of set bits in x. */
export function popCount(x: number): number {
  return popCount32(x >>> 0) + popCount32(Math.floor(x / TWO_32));
}

function popCount32(v: number): number {
  v -= (v >>> 1) & 0x55555555;
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/** Number of trailing zero bits. Requires x > 0. */
export function trailingZeros(x: number): number {
  const lo = x >>> 0;
  if (lo !== 0) return 31 - Math.clz32(lo & -lo);
  const hi = Math.floor(x / TWO_32);
  return 63 - Math.clz32(hi & -hi);
}

/** a XOR b over the full 53 bits. */
export function xor(a: number, b: number): number {
  const hi = (Math.floor(a / TWO_32) ^ Math.floor(b / TWO_32)) >>> 0;
  return hi * TWO_32 + ((a ^ b) >>> 0);
}

/** x >> s (division by a power of two is exact in binary floating point). */
export function shiftRight(x: number, s: number): number {
  return Math.floor(x / 2 ** s);
}

/** Bit i of x, as 0 or 1. */
export function bitAt(x: number, i: number): number {
  return Math.floor(x / 2 ** i) % 2;
}

/** True when n is 2^k for some k >= 0. */
export function isPowerOfTwo(n: number): boolean {
  return n > 0 && 2 ** (bitLength(n) - 1) === n;
}

/** The k of RFC 9162 2.1.1: the largest power of two strictly below n. Requires n >= 2. */
export function largestPowerOfTwoBelow(n: number): number {
  return 2 ** (bitLength(n - 1) - 1);
}
