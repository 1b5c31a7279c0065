/**
 * A deliberately naive Merkle tree, straight from the RFC 9162 definitions, as the oracle
 * for src/ledger. It shares no code with src/ledger (its own SHA-256 calls, plain
 * recursion over the entries, Buffer.concat) so a bug in one is unlikely in both.
 */
import { createHash } from 'node:crypto';

const sha = (...parts: Uint8Array[]): Buffer =>
  createHash('sha256').update(Buffer.concat(parts)).digest();

/** Largest power of two strictly below n (RFC 9162 2.1.1's k). Requires n > 1. */
function splitPoint(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

/** RFC 9162 2.1.1 leaf hash: SHA-256(0x00 || d). */
export function naiveLeafHash(entry: Uint8Array): Buffer {
  return sha(Buffer.of(0), entry);
}

/** RFC 9162 2.1.1 MTH(D[n]) over the entries themselves. */
export function naiveRoot(entries: readonly Uint8Array[]): Buffer {
  if (entries.length === 0) return sha();
  if (entries.length === 1) return naiveLeafHash(entries[0]);
  const k = splitPoint(entries.length);
  return sha(Buffer.of(1), naiveRoot(entries.slice(0, k)), naiveRoot(entries.slice(k)));
}

/** RFC 9162 2.1.3.1 PATH(m, D[n]). */
export function naivePath(m: number, entries: readonly Uint8Array[]): Buffer[] {
  const n = entries.length;
  if (n <= 1) return [];
  const k = splitPoint(n);
  if (m < k) return [...naivePath(m, entries.slice(0, k)), naiveRoot(entries.slice(k))];
  return [...naivePath(m - k, entries.slice(k)), naiveRoot(entries.slice(0, k))];
}

/** RFC 9162 2.1.4.1 PROOF(m, D[n]) = SUBPROOF(m, D[n], true). */
export function naiveProof(m: number, entries: readonly Uint8Array[]): Buffer[] {
  return subproof(m, entries, true);
}

function subproof(m: number, entries: readonly Uint8Array[], b: boolean): Buffer[] {
  const n = entries.length;
  if (m === n) return b ? [] : [naiveRoot(entries)];
  const k = splitPoint(n);
  if (m <= k) return [...subproof(m, entries.slice(0, k), b), naiveRoot(entries.slice(k))];
  return [...subproof(m - k, entries.slice(k), false), naiveRoot(entries.slice(0, k))];
}

/** Deterministic distinct test entries: entry i is the 4-byte big-endian i plus a tag. */
export function testEntries(count: number): Buffer[] {
  return Array.from({ length: count }, (_, i) => {
    const entry = Buffer.alloc(8);
    entry.writeUInt32BE(i, 0);
    entry.write('leaf', 4, 'latin1');
    return entry;
  });
}
