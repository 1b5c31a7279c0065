import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_ROOT,
  HASH_SIZE,
  hashChildren,
  hashChildrenInto,
  hashLeaf,
  sha256,
  sha256Utf8,
} from '../../../src/ledger/hasher.js';

const ref = (...parts: Uint8Array[]): Buffer =>
  createHash('sha256').update(Buffer.concat(parts)).digest();

describe('hasher (RFC 9162 2.1.1)', () => {
  it('has the constants', () => {
    expect(HASH_SIZE).toBe(32);
    expect(EMPTY_ROOT.toString('hex')).toBe(
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    );
  });

  it('hashes leaves and nodes with domain-separating prefixes', () => {
    // RFC 6962 test vector: the leaf hash of the empty entry.
    expect(hashLeaf(Buffer.alloc(0)).toString('hex')).toBe(
      '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
    );
    const [a, b] = [randomBytes(32), randomBytes(32)];
    expect(hashChildren(a, b)).toEqual(ref(Buffer.of(1), a, b));
    expect(hashChildren(a, b)).not.toEqual(hashChildren(b, a));
    expect(hashLeaf(Buffer.concat([a, b]))).not.toEqual(hashChildren(a, b));
  });

  it('matches a plain SHA-256 for every input length around the scratch buffer size', () => {
    for (const length of [
      0, 1, 31, 32, 33, 55, 56, 63, 64, 65, 1000, 1022, 1023, 1024, 1025, 5000,
    ]) {
      const data = randomBytes(length);
      expect(hashLeaf(data), `leaf ${length}`).toEqual(ref(Buffer.of(0), data));
      expect(sha256(data), `sha256 ${length}`).toEqual(ref(data));
      expect(sha256(data, data.subarray(0, 7)), `sha256 parts ${length}`).toEqual(
        ref(data, data.subarray(0, 7)),
      );
    }
    expect(sha256Utf8('h\u00e9llo \ud83d\ude00')).toEqual(
      ref(Buffer.from('h\u00e9llo \ud83d\ude00', 'utf8')),
    );
  });

  it('returns fresh buffers that do not alias each other or the scratch space', () => {
    const first = hashLeaf(Buffer.from('a'));
    const copy = Buffer.from(first);
    hashLeaf(Buffer.from('b'));
    hashChildren(first, first);
    expect(first).toEqual(copy);
  });

  it('writes parents in place from adjacent children', () => {
    const children = randomBytes(128);
    const out = Buffer.alloc(64);
    hashChildrenInto(children, 64, out, 32);
    expect(out.subarray(32)).toEqual(ref(Buffer.of(1), children.subarray(64)));
    expect(out.subarray(0, 32)).toEqual(Buffer.alloc(32));
  });

  it('refuses children that are not 32-byte hashes', () => {
    expect(() => hashChildren(Buffer.alloc(31), Buffer.alloc(32))).toThrow(RangeError);
    expect(() => hashChildren(Buffer.alloc(32), Buffer.alloc(33))).toThrow(RangeError);
  });
});
