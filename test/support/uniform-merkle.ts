/**
 * Proofs over a virtual tree of `size` identical leaves, for sizes far beyond what can be
 * built (up to 2^53 - 1). With identical leaves every perfect subtree of 2^h leaves has the
 * same hash, so MTH of any range needs only its length: the RFC 9162 recursions run in
 * O(log^2 n). Used to test the verifiers' 53-bit arithmetic. Like naive-merkle.ts it
 * shares no code with src/ledger and uses no bitwise operators (they truncate to 32 bits).
 */
import { createHash } from 'node:crypto';

const sha = (...parts: Uint8Array[]): Buffer =>
  createHash('sha256').update(Buffer.concat(parts)).digest();

function splitPoint(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

export class UniformTree {
  readonly leafHash: Buffer;
  readonly #memo = new Map<number, Buffer>();

  constructor(entry: Uint8Array) {
    this.leafHash = sha(Buffer.of(0), entry);
  }

  /** MTH of any n >= 1 identical leaves. */
  root(n: number): Buffer {
    if (n === 1) return this.leafHash;
    let hash = this.#memo.get(n);
    if (hash === undefined) {
      const k = splitPoint(n);
      hash = sha(Buffer.of(1), this.root(k), this.root(n - k));
      this.#memo.set(n, hash);
    }
    return hash;
  }

  /** PATH(m, D[n]) (RFC 9162 2.1.3.1). */
  path(m: number, n: number): Buffer[] {
    if (n <= 1) return [];
    const k = splitPoint(n);
    if (m < k) return [...this.path(m, k), this.root(n - k)];
    return [...this.path(m - k, n - k), this.root(k)];
  }

  /** PROOF(m, D[n]) (RFC 9162 2.1.4.1). */
  proof(m: number, n: number, b = true): Buffer[] {
    if (m === n) return b ? [] : [this.root(n)];
    const k = splitPoint(n);
    if (m <= k) return [...this.proof(m, k, b), this.root(n - k)];
    return [...this.proof(m - k, n - k, false), this.root(k)];
  }
}
