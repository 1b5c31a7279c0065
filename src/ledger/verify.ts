/**
 * Proof verification, pure functions over bytes: RFC 9162 2.1.3.2 (inclusion) and
 * 2.1.4.2 (consistency), in the decomposed form of transparency-dev/merkle `proof`.
 *
 * Threat model: the proof, index, sizes and hashes are attacker-controlled (a pack on disk,
 * a REST body, JSON of unknown origin). Every value is checked for type, range and length
 * before any hashing, the expected proof length is derived from (index, size) and enforced
 * exactly, and every failure throws a ProofError with a stable reason. There is no boolean
 * verdict to forget to check. Roots are public, so comparisons need not be constant-time.
 */
import { bitAt, bitLength, isTreeSize, popCount, shiftRight, trailingZeros, xor } from './bits.js';
import { HASH_SIZE, hashChildren } from './hasher.js';

export type ProofErrorReason =
  | 'index_out_of_range'
  | 'bad_size'
  | 'bad_hash_length'
  | 'bad_proof_length'
  | 'root_mismatch'
  | 'size_decreasing'
  | 'empty_tree'
  | 'nonempty_proof_equal_sizes'
  | 'empty_proof';

export class ProofError extends Error {
  readonly reason: ProofErrorReason;

  constructor(reason: ProofErrorReason, message: string) {
    super(`${message} (${reason})`);
    this.name = 'ProofError';
    this.reason = reason;
  }
}

/**
 * Recomputes MTH(D[0:size]) from a leaf hash and its audit path (RFC 9162 2.1.3.2).
 * Throws ProofError unless 0 <= index < size and the proof has exactly the path length
 * for (index, size). leafHash must be computed by the caller (hashLeaf of the entry it
 * means to prove), never taken from whoever sent the proof.
 */
export function rootFromInclusionProof(
  index: number,
  size: number,
  leafHash: Uint8Array,
  proof: readonly Uint8Array[],
): Buffer {
  checkIndex(index, size);
  checkHash(leafHash, 'leaf hash');
  // The path has one sibling per level where the leaf's and the last leaf's paths differ
  // (inner), then one per left-hand subtree on the right border (border).
  const inner = bitLength(xor(index, size - 1));
  const border = popCount(shiftRight(index, inner));
  checkProof(proof, inner + border);
  let hash: Buffer = Buffer.from(leafHash);
  for (let i = 0; i < inner; i++) {
    hash = bitAt(index, i) === 0 ? hashChildren(hash, proof[i]) : hashChildren(proof[i], hash);
  }
  for (let i = inner; i < proof.length; i++) hash = hashChildren(proof[i], hash);
  return hash;
}

/** Throws ProofError unless proof shows leafHash at index in the tree of size with root. */
export function verifyInclusion(
  index: number,
  size: number,
  leafHash: Uint8Array,
  proof: readonly Uint8Array[],
  root: Uint8Array,
): void {
  checkIndex(index, size);
  checkHash(leafHash, 'leaf hash');
  checkHash(root, 'root');
  const computed = rootFromInclusionProof(index, size, leafHash, proof);
  if (!computed.equals(root)) {
    throw new ProofError(
      'root_mismatch',
      `inclusion proof for leaf ${index} does not give the root of tree size ${size}`,
    );
  }
}

/**
 * Throws ProofError unless proof shows that the tree of size1 with root1 is a prefix of
 * the tree of size2 with root2 (RFC 9162 2.1.4.2). Requires 0 < size1 <= size2; equal
 * sizes need an empty proof and equal roots. An empty first tree is rejected ('empty_tree'):
 * it is trivially consistent with everything, so a caller meaning to check something
 * must notice rather than get a silent pass. The proof binds roots, not sizes (a proof
 * can also fit a larger claimed size2): take sizes and roots from signed tree heads.
 */
export function verifyConsistency(
  size1: number,
  size2: number,
  root1: Uint8Array,
  root2: Uint8Array,
  proof: readonly Uint8Array[],
): void {
  if (!isTreeSize(size1) || !isTreeSize(size2)) {
    throw new ProofError('bad_size', `tree sizes ${size1}, ${size2} are not safe integers >= 0`);
  }
  if (size2 < size1) throw new ProofError('size_decreasing', `size2 ${size2} < size1 ${size1}`);
  if (size1 === 0) {
    throw new ProofError('empty_tree', 'consistency from the empty tree proves nothing');
  }
  checkHash(root1, 'root1');
  checkHash(root2, 'root2');
  if (!Array.isArray(proof)) throw new ProofError('bad_proof_length', 'proof is not an array');
  if (size1 === size2) {
    if (proof.length !== 0) {
      throw new ProofError(
        'nonempty_proof_equal_sizes',
        `sizes are equal (${size1}) but the proof has ${proof.length} hashes`,
      );
    }
    if (!Buffer.from(root1).equals(root2)) {
      throw new ProofError('root_mismatch', `equal sizes (${size1}) with different roots`);
    }
    return;
  }
  if (proof.length === 0) {
    throw new ProofError('empty_proof', `empty proof for sizes ${size1} < ${size2}`);
  }

  // The path of leaf size1 - 1 in the new tree, minus the levels below the largest perfect
  // subtree ending at size1 (shift): that subtree's root is the seed, taken from root1 when
  // it is the whole old tree, else sent as proof[0].
  const shift = trailingZeros(size1);
  const inner = bitLength(xor(size1 - 1, size2 - 1)) - shift;
  const border = popCount(shiftRight(size1 - 1, inner + shift));
  const seedGiven = size1 === 2 ** shift;
  const start = seedGiven ? 0 : 1;
  checkProof(proof, start + inner + border);
  const mask = shiftRight(size1 - 1, shift);
  const seed: Buffer = Buffer.from(seedGiven ? root1 : proof[0]);

  // hash1 rebuilds the old root from the left siblings only (the old tree ends at the
  // seed, so it has no right-hand ones); hash2 rebuilds the new root from all of them.
  let hash1 = seed;
  let hash2 = seed;
  for (let i = 0; i < inner; i++) {
    const sibling = proof[start + i];
    if (bitAt(mask, i) === 1) {
      hash1 = hashChildren(sibling, hash1);
      hash2 = hashChildren(sibling, hash2);
    } else {
      hash2 = hashChildren(hash2, sibling);
    }
  }
  for (let i = start + inner; i < proof.length; i++) {
    hash1 = hashChildren(proof[i], hash1);
    hash2 = hashChildren(proof[i], hash2);
  }
  if (!hash1.equals(root1)) {
    throw new ProofError(
      'root_mismatch',
      `consistency proof does not give root1 of tree size ${size1}`,
    );
  }
  if (!hash2.equals(root2)) {
    throw new ProofError(
      'root_mismatch',
      `consistency proof does not give root2 of tree size ${size2}`,
    );
  }
}

function checkIndex(index: number, size: number): void {
  if (!isTreeSize(size)) {
    throw new ProofError('bad_size', `tree size ${size} is not a safe integer >= 0`);
  }
  if (!isTreeSize(index) || index >= size) {
    throw new ProofError('index_out_of_range', `leaf index ${index} is not in [0, ${size})`);
  }
}

function checkHash(hash: unknown, what: string): void {
  if (!(hash instanceof Uint8Array) || hash.length !== HASH_SIZE) {
    throw new ProofError('bad_hash_length', `${what} is not a ${HASH_SIZE}-byte hash`);
  }
}

/** Requires proof to be an array of exactly `want` 32-byte hashes. */
function checkProof(proof: readonly unknown[], want: number): void {
  if (!Array.isArray(proof)) throw new ProofError('bad_proof_length', 'proof is not an array');
  if (proof.length !== want) {
    throw new ProofError('bad_proof_length', `proof has ${proof.length} hashes, want ${want}`);
  }
  for (let i = 0; i < proof.length; i++) checkHash(proof[i], `proof[${i}]`);
}
