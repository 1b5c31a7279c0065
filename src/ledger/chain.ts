/**
 * The hash chain over ledger leaves (DESIGN.md "The ledger"):
 *   chain[0] = SHA-256(CHAIN_GENESIS || leaf[0]), chain[n] = SHA-256(chain[n-1] || leaf[n]).
 * Editing, inserting, deleting or reordering any leaf changes every later link, so a
 * verifier re-deriving the chain finds the first bad seq. It complements the Merkle tree:
 * the chain localises damage, the tree gives compact proofs to third parties.
 */
import { nodeCrypto } from '../lazy-crypto.js';
import { HASH_SIZE, sha256 } from './hasher.js';

/** The link before the first entry: 32 zero bytes. Do not mutate. */
export const CHAIN_GENESIS: Buffer = Buffer.alloc(HASH_SIZE);

/** The next link. Requires prev.length === leafHash.length === HASH_SIZE (checked). */
export function nextChain(prev: Uint8Array, leafHash: Uint8Array): Buffer {
  if (prev.length !== HASH_SIZE || leafHash.length !== HASH_SIZE) {
    throw new RangeError(`nextChain: prev and leafHash must be ${HASH_SIZE}-byte hashes`);
  }
  return sha256(prev, leafHash);
}

const linkScratch = Buffer.allocUnsafeSlow(2 * HASH_SIZE);

/**
 * nextChain for the writer's hot path, on strings: the previous link as 64 lowercase hex
 * digits, the leaf hash as a 32-character latin1 ('binary') string; returns the link as
 * hex, the form the ledger stores. Strings out of one-shot hash() cost a third of a
 * Buffer-returning digest on Node 20. Requires those lengths (checked). The scratch buffer
 * is safe to reuse because hashing is synchronous.
 */
export function nextChainHex(prevHex: string, leafBinary: string): string {
  if (prevHex.length !== 2 * HASH_SIZE || leafBinary.length !== HASH_SIZE) {
    throw new RangeError(
      `nextChainHex: prev must be ${2 * HASH_SIZE} hex digits, leaf ${HASH_SIZE} bytes`,
    );
  }
  if (linkScratch.write(prevHex, 0, HASH_SIZE, 'hex') !== HASH_SIZE) {
    throw new RangeError('nextChainHex: prev is not hex');
  }
  linkScratch.write(leafBinary, HASH_SIZE, HASH_SIZE, 'latin1');
  return nodeCrypto().hash('sha256', linkScratch, 'hex');
}

/** The link after folding leafHashes onto prev (CHAIN_GENESIS for a whole ledger). */
export function foldChain(
  leafHashes: Iterable<Uint8Array>,
  prev: Uint8Array = CHAIN_GENESIS,
): Buffer {
  let link: Buffer = Buffer.from(prev);
  for (const leafHash of leafHashes) link = nextChain(link, leafHash);
  return link;
}
