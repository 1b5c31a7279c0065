/**
 * Batch (multi-leaf) inclusion proofs over an RFC 9162 tree: for a sorted set S of leaf
 * indices in a tree of size n, the proof is the minimal list of subtree hashes that,
 * with the leaves of S, recompute the root. Every hash of the tree is stored once, so a
 * run of consecutive leaves costs almost nothing (one full PATH per leaf, as in
 * evid-pack/v1, repeats the upper levels for every record).
 *
 * The nodes are the maximal subtrees of the tree that hold no leaf of S (RFC 9162 2.1.1
 * splits a range of m > 1 leaves at k, the largest power of two below m). They tile the
 * gaps between the leaves of S; written left to right (by first leaf), the nodes of the
 * gap before each leaf come just before it, and those after the last leaf at the end.
 * A gap [lo, hi) is tiled greedily from the left: at position p, if the gap ends at n
 * and [p, n) is a subtree of the tree (a "border" subtree, p > 0 and n - p < 2^tz(p)),
 * that whole range is one node; otherwise the largest aligned 2^j with p % 2^j == 0 and
 * p + 2^j <= hi. (A gap that starts at 0 and ends at n is the empty set S, not a proof.)
 *
 * Verification (BatchVerifier) takes nodes and leaves in that order and needs only a
 * stack of at most 2 * 53 hashes: the ranges covered so far are kept as their compact
 * range (perfect subtrees of decreasing size, as frontier.ts), and at the end folded
 * right to left into the root. The proof is attacker-controlled: the number of nodes of
 * every gap is derived from (S, n) and enforced exactly, so a proof made for one leaf set
 * accepts exactly that set (property-tested against forged sets, leaves and nodes).
 */
import { bitLength, isTreeSize, largestPowerOfTwoBelow, trailingZeros } from './bits.js';
import { HASH_SIZE, hashChildren } from './hasher.js';
import type { MerkleTree } from './tree.js';
import { ProofError } from './verify.js';

/** A subtree of the tree as the half-open leaf range [lo, hi). */
export interface NodeRange {
  lo: number;
  hi: number;
}

/** Largest power of two dividing p (p > 0). */
function lowBit(p: number): number {
  return 2 ** trailingZeros(p);
}

/**
 * The maximal subtrees of a tree of `size` leaves tiling the gap [lo, hi), left to right.
 * Requires 0 <= lo <= hi <= size and not (lo = 0 and hi = size).
 */
export function gapRanges(lo: number, hi: number, size: number): NodeRange[] {
  const out: NodeRange[] = [];
  let p = lo;
  while (p < hi) {
    if (hi === size && p > 0 && size - p < lowBit(p)) {
      out.push({ lo: p, hi: size });
      break;
    }
    // Largest 2^j dividing p (any when p = 0) that still fits before hi.
    let step = p === 0 ? 2 ** (bitLength(hi - p) - 1) : lowBit(p);
    while (step > hi - p) step /= 2;
    out.push({ lo: p, hi: p + step });
    p += step;
  }
  return out;
}

/** The sibling ranges of PATH(index, size), leaf upwards (the order of inclusionProof). */
function pathRanges(index: number, size: number): NodeRange[] {
  const out: NodeRange[] = [];
  let lo = 0;
  let hi = size;
  while (hi - lo > 1) {
    const k = largestPowerOfTwoBelow(hi - lo);
    if (index < lo + k) {
      out.push({ lo: lo + k, hi });
      hi = lo + k;
    } else {
      out.push({ lo, hi: lo + k });
      lo += k;
    }
  }
  return out.reverse();
}

/**
 * Writes a batch proof over a tree we hold (our own ledger), one leaf at a time in
 * increasing index order: nodesBefore(i) gives the nodes of the gap before leaf i, end()
 * those after the last leaf. Every node of a gap is a sibling on the audit path of the
 * selected leaf on one side of the gap, so only leaves next to a gap cost a PATH.
 */
export class BatchProofWriter {
  readonly #tree: MerkleTree;
  readonly #size: number;
  #last = -1;

  /** Requires 0 < size <= tree.size. */
  constructor(tree: MerkleTree, size: number) {
    if (!isTreeSize(size) || size === 0 || size > tree.size) {
      throw new RangeError(`BatchProofWriter: size must be in [1, ${tree.size}], got ${size}`);
    }
    this.#tree = tree;
    this.#size = size;
  }

  /** Requires index > every earlier index and index < size. */
  nodesBefore(index: number): Buffer[] {
    if (!isTreeSize(index) || index <= this.#last || index >= this.#size) {
      throw new RangeError(`BatchProofWriter: leaf ${index} out of order or out of range`);
    }
    const nodes = this.#gap(this.#last + 1, index, [this.#last, index]);
    this.#last = index;
    return nodes;
  }

  /** The nodes after the last leaf. Requires at least one leaf. */
  end(): Buffer[] {
    if (this.#last < 0) throw new RangeError('BatchProofWriter: a batch proof needs a leaf');
    return this.#gap(this.#last + 1, this.#size, [this.#last]);
  }

  #gap(lo: number, hi: number, neighbours: number[]): Buffer[] {
    if (lo === hi) return [];
    const known = new Map<string, Buffer>();
    for (const leaf of neighbours) {
      if (leaf < 0) continue;
      const hashes = this.#tree.inclusionProof(leaf, this.#size);
      pathRanges(leaf, this.#size).forEach((r, i) => known.set(`${r.lo}:${r.hi}`, hashes[i]!));
    }
    return gapRanges(lo, hi, this.#size).map((r) => {
      const hash = known.get(`${r.lo}:${r.hi}`);
      if (!hash) throw new Error(`BatchProofWriter: no hash for [${r.lo}, ${r.hi})`);
      return hash;
    });
  }
}

/** Nodes held between two leaves at most: a gap tiles into at most 2 * 53 subtrees. */
const MAX_PENDING = 2 * 53;

/**
 * Streaming verifier of a batch proof against (size, root). Call node() for each proof
 * node and leaf() for each leaf in proof order, then finish(). Memory: the compact range
 * so far (at most 53 hashes) and the nodes of one gap. Every failure is a ProofError.
 * Leaf hashes must be computed by the caller from the data it means to prove.
 */
export class BatchVerifier {
  readonly #size: number;
  readonly #root: Buffer;
  /** Compact range of [0, #pos): perfect subtrees, sizes decreasing. */
  readonly #stack: Array<{ size: number; hash: Buffer }> = [];
  #pending: Buffer[] = [];
  #pos = 0;
  #leaves = 0;
  #done = false;

  constructor(size: number, root: Uint8Array) {
    if (!isTreeSize(size) || size === 0) {
      throw new ProofError('bad_size', `a batch proof needs a non-empty tree, got size ${size}`);
    }
    if (root.length !== HASH_SIZE) {
      throw new ProofError('bad_hash_length', `root must be ${HASH_SIZE} bytes`);
    }
    this.#size = size;
    this.#root = Buffer.from(root);
  }

  /** Number of leaves accepted so far. */
  get leaves(): number {
    return this.#leaves;
  }

  node(hash: Uint8Array): void {
    this.#open();
    if (hash.length !== HASH_SIZE) {
      throw new ProofError('bad_hash_length', `proof node must be ${HASH_SIZE} bytes`);
    }
    if (this.#pending.length >= MAX_PENDING) {
      throw new ProofError('bad_proof_length', 'more proof nodes than any gap can hold');
    }
    this.#pending.push(Buffer.from(hash));
  }

  /** Requires index greater than the previous leaf's and below size. */
  leaf(index: number, leafHash: Uint8Array): void {
    this.#open();
    if (!isTreeSize(index) || index < this.#pos || index >= this.#size) {
      throw new ProofError(
        'index_out_of_range',
        `leaf ${index} is out of order or not in [${this.#pos}, ${this.#size})`,
      );
    }
    if (leafHash.length !== HASH_SIZE) {
      throw new ProofError('bad_hash_length', `leaf hash must be ${HASH_SIZE} bytes`);
    }
    this.#fill(index);
    this.#push(1, Buffer.from(leafHash));
    this.#leaves++;
  }

  /** Consumes the trailing nodes and checks the root. Requires at least one leaf. */
  finish(): void {
    this.#open();
    this.#done = true;
    if (this.#leaves === 0) throw new ProofError('empty_proof', 'a batch proof needs a leaf');
    this.#fill(this.#size);
    let hash = this.#stack[this.#stack.length - 1]!.hash;
    for (let i = this.#stack.length - 2; i >= 0; i--)
      hash = hashChildren(this.#stack[i]!.hash, hash);
    if (!hash.equals(this.#root)) {
      throw new ProofError('root_mismatch', 'the batch proof does not give the signed root');
    }
  }

  #open(): void {
    if (this.#done) throw new ProofError('bad_proof_length', 'the batch proof is finished');
  }

  /** Places the pending nodes over the gap [#pos, hi); their number must be exact. */
  #fill(hi: number): void {
    const ranges = this.#pos === hi ? [] : gapRanges(this.#pos, hi, this.#size);
    if (ranges.length !== this.#pending.length) {
      throw new ProofError(
        'bad_proof_length',
        `the gap [${this.#pos}, ${hi}) needs ${ranges.length} proof nodes, got ${this.#pending.length}`,
      );
    }
    ranges.forEach((r, i) => this.#push(r.hi - r.lo, this.#pending[i]!));
    this.#pending = [];
  }

  /**
   * Appends the subtree [#pos, #pos + size). A border subtree (not a power of two) only
   * ever ends the tree, so it is never merged: finish() folds it in.
   */
  #push(size: number, hash: Buffer): void {
    let entry = { size, hash };
    this.#pos += size;
    let top = this.#stack[this.#stack.length - 1];
    while (top && top.size === entry.size) {
      this.#stack.pop();
      entry = { size: 2 * size, hash: hashChildren(top.hash, entry.hash) };
      size *= 2;
      top = this.#stack[this.#stack.length - 1];
    }
    this.#stack.push(entry);
  }
}

/**
 * A whole batch proof in its flat form: leaves sorted by index, nodes left to right.
 * The nodes of each gap are taken from the front of the list as the leaves come; throws
 * ProofError unless the proof is exactly the batch proof of this leaf set against root.
 */
export function verifyBatchProof(
  size: number,
  root: Uint8Array,
  leaves: ReadonlyArray<{ index: number; hash: Uint8Array }>,
  nodes: readonly Uint8Array[],
): void {
  const v = new BatchVerifier(size, root);
  let next = 0;
  let pos = 0;
  const take = (hi: number): void => {
    const count = pos >= hi ? 0 : gapRanges(pos, hi, size).length;
    for (let i = 0; i < count; i++) {
      const node = nodes[next++];
      if (!node) throw new ProofError('bad_proof_length', 'the batch proof is too short');
      v.node(node);
    }
  };
  for (const leaf of leaves) {
    if (!isTreeSize(leaf.index) || leaf.index < pos || leaf.index >= size) {
      throw new ProofError('index_out_of_range', `leaf ${leaf.index} is out of order or range`);
    }
    take(leaf.index);
    v.leaf(leaf.index, leaf.hash);
    pos = leaf.index + 1;
  }
  take(size);
  if (next !== nodes.length) {
    throw new ProofError('bad_proof_length', 'the batch proof is too long');
  }
  v.finish();
}
