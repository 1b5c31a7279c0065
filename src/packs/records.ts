/**
 * records.ndjson (evid-pack/v2): every included record with its ledger entry and its share
 * of ONE batch inclusion proof, one line each, in ledger (seq) order. Written straight from
 * a SQLite iterator over the ledger, one row at a time: memory does not grow with the
 * number of records (v1 held every entry, a map per record kind and one full PATH per
 * record). Verifiers read it the same way, one line at a time (docs/packs.md).
 *
 *   line 1     {"format":"evid-records/v2", hash rules, "tree_size", "root_hash"}
 *   per entry  {"seq","kind","subject_id","digest","recorded_at","actor","nodes":[hex],
 *               "section", "record", "state" | purged fields}
 *   last line  {"end":true,"records":N,"nodes":[hex]}
 * `nodes` of an entry are the proof nodes of the gap before its leaf; those of the end line
 * follow the last leaf (src/ledger/batch-proof.ts).
 */
import { CheckFailed } from '../errors.js';
import type { FileSink } from '../export/file-sink.js';
import { BatchProofWriter } from '../ledger/batch-proof.js';
import type { MerkleTree } from '../ledger/tree.js';
import type { Reader } from '../store/store.js';
import { assertLedgered, SECTIONS, type SectionName } from './evidence.js';
import { INCLUDED_ENTRIES, KIND_SETS, LEAF_RULE } from './proofs.js';
import { idParams, type IncludedRefs, type RefKind } from './select.js';

export const RECORDS_FORMAT = 'evid-records/v2';
export const NODE_RULE = 'SHA-256(0x01 || left || right)';
export const PROOF_RULE = 'batch: maximal subtrees without a proven leaf, left to right';

const SECTION_OF: Record<RefKind, (typeof SECTIONS)[number]> = Object.fromEntries(
  SECTIONS.map((s) => [s.ref, s]),
) as Record<RefKind, (typeof SECTIONS)[number]>;

/** Per kind: which row ids already have their (first) entry, as a bitmap by row id. */
class SeenIds {
  #bits = new Uint8Array(1024);

  /** True the first time an id is seen. */
  add(id: number): boolean {
    const byte = Math.floor(id / 8);
    if (byte >= this.#bits.length) {
      const grown = new Uint8Array(Math.max(byte + 1, this.#bits.length * 2));
      grown.set(this.#bits);
      this.#bits = grown;
    }
    const mask = 1 << (id % 8);
    if (this.#bits[byte]! & mask) return false;
    this.#bits[byte]! |= mask;
    return true;
  }
}

export interface RecordCounts {
  records: number;
  bySection: Record<SectionName, number>;
}

/**
 * Streams records.ndjson. Requires `tree` to be the ledger's tree checked against
 * (treeSize, rootHash) in the same snapshot. Throws CheckFailed when an included record
 * has no ledger entry or no longer matches its entry's digest.
 */
export function writeRecords(
  sink: FileSink,
  r: Reader,
  refs: IncludedRefs,
  tree: MerkleTree,
  treeSize: number,
  rootHash: string,
): RecordCounts {
  sink.write(
    `${JSON.stringify({
      format: RECORDS_FORMAT,
      hash_algorithm: 'sha256',
      leaf: LEAF_RULE,
      node: NODE_RULE,
      proof: PROOF_RULE,
      tree_size: treeSize,
      root_hash: rootHash,
    })}\n`,
  );
  const proof = treeSize > 0 ? new BatchProofWriter(tree, treeSize) : undefined;
  const one = Object.fromEntries(SECTIONS.map((s) => [s.ref, r.prepare(s.one)])) as Record<
    RefKind,
    ReturnType<Reader['prepare']>
  >;
  const seen = Object.fromEntries(SECTIONS.map((s) => [s.ref, new SeenIds()])) as Record<
    RefKind,
    SeenIds
  >;
  const found: Record<RefKind, number> = { traces: 0, events: 0, findings: 0, findingUpdates: 0 };
  const bySection = { traces: 0, events: 0, findings: 0, finding_updates: 0 };
  let records = 0;
  const rows = r
    .prepare(INCLUDED_ENTRIES)
    .raw(true)
    .iterate({ size: treeSize, ...idParams(refs) }) as IterableIterator<
    [number, string, number, string]
  >;
  for (const [seq, kind, subjectRef, leafJson] of rows) {
    const ref = KIND_SETS[kind as keyof typeof KIND_SETS];
    // A record ledgered twice is proved once, by its first entry.
    if (!seen[ref].add(subjectRef)) continue;
    found[ref]++;
    const section = SECTION_OF[ref];
    const row = one[ref].get(subjectRef) as Record<string, unknown> | undefined;
    if (!row) {
      throw new CheckFailed(`${kind} at seq ${seq} names a row the store no longer has`);
    }
    const entry = JSON.parse(leafJson) as { digest: string };
    const item = section.item(row, seq);
    assertLedgered(section.name, item, entry.digest);
    const nodes = proof!.nodesBefore(seq - 1).map((h) => h.toString('hex'));
    // item's own seq (the same) keeps its first place; its record and state follow.
    sink.write(`${JSON.stringify({ seq, ...entry, nodes, section: section.name, ...item })}\n`);
    bySection[section.name]++;
    records++;
  }
  for (const ref of Object.keys(found) as RefKind[]) {
    if (found[ref] !== refs[ref].length) {
      throw new CheckFailed(
        `an included ${ref} record (of ${refs[ref].length}) has no ledger entry; run \`audit verify\``,
      );
    }
  }
  const tail = records > 0 ? proof!.end().map((h) => h.toString('hex')) : [];
  sink.write(`${JSON.stringify({ end: true, records, nodes: tail })}\n`);
  return { records, bySection };
}
