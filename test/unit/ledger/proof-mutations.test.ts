import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EMPTY_ROOT, hashLeaf, sha256 } from '../../../src/ledger/hasher.js';
import { MerkleTree } from '../../../src/ledger/tree.js';
import { ProofError, verifyConsistency, verifyInclusion } from '../../../src/ledger/verify.js';
import { testEntries } from '../../support/naive-merkle.js';

interface Mutation {
  desc: string;
  mutation: string;
  wantErr: string | string[];
}
interface Vectors {
  inclusion_cases: [number, number][];
  consistency_cases: [number, number][];
  inclusion: Mutation[];
  consistency: Mutation[];
}

const vectors = JSON.parse(
  readFileSync(new URL('../../vectors/proof-mutations.json', import.meta.url), 'utf8'),
) as Vectors;

const tree = new MerkleTree(testEntries(128).map(hashLeaf));
const RANDOM = sha256(Buffer.from('some other hash'));
const UNSAFE = 2 ** 53;

type Bytes = Uint8Array;
interface InclusionProbe {
  index: number;
  size: number;
  leaf: Bytes;
  proof: Bytes[];
  root: Bytes;
}
interface ConsistencyProbe {
  size1: number;
  size2: number;
  root1: Bytes;
  root2: Bytes;
  proof: Bytes[];
}

const flipBit = (hash: Bytes): Buffer => {
  const copy = Buffer.from(hash);
  copy[0] ^= 8;
  return copy;
};
const withElement = (proof: Bytes[], i: number, value: unknown): Bytes[] =>
  proof.map((h, j) => (j === i ? (value as Bytes) : h));
const swapEnds = (proof: Bytes[]): Bytes[] | undefined =>
  proof.length < 2 ? undefined : [proof.at(-1)!, ...proof.slice(1, -1), proof[0]];
const hex = (h: Bytes): Bytes => Buffer.from(h).toString('hex') as unknown as Bytes;

/** Proof-list mutations shared by both proof kinds; undefined = not applicable. */
function mutateProof(name: string, proof: Bytes[]): Bytes[] | Bytes[][] | undefined {
  const n = proof.length;
  const mid = Math.floor(n / 2);
  switch (name) {
    case 'flip_bit_each':
      return n === 0 ? undefined : proof.map((h, i) => withElement(proof, i, flipBit(h)));
    case 'insert_element':
      return [...proof.slice(0, mid), RANDOM, ...proof.slice(mid)];
    case 'remove_first':
      return n === 0 ? undefined : proof.slice(1);
    case 'remove_last':
      return n === 0 ? undefined : proof.slice(0, -1);
    case 'truncate_half':
      return n === 0 ? undefined : proof.slice(0, mid);
    case 'append_empty':
      return [...proof, Buffer.alloc(0)];
    case 'append_random':
      return [...proof, RANDOM];
    case 'prepend_empty':
      return [Buffer.alloc(0), ...proof];
    case 'prepend_random':
      return [RANDOM, ...proof];
    case 'prepend_first':
      return n === 0 ? undefined : [proof[0], ...proof];
    case 'truncate_element':
      return n === 0 ? undefined : withElement(proof, n - 1, proof[n - 1].subarray(0, 16));
    case 'extend_element':
      return n === 0
        ? undefined
        : withElement(proof, n - 1, Buffer.concat([proof[n - 1], Buffer.of(0)]));
    case 'element_as_text':
      return n === 0 ? undefined : withElement(proof, 0, hex(proof[0]));
    case 'swap_elements':
      return swapEnds(proof);
    case 'proof_not_array':
      return { length: n } as unknown as Bytes[];
    default:
      throw new Error(`unknown proof mutation ${name}`);
  }
}

function mutateInclusion(name: string, p: InclusionProbe): InclusionProbe[] | undefined {
  const one = (changes: Partial<InclusionProbe>): InclusionProbe[] => [{ ...p, ...changes }];
  switch (name) {
    case 'wrong_leaf':
      return one({ leaf: hashLeaf(Buffer.from('WrongLeaf')) });
    case 'short_leaf':
      return one({ leaf: Buffer.from('WrongLeaf') });
    case 'random_root':
      return one({ root: RANDOM });
    case 'empty_root':
      return one({ root: EMPTY_ROOT });
    case 'short_root':
      return one({ root: p.root.subarray(0, 31) });
    case 'root_as_text':
      return one({ root: hex(p.root) });
    case 'index_plus_1':
      return one({ index: p.index + 1 });
    case 'index_minus_1':
      return one({ index: p.index - 1 });
    case 'index_xor_1':
      return one({ index: p.index ^ 1 });
    case 'index_xor_2':
      return one({ index: p.index ^ 2 });
    case 'index_equals_size':
      return one({ index: p.size });
    case 'index_negative':
      return one({ index: -1 });
    case 'index_fraction':
      return one({ index: p.index + 0.5 });
    case 'index_unsafe':
      return one({ index: UNSAFE, size: UNSAFE - 1 });
    case 'size_times_2':
      return one({ size: p.size * 2 });
    case 'size_div_2':
      return one({ size: Math.floor(p.size / 2) });
    case 'size_zero':
      return one({ size: 0 });
    case 'size_nan':
      return one({ size: NaN });
    case 'size_unsafe':
      return one({ size: UNSAFE });
    case 'prepend_root':
      return one({ proof: [p.root, ...p.proof] });
    case 'append_root':
      return one({ proof: [...p.proof, p.root] });
  }
  const proofs = mutateProof(name, p.proof);
  if (proofs === undefined) return undefined;
  const list = name === 'flip_bit_each' ? (proofs as Bytes[][]) : [proofs as Bytes[]];
  return list.map((proof) => ({ ...p, proof }));
}

function mutateConsistency(name: string, p: ConsistencyProbe): ConsistencyProbe[] | undefined {
  const one = (changes: Partial<ConsistencyProbe>): ConsistencyProbe[] => [{ ...p, ...changes }];
  switch (name) {
    case 'swap_roots':
      return one({ root1: p.root2, root2: p.root1 });
    case 'random_root1':
      return one({ root1: RANDOM });
    case 'random_root2':
      return one({ root2: RANDOM });
    case 'empty_root1':
      return one({ root1: EMPTY_ROOT });
    case 'empty_root2':
      return one({ root2: EMPTY_ROOT });
    case 'short_root1':
      return one({ root1: p.root1.subarray(0, 31) });
    case 'text_root2':
      return one({ root2: Buffer.from('WrongRoot') });
    case 'size2_below_size1':
      return one({ size2: p.size1 - 1 });
    case 'swap_sizes':
      return one({ size1: p.size2, size2: p.size1 });
    case 'size1_zero':
      return one({ size1: 0 });
    case 'both_empty':
      return one({ size1: 0, size2: 0, root1: EMPTY_ROOT, root2: EMPTY_ROOT, proof: [] });
    case 'equal_sizes_nonempty_proof':
      return one({ size2: p.size1, root2: p.root1 });
    case 'equal_sizes_different_roots':
      return one({ size2: p.size1, root2: RANDOM, proof: [] });
    case 'empty_proof':
      return one({ proof: [] });
    case 'size1_plus_1':
      return one({ size1: p.size1 + 1 });
    case 'size1_minus_1':
      return one({ size1: p.size1 - 1 });
    case 'size1_xor_2':
      return one({ size1: p.size1 ^ 2 });
    case 'size2_times_2':
      return one({ size2: p.size2 * 2 });
    case 'size2_div_2':
      return one({ size2: Math.floor(p.size2 / 2) });
    case 'size1_fraction':
      return one({ size1: p.size1 + 0.5 });
    case 'size2_unsafe':
      return one({ size2: UNSAFE });
    case 'prepend_root1':
      return one({ proof: [p.root1, ...p.proof] });
    case 'prepend_root2':
      return one({ proof: [p.root2, ...p.proof] });
    case 'append_root1':
      return one({ proof: [...p.proof, p.root1] });
    case 'append_root2':
      return one({ proof: [...p.proof, p.root2] });
  }
  const proofs = mutateProof(name, p.proof);
  if (proofs === undefined) return undefined;
  const list = name === 'flip_bit_each' ? (proofs as Bytes[][]) : [proofs as Bytes[]];
  return list.map((proof) => ({ ...p, proof }));
}

function expectProofError(run: () => void, want: string | string[], label: string): void {
  let caught: unknown;
  try {
    run();
  } catch (err) {
    caught = err;
  }
  expect(caught, `${label}: accepted`).toBeInstanceOf(ProofError);
  const reason = (caught as ProofError).reason;
  expect([want].flat(), `${label}: reason ${reason}`).toContain(reason);
}

describe('proof mutation matrix (test/vectors/proof-mutations.json)', () => {
  it('rejects every mutation of every inclusion proof', () => {
    let probes = 0;
    for (const [index, size] of vectors.inclusion_cases) {
      const valid: InclusionProbe = {
        index,
        size,
        leaf: hashLeaf(testEntries(128)[index]),
        proof: tree.inclusionProof(index, size),
        root: tree.root(size),
      };
      const { leaf, proof, root } = valid;
      expect(() => verifyInclusion(index, size, leaf, proof, root)).not.toThrow();
      for (const m of vectors.inclusion) {
        for (const [k, p] of (mutateInclusion(m.mutation, valid) ?? []).entries()) {
          const label = `inclusion (${index}, ${size}) ${m.desc} #${k}`;
          expectProofError(
            () => verifyInclusion(p.index, p.size, p.leaf, p.proof, p.root),
            m.wantErr,
            label,
          );
          probes++;
        }
      }
    }
    expect(probes).toBeGreaterThan(vectors.inclusion_cases.length * 30);
  });

  it('rejects every mutation of every consistency proof', () => {
    let probes = 0;
    for (const [size1, size2] of vectors.consistency_cases) {
      const valid: ConsistencyProbe = {
        size1,
        size2,
        root1: tree.root(size1),
        root2: tree.root(size2),
        proof: tree.consistencyProof(size1, size2),
      };
      const { root1, root2, proof } = valid;
      expect(() => verifyConsistency(size1, size2, root1, root2, proof)).not.toThrow();
      for (const m of vectors.consistency) {
        for (const [k, p] of (mutateConsistency(m.mutation, valid) ?? []).entries()) {
          const label = `consistency (${size1}, ${size2}) ${m.desc} #${k}`;
          expectProofError(
            () => verifyConsistency(p.size1, p.size2, p.root1, p.root2, p.proof),
            m.wantErr,
            label,
          );
          probes++;
        }
      }
    }
    expect(probes).toBeGreaterThan(vectors.consistency_cases.length * 30);
  });

  it('names every mutation the vectors use', () => {
    const p = { index: 1, size: 4, leaf: RANDOM, proof: [RANDOM, RANDOM], root: RANDOM };
    for (const m of vectors.inclusion) expect(() => mutateInclusion(m.mutation, p)).not.toThrow();
    const c = { size1: 3, size2: 5, root1: RANDOM, root2: RANDOM, proof: [RANDOM, RANDOM] };
    for (const m of vectors.consistency)
      expect(() => mutateConsistency(m.mutation, c)).not.toThrow();
  });
});
