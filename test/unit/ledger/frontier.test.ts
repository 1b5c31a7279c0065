import { describe, expect, it } from 'vitest';
import { Frontier } from '../../../src/ledger/frontier.js';
import { hashLeaf } from '../../../src/ledger/hasher.js';
import { naiveRoot, testEntries } from '../../support/naive-merkle.js';

const entries = testEntries(300);
const leaves = entries.map(hashLeaf);

describe('Frontier (compact range)', () => {
  it('keeps one subtree root per set bit of the size and the RFC root at every size', () => {
    const frontier = Frontier.empty();
    for (let size = 1; size <= 300; size++) {
      frontier.append(leaves[size - 1]);
      expect(frontier.size).toBe(size);
      const bits = size
        .toString(2)
        .split('')
        .filter((c) => c === '1').length;
      expect(frontier.toJSON().hashes).toHaveLength(bits);
      if (size <= 70 || size % 37 === 0 || size === 300) {
        expect(frontier.root(), `size ${size}`).toEqual(naiveRoot(entries.slice(0, size)));
      }
    }
  });

  it('round-trips through JSON and continues identically', () => {
    const a = Frontier.empty();
    for (const leaf of leaves.slice(0, 77)) a.append(leaf);
    const b = Frontier.fromJSON(JSON.parse(JSON.stringify(a)));
    expect(b.size).toBe(77);
    expect(b.root()).toEqual(a.root());
    for (const leaf of leaves.slice(77, 100)) {
      a.append(leaf);
      b.append(leaf);
    }
    expect(b.toJSON()).toEqual(a.toJSON());
    expect(Frontier.fromJSON({ size: 0, hashes: [] }).root()).toEqual(naiveRoot([]));
  });

  it('clones independently, and copies appended hashes', () => {
    const a = Frontier.empty();
    const reused = Buffer.from(leaves[0]);
    a.append(reused);
    reused.fill(7); // the caller reuses its buffer
    const b = a.clone();
    b.append(leaves[1]);
    expect(a.size).toBe(1);
    expect(a.root()).toEqual(leaves[0]);
    expect(b.root()).toEqual(naiveRoot(entries.slice(0, 2)));
    a.root().fill(0); // roots are copies too
    expect(a.root()).toEqual(leaves[0]);
  });

  it.each([
    ['not an object', null],
    ['negative size', { size: -1, hashes: [] }],
    ['fractional size', { size: 1.5, hashes: ['00'.repeat(32)] }],
    ['too few hashes', { size: 3, hashes: ['00'.repeat(32)] }],
    ['too many hashes', { size: 2, hashes: ['00'.repeat(32), '00'.repeat(32)] }],
    ['short hash', { size: 1, hashes: ['00'.repeat(31)] }],
    ['uppercase hex', { size: 1, hashes: ['AB'.repeat(32)] }],
    ['not a string', { size: 1, hashes: [7] }],
  ])('fromJSON rejects %s', (_name, json) => {
    expect(() => Frontier.fromJSON(json)).toThrow(TypeError);
  });

  it('refuses leaf hashes that are not 32 bytes', () => {
    expect(() => Frontier.empty().append(Buffer.alloc(33))).toThrow(RangeError);
  });
});
