import { describe, expect, it } from 'vitest';
import {
  bitAt,
  bitLength,
  isPowerOfTwo,
  isTreeSize,
  largestPowerOfTwoBelow,
  popCount,
  shiftRight,
  trailingZeros,
  xor,
} from '../../../src/ledger/bits.js';

// Reference answers from BigInt, over values on both sides of 2^32 and up to 2^53 - 1.
const MAX = 2 ** 53 - 1;
const samples: number[] = [
  0,
  1,
  2,
  3,
  7,
  8,
  2 ** 31 - 1,
  2 ** 31,
  2 ** 32 - 1,
  2 ** 32,
  2 ** 32 + 1,
];
samples.push(2 ** 40, 2 ** 40 - 1, 2 ** 52, 2 ** 52 + 1, MAX, MAX - 1, 0x1234_5678_9abc);
let seed = 12345;
for (let i = 0; i < 300; i++) {
  seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
  samples.push(Math.floor((seed / 2 ** 32) * 2 ** (1 + (i % 53))));
}
const big = (x: number): bigint => BigInt(x);
const refBitLength = (x: number): number => big(x).toString(2).replace(/^0$/, '').length;

describe('53-bit bit arithmetic', () => {
  it('matches BigInt on every sample', () => {
    for (const x of samples) {
      expect(bitLength(x), `bitLength ${x}`).toBe(refBitLength(x));
      expect(popCount(x), `popCount ${x}`).toBe(
        [...big(x).toString(2)].filter((c) => c === '1').length,
      );
      if (x > 0) {
        const binary = big(x).toString(2);
        expect(trailingZeros(x), `tz ${x}`).toBe(binary.length - binary.lastIndexOf('1') - 1);
      }
      for (const s of [0, 1, 5, 31, 32, 33, 52]) {
        expect(shiftRight(x, s)).toBe(Number(big(x) >> BigInt(s)));
        expect(bitAt(x, s)).toBe(Number((big(x) >> BigInt(s)) & 1n));
      }
      for (const y of [0, 1, 2 ** 32 + 5, MAX, samples[(x % 97) + 3]]) {
        expect(xor(x, y), `xor ${x} ${y}`).toBe(Number(big(x) ^ big(y)));
      }
      expect(isPowerOfTwo(x)).toBe(x > 0 && (big(x) & (big(x) - 1n)) === 0n);
      if (x >= 2) {
        const k = largestPowerOfTwoBelow(x);
        expect(isPowerOfTwo(k) && k < x && k * 2 >= x, `k(${x}) = ${k}`).toBe(true);
      }
    }
  });

  it('accepts only non-negative safe integers as sizes', () => {
    for (const ok of [0, 1, MAX]) expect(isTreeSize(ok)).toBe(true);
    for (const bad of [-1, 0.5, MAX + 1, NaN, Infinity, '1', null, 1n])
      expect(isTreeSize(bad)).toBe(false);
  });
});
