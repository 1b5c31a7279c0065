/**
 * `audit verify --checkpoint FILE`: is the store an append-only extension of a checkpoint
 * saved earlier, outside the store? A checkpoint is a C2SP signed note (origin, size, root)
 * signed by one of the store's ledger keys. The store's own entries give the root at the
 * checkpoint's size and its current root; an RFC 9162 consistency proof between the two,
 * computed from the entries and checked as any verifier would, must tie the checkpoint's
 * root to the store's. A store rolled back to an earlier copy (fewer entries than the
 * checkpoint) or rewritten and re-signed (another root at that size) fails.
 *
 * Runs only after the ledger itself verified, so the entries' leaf hashes are the ones the
 * signed tree heads commit to.
 */
import type { KeyObject } from 'node:crypto';
import { MerkleTree } from '../ledger/tree.js';
import { verifyCheckpoint, type Checkpoint } from '../ledger/tree-head.js';
import { ProofError, verifyConsistency } from '../ledger/verify.js';
import { leafHashesInWorkers, scanLeaves } from './ledger-leaves.js';
import type { Store } from './store.js';
import { Failure } from './verify-failure.js';

export interface CheckpointCheck {
  /** Where the checkpoint came from (the file given). */
  path: string;
  tree_size: number | null;
  root_hash: string | null;
  /** The fingerprint of the ledger key that signed it. */
  key_fingerprint: string | null;
  consistent: boolean;
}

/**
 * Checks `note` against the verified store. `keys` are the store's ledger keys (already
 * checked against any pin); `size` and `root` the store's verified size and root.
 */
export async function checkCheckpoint(
  store: Store,
  note: string,
  path: string,
  keys: ReadonlyArray<{ fingerprint: string; publicKey: KeyObject }>,
  verified: { size: number; root: string },
  options: { threads: number; chunkSize: number },
): Promise<{ check: CheckpointCheck; failure?: Failure }> {
  const check: CheckpointCheck = {
    path,
    tree_size: null,
    root_hash: null,
    key_fingerprint: null,
    consistent: false,
  };
  let cp: Checkpoint | undefined;
  for (const key of keys) {
    try {
      cp = verifyCheckpoint(note, store.origin, key.publicKey);
      check.key_fingerprint = key.fingerprint;
      break;
    } catch {
      // try the next key of the chain
    }
  }
  if (!cp) {
    return {
      check,
      failure: new Failure(
        'rollback',
        null,
        `checkpoint ${path} is not a checkpoint of this store signed by one of its ledger keys (origin ${store.origin})`,
      ),
    };
  }
  check.tree_size = cp.size;
  check.root_hash = cp.root.toString('hex');
  if (cp.size > verified.size) {
    return {
      check,
      failure: new Failure(
        'rollback',
        verified.size + 1,
        `the store holds ${verified.size} entries, but checkpoint ${path} was signed at ${cp.size}: the store was rolled back or truncated`,
      ),
    };
  }
  if (cp.size === 0) {
    check.consistent = true;
    return { check };
  }
  const tree = await treeOf(store, verified.size, options);
  try {
    verifyConsistency(
      cp.size,
      verified.size,
      cp.root,
      Buffer.from(verified.root, 'hex'),
      tree.consistencyProof(cp.size, verified.size),
    );
  } catch (err) {
    if (!(err instanceof ProofError)) throw err;
    return {
      check,
      failure: new Failure(
        'rollback',
        cp.size,
        `the store is not an append-only extension of checkpoint ${path} (size ${cp.size}): its first ${cp.size} entries were rewritten (${err.message})`,
      ),
    };
  }
  check.consistent = true;
  return { check };
}

async function treeOf(
  store: Store,
  size: number,
  options: { threads: number; chunkSize: number },
): Promise<MerkleTree> {
  const scan =
    (await leafHashesInWorkers(store.dataDir, size, options)) ??
    store.read((r) => scanLeaves(r, 1, size));
  if (scan.missing !== null) throw new Error(`ledger entry ${scan.missing} vanished during verify`);
  return MerkleTree.fromPacked(scan.packed);
}
