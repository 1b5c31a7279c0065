/**
 * Proof generation over a fixed list of leaf hashes (RFC 9162 2.1.3.1 PATH and 2.1.4.1
 * SUBPROOF), for any prefix size of the list, not only the whole tree.
 *
 * MerkleTree keeps every complete subtree: levels[k] holds floor(n / 2^k) hashes of
 * perfect subtrees of 2^k leaves, contiguous, 32 bytes apiece. Any range the RFC
 * recursion visits, [lo, hi) with lo a multiple of the smallest power of two >= hi - lo,
 * is either such a subtree (one lookup) or splits into one and a smaller such range on its
 * right border, so MTH of any visited range costs O(log n) hashes and a proof O(log n);
 * right-border hashes are memoised, so further proofs at the same size need no hashing.
 * Building costs n - 1 hashes and 64 bytes per leaf.
 *
 * The leaves are trusted here (our own store); verification is in verify.ts.
 */
import { bitLength, isPowerOfTwo, isTreeSize, largestPowerOfTwoBelow } from './bits.js';
import { Frontier } from './frontier.js';
import { EMPTY_ROOT, HASH_SIZE, hashChildren, hashChildrenInto } from './hasher.js';

/** MTH of the whole list (RFC 9162 2.1.1), in O(log n) memory. */
export function rootFromLeaves(leafHashes: Iterable<Uint8Array>): Buffer {
  const frontier = Frontier.empty();
  for (const leafHash of leafHashes) frontier.append(leafHash);
  return frontier.root();
}

export class MerkleTree {
  readonly #levels: Buffer[];
  readonly #size: number;
  // Ranges that are not perfect subtrees all end at the size being proved (the right
  // border), and are the same for every proof at that size: memoised per size, by start.
  #borderSize = -1;
  readonly #border = new Map<number, Buffer>();
  readonly #hexMemo = new Map<ArrayBufferLike, Map<number, string>>();
  #hexMemoSize = -1;

  /** Requires every leaf hash to be HASH_SIZE bytes (checked). The hashes are copied. */
  constructor(leafHashes: readonly Uint8Array[] | { packed: Buffer }) {
    let leaves: Buffer;
    if ('packed' in leafHashes) {
      leaves = leafHashes.packed;
      if (leaves.length % HASH_SIZE !== 0) {
        throw new RangeError(`MerkleTree: packed leaves are not a multiple of ${HASH_SIZE} bytes`);
      }
    } else {
      leaves = Buffer.allocUnsafe(leafHashes.length * HASH_SIZE);
      leafHashes.forEach((leafHash, i) => {
        if (leafHash.length !== HASH_SIZE) {
          throw new RangeError(`MerkleTree: leaf ${i} is not a ${HASH_SIZE}-byte hash`);
        }
        leaves.set(leafHash, i * HASH_SIZE);
      });
    }
    this.#size = leaves.length / HASH_SIZE;
    this.#levels = [leaves];
    let below = leaves;
    for (let count = Math.floor(this.#size / 2); count >= 1; count = Math.floor(count / 2)) {
      const level = Buffer.allocUnsafe(count * HASH_SIZE);
      for (let i = 0; i < count; i++) {
        hashChildrenInto(below, 2 * i * HASH_SIZE, level, i * HASH_SIZE);
      }
      this.#levels.push(level);
      below = level;
    }
  }

  /** A tree over leaf hashes packed back to back (taken over, not copied: do not reuse). */
  static fromPacked(packed: Buffer): MerkleTree {
    return new MerkleTree({ packed });
  }

  /** Number of leaves. */
  get size(): number {
    return this.#size;
  }

  /** MTH(D[0:size]). Requires 0 <= size <= this.size; size 0 gives EMPTY_ROOT. */
  root(size: number = this.#size): Buffer {
    this.#checkSize(size, 'size');
    return size === 0 ? Buffer.from(EMPTY_ROOT) : Buffer.from(this.#range(0, size));
  }

  /**
   * PATH(index, D[0:size]) (RFC 9162 2.1.3.1): sibling hashes from the leaf upwards.
   * Requires 0 <= index < size <= this.size.
   */
  inclusionProof(index: number, size: number): Buffer[] {
    this.#checkSize(size, 'size');
    if (!isTreeSize(index) || index >= size) {
      throw new RangeError(`inclusionProof: requires 0 <= index < size, got ${index}, ${size}`);
    }
    return this.#path(index, size).map((h) => Buffer.from(h));
  }

  /**
   * inclusionProof() as lowercase hex, for writing many proofs (a pack proves every record
   * it holds). Hashes high in the tree recur in many proofs, so their hex is memoised.
   */
  inclusionProofHex(index: number, size: number): string[] {
    this.#checkSize(size, 'size');
    if (!isTreeSize(index) || index >= size) {
      throw new RangeError(`inclusionProof: requires 0 <= index < size, got ${index}, ${size}`);
    }
    if (this.#hexMemoSize !== size) {
      this.#hexMemo.clear();
      this.#hexMemoSize = size;
    }
    return this.#path(index, size).map((h, i) => {
      if (i < 4) return h.toString('hex'); // the lowest siblings are rarely shared
      // A hash is a view into a level (or a memoised border hash): its memory identifies it.
      let memo = this.#hexMemo.get(h.buffer);
      if (!memo) this.#hexMemo.set(h.buffer, (memo = new Map()));
      let hex = memo.get(h.byteOffset);
      if (hex === undefined) memo.set(h.byteOffset, (hex = h.toString('hex')));
      return hex;
    });
  }

  /** PATH as views into the levels (or memoised border hashes), leaf upwards. */
  #path(index: number, size: number): Buffer[] {
    // Walk down from the root; each step keeps the half holding the leaf and records the
    // other half. Recorded top-down, so reversed at the end.
    const proof: Buffer[] = [];
    let lo = 0;
    let hi = size;
    while (hi - lo > 1) {
      const k = largestPowerOfTwoBelow(hi - lo);
      if (index < lo + k) {
        proof.push(this.#range(lo + k, hi));
        hi = lo + k;
      } else {
        proof.push(this.#range(lo, lo + k));
        lo += k;
      }
    }
    return proof.reverse();
  }

  /**
   * PROOF(size1, D[0:size2]) = SUBPROOF(size1, D[0:size2], true) (RFC 9162 2.1.4.1).
   * Requires 0 < size1 <= size2 <= this.size; equal sizes give []. RFC 9162 defines no
   * proof from the empty tree (and verify.ts rejects one), so size1 = 0 is a RangeError.
   */
  consistencyProof(size1: number, size2: number): Buffer[] {
    this.#checkSize(size2, 'size2');
    if (!isTreeSize(size1) || size1 === 0 || size1 > size2) {
      throw new RangeError(`consistencyProof: requires 0 < size1 <= size2, got ${size1}, ${size2}`);
    }
    const proof: Buffer[] = [];
    let lo = 0;
    let hi = size2;
    let m = size1; // the old tree's size, relative to lo
    let whole = true; // the RFC's b: is [lo, lo + m) still the whole old tree?
    while (m !== hi - lo) {
      const k = largestPowerOfTwoBelow(hi - lo);
      if (m <= k) {
        proof.push(this.#range(lo + k, hi));
        hi = lo + k;
      } else {
        proof.push(this.#range(lo, lo + k));
        lo += k;
        m -= k;
        whole = false;
      }
    }
    // SUBPROOF(m, D[m], false) = {MTH(D[m])}: the verifier cannot know this subtree.
    if (!whole) proof.push(this.#range(lo, hi));
    return proof.reverse().map((h) => Buffer.from(h));
  }

  #checkSize(size: number, name: string): void {
    if (!isTreeSize(size) || size > this.#size) {
      throw new RangeError(
        `MerkleTree: ${name} must be an integer in [0, ${this.#size}], got ${size}`,
      );
    }
  }

  /**
   * MTH(D[lo:hi]). Requires lo < hi and lo a multiple of the smallest power of two
   * >= hi - lo (true of every range the RFC recursion visits). May return a view into the
   * levels: callers copy before handing it out.
   */
  #range(lo: number, hi: number): Buffer {
    const n = hi - lo;
    if (isPowerOfTwo(n)) {
      const offset = (lo / n) * HASH_SIZE;
      return this.#levels[bitLength(n) - 1].subarray(offset, offset + HASH_SIZE);
    }
    if (hi !== this.#borderSize) {
      this.#borderSize = hi;
      this.#border.clear();
    }
    let hash = this.#border.get(lo);
    if (hash === undefined) {
      const k = largestPowerOfTwoBelow(n);
      hash = hashChildren(this.#range(lo, lo + k), this.#range(lo + k, hi));
      this.#border.set(lo, hash);
    }
    return hash;
  }
}
