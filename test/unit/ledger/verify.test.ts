import { describe, expect, it } from 'vitest';
import { hashLeaf } from '../../../src/ledger/hasher.js';
import { MerkleTree } from '../../../src/ledger/tree.js';
import {
  ProofError,
  rootFromInclusionProof,
  verifyConsistency,
  verifyInclusion,
} from '../../../src/ledger/verify.js';
import { testEntries } from '../../support/naive-merkle.js';
import { UniformTree } from '../../support/uniform-merkle.js';

function reasonOf(run: () => unknown): string {
  try {
    run();
  } catch (err) {
    expect(err).toBeInstanceOf(ProofError);
    return (err as ProofError).reason;
  }
  throw new Error('expected a ProofError');
}

describe('verifiers at sizes beyond 2^32 (53-bit arithmetic)', () => {
  const uniform = new UniformTree(Buffer.from('entry'));
  const sizes = [2 ** 32 - 1, 2 ** 32, 2 ** 32 + 1, 2 ** 40 + 12345, 2 ** 52 + 3, 2 ** 53 - 1];

  it('accepts true inclusion proofs and rejects them at a neighbouring size', () => {
    for (const size of sizes) {
      for (const index of [0, 1, 2 ** 31, 2 ** 32 + 7, Math.floor(size / 3), size - 2, size - 1]) {
        if (index >= size) continue;
        const proof = uniform.path(index, size);
        verifyInclusion(index, size, uniform.leafHash, proof, uniform.root(size));
        expect(rootFromInclusionProof(index, size, uniform.leafHash, proof)).toEqual(
          uniform.root(size),
        );
        expect(() =>
          verifyInclusion(index, size, uniform.leafHash, proof, uniform.root(size - 1)),
        ).toThrow(ProofError);
      }
    }
  });

  it('accepts true consistency proofs between large sizes', () => {
    for (const size2 of sizes) {
      for (const size1 of [
        1,
        2 ** 31 + 1,
        2 ** 32,
        2 ** 32 + 3,
        Math.floor(size2 / 2),
        size2 - 1,
        size2,
      ]) {
        if (size1 > size2) continue;
        const proof = uniform.proof(size1, size2);
        verifyConsistency(size1, size2, uniform.root(size1), uniform.root(size2), proof);
        if (size1 === size2) continue;
        const swapped = () =>
          verifyConsistency(size1, size2, uniform.root(size2), uniform.root(size1), proof);
        expect(reasonOf(swapped)).toBe('root_mismatch');
      }
    }
  });
});

describe('verifier errors', () => {
  const leaves = testEntries(10).map(hashLeaf);
  const tree = new MerkleTree(leaves);
  const proof = tree.inclusionProof(3, 10);

  it('names the reason in the message', () => {
    expect(() => verifyInclusion(10, 10, leaves[3], proof, tree.root())).toThrow(
      /leaf index 10 is not in \[0, 10\) \(index_out_of_range\)/,
    );
    expect(() => verifyInclusion(3, 10, leaves[3], proof.slice(1), tree.root())).toThrow(
      /proof has 3 hashes, want 4 \(bad_proof_length\)/,
    );
    expect(() => verifyConsistency(5, 4, tree.root(5), tree.root(4), [])).toThrow(
      /size_decreasing/,
    );
  });

  it('has a stable name and reason for callers to map', () => {
    const err = new ProofError('root_mismatch', 'x');
    expect(err.name).toBe('ProofError');
    expect(err.reason).toBe('root_mismatch');
    expect(err).toBeInstanceOf(Error);
  });

  it('accepts equal sizes only with an empty proof and equal roots', () => {
    verifyConsistency(7, 7, tree.root(7), tree.root(7), []);
    expect(reasonOf(() => verifyConsistency(7, 7, tree.root(7), tree.root(8), []))).toBe(
      'root_mismatch',
    );
    expect(reasonOf(() => verifyConsistency(7, 7, tree.root(7), tree.root(7), [leaves[0]]))).toBe(
      'nonempty_proof_equal_sizes',
    );
  });

  it('validates attacker-shaped values before hashing', () => {
    const root = tree.root();
    const cases: [string, () => void][] = [
      ['bad_size', () => verifyInclusion(0, '10' as unknown as number, leaves[0], proof, root)],
      [
        'index_out_of_range',
        () => verifyInclusion(null as unknown as number, 10, leaves[0], proof, root),
      ],
      [
        'bad_hash_length',
        () => verifyInclusion(3, 10, 'x'.repeat(32) as unknown as Buffer, proof, root),
      ],
      [
        'bad_proof_length',
        () => verifyInclusion(3, 10, leaves[3], null as unknown as Buffer[], root),
      ],
      [
        'bad_hash_length',
        () =>
          verifyInclusion(3, 10, leaves[3], [...proof.slice(1), null as unknown as Buffer], root),
      ],
      ['bad_size', () => verifyConsistency(-1, 10, root, root, [])],
      ['bad_size', () => verifyConsistency(1, Infinity, root, root, [])],
      [
        'bad_proof_length',
        () => verifyConsistency(3, 10, tree.root(3), root, 'abc' as unknown as Buffer[]),
      ],
    ];
    for (const [want, run] of cases) expect(reasonOf(run)).toBe(want);
  });

  it('does not return or keep references to its inputs', () => {
    const leafCopy = Buffer.from(leaves[0]);
    const single = new MerkleTree([leafCopy]);
    const root = rootFromInclusionProof(0, 1, leafCopy, []);
    root.fill(0);
    expect(leafCopy.equals(leaves[0])).toBe(true);
    verifyInclusion(0, 1, leafCopy, [], single.root());
  });
});
