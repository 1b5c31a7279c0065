/**
 * The ledger side of a pack: one pass over the ledger up to the pack's tree head recomputes
 * every leaf hash from the row (never a stored hash; store/ledger-leaves.ts), builds the Merkle tree,
 * checks it against the signed root, and picks out the entries of the included records.
 * proofs.json then carries, per included record, its entry, its leaf index and an RFC 9162
 * inclusion proof (PATH) against the pack's tree head.
 */
import { CheckFailed } from '../errors.js';
import type { LedgerEntry } from '../ledger/entry.js';
import { EMPTY_ROOT } from '../ledger/hasher.js';
import { MerkleTree } from '../ledger/tree.js';
import type { FileSink } from '../export/file-sink.js';
import { leafJsonSql, scanLeaves } from '../store/ledger-leaves.js';
import type { Reader } from '../store/store.js';
import { idParams, type IncludedRefs, type RefKind } from './select.js';

export const PROOFS_FORMAT = 'evid-proofs/v1';
export const LEAF_RULE = 'SHA-256(0x00 || JCS({actor,digest,kind,recorded_at,subject_id}))';

/** The ledger kinds a pack proves, and which included-ref set each one's subject_ref is in. */
export const KIND_SETS = {
  'trace.ingested': 'traces',
  'event.ingested': 'events',
  'finding.created': 'findings',
  'finding.updated': 'findingUpdates',
} as const satisfies Record<string, RefKind>;

type SetName = RefKind;

export interface LedgerSlice {
  treeSize: number;
  rootHash: string;
  tree: MerkleTree;
  /** Entries of included records, in seq order. */
  entries: LedgerEntry[];
  /** subject_ref -> seq, per included-record set. */
  seqOf: Record<SetName, Map<number, number>>;
  /** seq -> the record digest its entry commits to, for the included entries. */
  digestOf: Map<number, string>;
}

// The ledger entries of the included records, picked in SQLite (one pass over the ledger,
// no row crosses into JavaScript unless it is wanted), with their leaf data as JCS text.
export const INCLUDED_ENTRIES = `
  SELECT seq, kind, subject_ref, ${leafJsonSql('l')} FROM ledger l
  WHERE seq <= @size AND (
    (kind = 'trace.ingested' AND subject_ref IN (SELECT value FROM json_each(@traces))) OR
    (kind = 'event.ingested' AND subject_ref IN (SELECT value FROM json_each(@events))) OR
    (kind = 'finding.created' AND subject_ref IN (SELECT value FROM json_each(@findings))) OR
    (kind = 'finding.updated' AND subject_ref IN (SELECT value FROM json_each(@findingUpdates))))
  ORDER BY seq`;

/**
 * The Merkle tree of the ledger up to the pack's tree head, every leaf recomputed.
 * Requires `treeSize` and `rootHash` from the latest signed tree head read in the same
 * snapshot. `pre` may carry leaf hashes of entries 1..pre.size (pre.size <= treeSize)
 * computed beforehand by worker threads; the rest are computed here. Throws CheckFailed
 * when the ledger no longer gives that root, or when an included record has no ledger
 * entry: a pack must never carry evidence it cannot prove.
 */
export function ledgerTree(
  r: Reader,
  treeSize: number,
  rootHash: string,
  pre?: { size: number; packed: Buffer },
): MerkleTree {
  const done = pre && pre.size <= treeSize ? pre.size : 0;
  const rest = scanLeaves(r, done + 1, treeSize);
  const missing = rest.missing;
  if (missing !== null) {
    throw new CheckFailed(
      `ledger entry ${missing} is missing; run \`audit verify\` before building a pack`,
    );
  }
  const packed =
    done > 0 ? Buffer.concat([pre!.packed.subarray(0, done * 32), rest.packed]) : rest.packed;
  const tree = MerkleTree.fromPacked(packed);
  const root = treeSize === 0 ? EMPTY_ROOT.toString('hex') : tree.root().toString('hex');
  if (tree.size !== treeSize || root !== rootHash) {
    throw new CheckFailed(
      `the ledger does not match its signed tree head at size ${treeSize}; run \`audit verify\``,
    );
  }
  return tree;
}

/** v1: the included entries, held in memory (v2 streams them: records.ts). */
export function collectLedger(
  r: Reader,
  tree: MerkleTree,
  treeSize: number,
  rootHash: string,
  refs: IncludedRefs,
): LedgerSlice {
  const seqOf: LedgerSlice['seqOf'] = {
    traces: new Map(),
    events: new Map(),
    findings: new Map(),
    findingUpdates: new Map(),
  };
  const entries: LedgerEntry[] = [];
  const rows = r
    .prepare(INCLUDED_ENTRIES)
    .raw(true)
    .all({ size: treeSize, ...idParams(refs) }) as Array<[number, string, number, string]>;
  for (const [seq, kind, subjectRef, leafJson] of rows) {
    const set = KIND_SETS[kind as keyof typeof KIND_SETS];
    // A record ledgered twice would be proved once, by its first entry.
    if (seqOf[set].has(subjectRef)) continue;
    seqOf[set].set(subjectRef, seq);
    entries.push({ seq, ...(JSON.parse(leafJson) as Omit<LedgerEntry, 'seq'>) });
  }
  for (const name of Object.keys(seqOf) as SetName[]) {
    const absent = refs[name].find((ref) => !seqOf[name].has(ref));
    if (absent !== undefined) {
      throw new CheckFailed(
        `an included ${name} record (row ${absent}) has no ledger entry; run \`audit verify\``,
      );
    }
  }
  const digestOf = new Map(entries.map((e) => [e.seq, e.digest]));
  return { treeSize, rootHash, tree, entries, seqOf, digestOf };
}

/** Streams proofs.json: the tree head it proves against and one proof per entry. */
export function writeProofs(sink: FileSink, slice: LedgerSlice): void {
  sink.write(
    `{"format":${JSON.stringify(PROOFS_FORMAT)},"hash_algorithm":"sha256",` +
      `"leaf":${JSON.stringify(LEAF_RULE)},` +
      `"tree_size":${slice.treeSize},"root_hash":${JSON.stringify(slice.rootHash)},"entries":[`,
  );
  slice.entries.forEach((entry, i) => {
    const proof = slice.tree.inclusionProofHex(entry.seq - 1, slice.treeSize);
    sink.write(
      `${i ? ',' : ''}\n${JSON.stringify({
        ...entry,
        leaf_index: entry.seq - 1,
        inclusion_proof: proof,
      })}`,
    );
  });
  sink.write('\n]}\n');
}
