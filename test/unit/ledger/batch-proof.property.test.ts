/**
 * Batch inclusion proofs (evid-pack/v2), both implementations: src/ledger/batch-proof.ts
 * and the offline verifier templates/verify.mjs. A proof made for a leaf set accepts
 * exactly that set: any other set, any changed leaf, any forged, dropped or extra node is
 * rejected. Checked on random trees and sets (fast-check), and against the naive rule
 * "recompute the root from all leaves".
 */
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BatchProofWriter, gapRanges, verifyBatchProof } from '../../../src/ledger/batch-proof.js';
import { MerkleTree } from '../../../src/ledger/tree.js';
import * as offline from '../../../templates/verify.mjs';

type Leaf = { index: number; hash: Buffer };
type Verify = (size: number, root: Buffer, leaves: Leaf[], nodes: Buffer[]) => void;

/** The flat form over verify.mjs's streaming verifier, as its v2 reader feeds it. */
const offlineVerify: Verify = (size, root, leaves, nodes) => {
  const v = new offline.BatchVerifier(size, root);
  let next = 0;
  let pos = 0;
  const take = (hi: number): void => {
    const count = pos >= hi ? 0 : offline.gapRanges(pos, hi, size).length;
    for (let i = 0; i < count; i++) {
      if (next >= nodes.length) throw new Error('too short');
      v.node(nodes[next++]!);
    }
  };
  for (const leaf of leaves) {
    take(leaf.index);
    v.leaf(leaf.index, leaf.hash);
    pos = leaf.index + 1;
  }
  take(size);
  if (next !== nodes.length) throw new Error('too long');
  v.finish();
};

const VERIFIERS: Array<[string, Verify]> = [
  ['src/ledger/batch-proof.ts', verifyBatchProof],
  ['templates/verify.mjs', offlineVerify],
];

const leafOf = (i: number): Buffer => createHash('sha256').update(`leaf ${i}`).digest();

function prove(size: number, set: number[]): { tree: MerkleTree; nodes: Buffer[] } {
  const tree = new MerkleTree(Array.from({ length: size }, (_, i) => leafOf(i)));
  const w = new BatchProofWriter(tree, size);
  const nodes: Buffer[] = [];
  for (const i of set) nodes.push(...w.nodesBefore(i));
  nodes.push(...w.end());
  return { tree, nodes };
}

/** MTH(D[lo:hi]) the slow way, for a range on the right border. */
function border(lo: number, hi: number): Buffer {
  return new MerkleTree(Array.from({ length: hi - lo }, (_, i) => leafOf(lo + i))).root();
}

const leavesOf = (set: number[]): Leaf[] => set.map((index) => ({ index, hash: leafOf(index) }));

/** A tree size and a non-empty sorted set of its leaf indices. */
const treeAndSet = fc
  .integer({ min: 1, max: 200 })
  .chain((size) =>
    fc
      .uniqueArray(fc.integer({ min: 0, max: size - 1 }), { minLength: 1, maxLength: size })
      .map((s) => ({ size, set: s.sort((a, b) => a - b) })),
  );

describe('gap tiling', () => {
  it('tiles every gap with subtrees of the tree, maximal and in order', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 300 })
          .chain((size) =>
            fc
              .tuple(fc.integer({ min: 0, max: size }), fc.integer({ min: 0, max: size }))
              .map(([a, b]) => ({ size, lo: Math.min(a, b), hi: Math.max(a, b) })),
          ),
        ({ size, lo, hi }) => {
          fc.pre(!(lo === 0 && hi === size));
          const ranges = gapRanges(lo, hi, size);
          let p = lo;
          for (const r of ranges) {
            expect(r.lo).toBe(p);
            p = r.hi;
          }
          expect(p).toBe(hi);
          expect(offline.gapRanges(lo, hi, size)).toEqual(ranges.map((r) => [r.lo, r.hi]));
        },
      ),
    );
  });
});

describe.each(VERIFIERS)('batch proofs, verified by %s', (_name, verify) => {
  it('accept the leaf set they were made for', () => {
    fc.assert(
      fc.property(treeAndSet, ({ size, set }) => {
        const { tree, nodes } = prove(size, set);
        verify(size, tree.root(), leavesOf(set), nodes);
      }),
    );
  });

  it('reject any other leaf set', () => {
    fc.assert(
      fc.property(
        treeAndSet.chain(({ size, set }) =>
          fc
            .uniqueArray(fc.integer({ min: 0, max: size - 1 }), { minLength: 1, maxLength: size })
            .map((other) => ({ size, set, other: other.sort((a, b) => a - b) })),
        ),
        ({ size, set, other }) => {
          fc.pre(other.join() !== set.join());
          const { tree, nodes } = prove(size, set);
          expect(() => verify(size, tree.root(), leavesOf(other), nodes)).toThrow();
        },
      ),
    );
  });

  it('reject a changed leaf, a forged, dropped or extra node', () => {
    fc.assert(
      fc.property(treeAndSet, fc.nat(), fc.nat(255), ({ size, set }, pick, bit) => {
        const { tree, nodes } = prove(size, set);
        const root = tree.root();
        const leaves = leavesOf(set);
        const changed = leaves.map((l) => ({ ...l, hash: Buffer.from(l.hash) }));
        changed[pick % changed.length]!.hash[bit % 32]! ^= 1 << (bit % 8);
        expect(() => verify(size, root, changed, nodes)).toThrow();
        if (nodes.length) {
          const forged = nodes.map((n) => Buffer.from(n));
          forged[pick % forged.length]![bit % 32]! ^= 1;
          expect(() => verify(size, root, leaves, forged)).toThrow();
          const dropped = nodes.filter((_, i) => i !== pick % nodes.length);
          expect(() => verify(size, root, leaves, dropped)).toThrow();
        }
        expect(() => verify(size, root, leaves, [...nodes, leafOf(size)])).toThrow();
      }),
    );
  });

  it('store nothing for a run of consecutive leaves but the subtrees around it', () => {
    const size = 1000;
    const set = Array.from({ length: 512 }, (_, i) => i + 256);
    const { tree, nodes } = prove(size, set);
    verify(size, tree.root(), leavesOf(set), nodes);
    // [0, 256) is one subtree, and so is [768, 1000) (the right border of the tree).
    expect(nodes).toEqual([tree.root(256), border(768, 1000)]);
  });
});
