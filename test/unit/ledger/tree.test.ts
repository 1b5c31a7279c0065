import { describe, expect, it } from 'vitest';
import { Frontier } from '../../../src/ledger/frontier.js';
import { hashLeaf } from '../../../src/ledger/hasher.js';
import { MerkleTree, rootFromLeaves } from '../../../src/ledger/tree.js';
import {
  rootFromInclusionProof,
  verifyConsistency,
  verifyInclusion,
} from '../../../src/ledger/verify.js';
import { naivePath, naiveProof, naiveRoot, testEntries } from '../../support/naive-merkle.js';

const MAX = 64;
const entries = testEntries(MAX);
const leafHashes = entries.map(hashLeaf);
const tree = new MerkleTree(leafHashes);
const naiveRoots = Array.from({ length: MAX + 1 }, (_, n) => naiveRoot(entries.slice(0, n)));
const hex = (hashes: Buffer[]): string[] => hashes.map((h) => h.toString('hex'));

describe('MerkleTree against the naive RFC 9162 reference, every pair up to 64', () => {
  it('gives the naive root for every size, as do rootFromLeaves and the frontier', () => {
    const frontier = Frontier.empty();
    for (let size = 0; size <= MAX; size++) {
      const want = naiveRoots[size].toString('hex');
      expect(tree.root(size).toString('hex'), `tree ${size}`).toBe(want);
      expect(rootFromLeaves(leafHashes.slice(0, size)).toString('hex'), `leaves ${size}`).toBe(
        want,
      );
      expect(frontier.root().toString('hex'), `frontier ${size}`).toBe(want);
      if (size < MAX) frontier.append(leafHashes[size]);
    }
  });

  it('gives the same PATH as hex (inclusionProofHex, memoised), for every pair', () => {
    for (let size = 1; size <= MAX; size++) {
      for (let index = 0; index < size; index++) {
        expect(tree.inclusionProofHex(index, size)).toEqual(hex(tree.inclusionProof(index, size)));
      }
    }
    // and again out of order, across sizes, so the memo is reset and reused
    for (const [index, size] of [
      [63, 64],
      [0, 33],
      [32, 33],
      [5, 64],
      [0, 33],
    ] as const) {
      expect(tree.inclusionProofHex(index, size)).toEqual(hex(tree.inclusionProof(index, size)));
    }
  });

  it('builds the same tree from packed leaf hashes (fromPacked), for every size', () => {
    for (let size = 0; size <= MAX; size++) {
      const packed = MerkleTree.fromPacked(Buffer.concat(leafHashes.slice(0, size)));
      expect(packed.size).toBe(size);
      expect(packed.root().toString('hex'), `packed ${size}`).toBe(
        naiveRoots[size].toString('hex'),
      );
      if (size > 1)
        expect(hex(packed.inclusionProof(size - 2, size))).toEqual(
          hex(tree.inclusionProof(size - 2, size)),
        );
    }
    expect(() => MerkleTree.fromPacked(Buffer.alloc(33))).toThrow(RangeError);
  });

  it('gives the naive PATH for every 0 <= index < size <= 64, and it verifies', () => {
    let pairs = 0;
    for (let size = 1; size <= MAX; size++) {
      const prefix = entries.slice(0, size);
      for (let index = 0; index < size; index++) {
        const proof = tree.inclusionProof(index, size);
        expect(hex(proof), `PATH(${index}, ${size})`).toEqual(hex(naivePath(index, prefix)));
        verifyInclusion(index, size, leafHashes[index], proof, naiveRoots[size]);
        expect(rootFromInclusionProof(index, size, leafHashes[index], proof)).toEqual(
          naiveRoots[size],
        );
        pairs++;
      }
    }
    expect(pairs).toBe((MAX * (MAX + 1)) / 2);
  });

  it('gives the naive PROOF for every 1 <= size1 <= size2 <= 64, and it verifies', () => {
    let pairs = 0;
    for (let size2 = 1; size2 <= MAX; size2++) {
      const prefix = entries.slice(0, size2);
      for (let size1 = 1; size1 <= size2; size1++) {
        const proof = tree.consistencyProof(size1, size2);
        expect(hex(proof), `PROOF(${size1}, ${size2})`).toEqual(hex(naiveProof(size1, prefix)));
        verifyConsistency(size1, size2, naiveRoots[size1], naiveRoots[size2], proof);
        pairs++;
      }
    }
    expect(pairs).toBe((MAX * (MAX + 1)) / 2);
  });

  it('gives the same proofs whether built for a prefix or for more leaves', () => {
    const small = new MerkleTree(leafHashes.slice(0, 37));
    for (const [a, b] of [
      [0, 37],
      [36, 37],
      [20, 37],
      [5, 13],
    ]) {
      expect(hex(small.inclusionProof(a, b))).toEqual(hex(tree.inclusionProof(a, b)));
      expect(hex(small.consistencyProof(a + 1, b))).toEqual(hex(tree.consistencyProof(a + 1, b)));
    }
  });
});

describe('MerkleTree at larger sizes', () => {
  const count = 1000;
  const many = testEntries(count);
  const big = new MerkleTree(many.map(hashLeaf));

  it('agrees with the naive reference on a sample of sizes and pairs', () => {
    for (const size of [65, 127, 128, 129, 500, 511, 512, 513, 999, 1000]) {
      const prefix = many.slice(0, size);
      const root = naiveRoot(prefix);
      expect(big.root(size)).toEqual(root);
      for (const index of [0, 1, size >> 1, size - 2, size - 1]) {
        expect(hex(big.inclusionProof(index, size))).toEqual(hex(naivePath(index, prefix)));
      }
      for (const size1 of [1, 2, 63, 64, size >> 1, size - 1, size]) {
        expect(hex(big.consistencyProof(size1, size))).toEqual(hex(naiveProof(size1, prefix)));
      }
    }
  });

  it('answers repeated proofs at one size identically (memoised right border)', () => {
    const first = hex(big.inclusionProof(3, 999));
    big.inclusionProof(998, 999);
    big.consistencyProof(10, 777);
    expect(hex(big.inclusionProof(3, 999))).toEqual(first);
  });
});

describe('MerkleTree preconditions', () => {
  it('rejects leaves that are not 32-byte hashes', () => {
    expect(() => new MerkleTree([Buffer.alloc(31)])).toThrow(RangeError);
  });

  it.each([
    ['index = size', () => tree.inclusionProof(5, 5)],
    ['negative index', () => tree.inclusionProof(-1, 5)],
    ['size beyond the leaves', () => tree.inclusionProof(0, MAX + 1)],
    ['fractional size', () => tree.root(1.5)],
    ['root beyond the leaves', () => tree.root(MAX + 1)],
    ['consistency from 0', () => tree.consistencyProof(0, 5)],
    ['consistency size1 > size2', () => tree.consistencyProof(6, 5)],
    ['consistency beyond the leaves', () => tree.consistencyProof(1, MAX + 1)],
  ])('throws RangeError for %s', (_name, run) => {
    expect(run).toThrow(RangeError);
  });

  it('returns copies, so callers cannot corrupt the tree', () => {
    const before = tree.root(10).toString('hex');
    tree.root(10).fill(0);
    tree.inclusionProof(3, 10).forEach((h) => h.fill(0));
    tree.consistencyProof(3, 10).forEach((h) => h.fill(0));
    expect(tree.root(10).toString('hex')).toBe(before);
    expect(tree.root(8).equals(naiveRoots[8])).toBe(true);
  });
});
