/**
 * Inclusion proofs of one subject's ledger entries against the latest signed tree head,
 * for verifiers outside this process (the dashboard's "prove it" recomputes the leaf from
 * the entry's fields, folds the proof with Web Crypto and compares the signed root).
 * The tree is rebuilt from the leaves (32 bytes per entry) and kept for its tree size, so
 * a page of "prove it" clicks on an unchanged ledger hashes nothing again.
 */
import { NotFoundError } from '../errors.js';
import { entryLeafJson, type LedgerEntry } from '../ledger/entry.js';
import { MerkleTree } from '../ledger/tree.js';
import { scanLeaves } from './ledger-leaves.js';
import { latestCheckpoint, type LatestCheckpoint } from './ledger-public.js';
import type { Reader } from './store.js';

export interface EntryProof {
  entry: LedgerEntry;
  /** The leaf data: RFC 8785 canonical JSON of the entry without seq. */
  leaf_json: string;
  leaf_index: number;
  /** Sibling hashes (hex), leaf upwards (RFC 9162 2.1.3.1 PATH). */
  proof: string[];
}

export interface SubjectProofs {
  subject_id: string;
  tree_head: LatestCheckpoint;
  entries: EntryProof[];
}

const MAX_ENTRIES = 100;
let cached: { dataDir: string; size: number; tree: MerkleTree } | undefined;

function treeAt(r: Reader, dataDir: string, size: number): MerkleTree {
  if (cached?.dataDir === dataDir && cached.size === size) return cached.tree;
  const scan = scanLeaves(r, 1, size);
  if (scan.missing !== null) {
    throw new NotFoundError(`ledger entry ${scan.missing} is missing: run audit verify`);
  }
  const tree = MerkleTree.fromPacked(scan.packed);
  cached = { dataDir, size, tree };
  return tree;
}

export function subjectProofs(
  r: Reader,
  dataDir: string,
  origin: string,
  subjectId: string,
): SubjectProofs {
  const head = latestCheckpoint(r, origin);
  const entries = r
    .prepare(
      `SELECT seq, kind, subject_id, digest, recorded_at, actor FROM ledger
       WHERE subject_id = ? AND seq <= ? ORDER BY seq LIMIT ${MAX_ENTRIES}`,
    )
    .all(subjectId, head.tree_size) as LedgerEntry[];
  if (entries.length === 0) {
    throw new NotFoundError(
      `no ledger entry for ${subjectId} up to the signed tree head (size ${head.tree_size})`,
      { id: subjectId },
    );
  }
  const tree = treeAt(r, dataDir, head.tree_size);
  return {
    subject_id: subjectId,
    tree_head: head,
    entries: entries.map((entry) => ({
      entry,
      leaf_json: entryLeafJson(entry),
      leaf_index: entry.seq - 1,
      proof: tree.inclusionProofHex(entry.seq - 1, head.tree_size),
    })),
  };
}
