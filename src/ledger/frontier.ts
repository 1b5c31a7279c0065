/**
 * The frontier (compact range [0, size), as in transparency-dev/merkle `compact`): the
 * roots of the perfect subtrees that tile the first `size` leaves, largest (leftmost)
 * first, one per set bit of size. Enough to append in amortised O(1) hashes and compute
 * the RFC 9162 2.1.1 root MTH(D[0:size]) in O(log size), without keeping the leaves.
 *
 * Invariant: hashes.length === popCount(size), hashes[i] covers 2^(bit i from the top).
 */
import { isTreeSize, popCount } from './bits.js';
import { EMPTY_ROOT, HASH_SIZE, hashChildren } from './hasher.js';

export interface FrontierJSON {
  size: number;
  /** Lowercase hex subtree roots, largest subtree first. */
  hashes: string[];
}

const HEX_HASH = /^[0-9a-f]{64}$/;

export class Frontier {
  #size: number;
  readonly #hashes: Buffer[];

  private constructor(size: number, hashes: Buffer[]) {
    this.#size = size;
    this.#hashes = hashes;
  }

  static empty(): Frontier {
    return new Frontier(0, []);
  }

  /**
   * Restores a frontier saved with toJSON(). The JSON comes from the store, but is
   * validated in full (size, count, hash shape) so a corrupt row fails loudly here rather
   * than producing a wrong root later. Throws TypeError.
   */
  static fromJSON(json: unknown): Frontier {
    const { size, hashes } = (json ?? {}) as Partial<FrontierJSON>;
    if (!isTreeSize(size)) {
      throw new TypeError('Frontier.fromJSON: size must be a safe integer >= 0');
    }
    if (!Array.isArray(hashes) || hashes.length !== popCount(size)) {
      throw new TypeError(`Frontier.fromJSON: size ${size} needs ${popCount(size)} hashes`);
    }
    const buffers = hashes.map((hex: unknown, i) => {
      if (typeof hex !== 'string' || !HEX_HASH.test(hex)) {
        throw new TypeError(`Frontier.fromJSON: hashes[${i}] is not a 64-digit lowercase hex hash`);
      }
      return Buffer.from(hex, 'hex');
    });
    return new Frontier(size, buffers);
  }

  get size(): number {
    return this.#size;
  }

  /** The subtree roots, largest first (copies: the frontier keeps its own). */
  subtrees(): Buffer[] {
    return this.#hashes.map((h) => Buffer.from(h));
  }

  /**
   * Appends one leaf hash (already hashLeaf()ed). Requires leafHash.length === HASH_SIZE.
   * Each trailing 1 bit of the old size is a perfect subtree the new leaf completes:
   * merge them right to left, as a binary counter carries.
   */
  append(leafHash: Uint8Array): void {
    if (leafHash.length !== HASH_SIZE) {
      throw new RangeError(`Frontier.append: leaf hash must be ${HASH_SIZE} bytes`);
    }
    if (this.#size >= Number.MAX_SAFE_INTEGER) throw new RangeError('Frontier.append: tree full');
    const hashes = this.#hashes;
    let n = this.#size;
    if (n % 2 === 0) {
      hashes.push(Buffer.from(leafHash)); // kept: copy so the caller may reuse its buffer
    } else {
      let carry = hashChildren(hashes.pop() as Buffer, leafHash);
      n = (n - 1) / 2;
      while (n % 2 === 1) {
        carry = hashChildren(hashes.pop() as Buffer, carry);
        n = (n - 1) / 2;
      }
      hashes.push(carry);
    }
    this.#size += 1;
  }

  /** MTH(D[0:size]) (RFC 9162 2.1.1): fold the subtree roots right to left. */
  root(): Buffer {
    return foldSubtrees(this.#hashes);
  }

  /** An independent copy (e.g. to roll back with a failed transaction). */
  clone(): Frontier {
    return new Frontier(this.#size, this.#hashes.slice());
  }

  toJSON(): FrontierJSON {
    return { size: this.#size, hashes: this.#hashes.map((h) => h.toString('hex')) };
  }
}

/**
 * The root over perfect subtrees that tile a range left to right, largest first (a
 * frontier's hashes, or a frontier over aligned chunks followed by one chunk's own
 * frontier): fold right to left. Always a fresh Buffer.
 */
export function foldSubtrees(hashes: readonly Uint8Array[]): Buffer {
  if (hashes.length === 0) return Buffer.from(EMPTY_ROOT);
  let root: Uint8Array = hashes[hashes.length - 1];
  for (let i = hashes.length - 2; i >= 0; i--) root = hashChildren(hashes[i], root);
  return Buffer.from(root);
}
