/**
 * The hash chain over ledger leaves (DESIGN.md "The ledger"):
 *   chain[0] = SHA-256(CHAIN_GENESIS || leaf[0]), chain[n] = SHA-256(chain[n-1] || leaf[n]).
 * Editing, inserting, deleting or reordering any leaf changes every later link, so a
 * verifier re-deriving the chain finds the first bad seq. It complements the Merkle tree:
 * the chain localises damage, the tree gives compact proofs to third parties.
 */
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

/** The link after folding leafHashes onto prev (CHAIN_GENESIS for a whole ledger). */
export function foldChain(
  leafHashes: Iterable<Uint8Array>,
  prev: Uint8Array = CHAIN_GENESIS,
): Buffer {
  let link: Buffer = Buffer.from(prev);
  for (const leafHash of leafHashes) link = nextChain(link, leafHash);
  return link;
}
