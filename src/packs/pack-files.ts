/**
 * The record files of a pack, written from one read snapshot into the work directory:
 * evid-pack/v2 (evidence.json header + records.ndjson, streamed with one batch proof) or
 * evid-pack/v1 (evidence.json with every record + proofs.json with a PATH per record).
 * Each file is hashed as it is written; on a throw none is kept half-written.
 */
import { join } from 'node:path';
import { FileSink } from '../export/file-sink.js';
import type { MerkleTree } from '../ledger/tree.js';
import type { Reader } from '../store/store.js';
import type { ControlMapping } from './controls.js';
import { writeEvidence, writeEvidenceHeader, type EvidenceHeader } from './evidence.js';
import { EVIDENCE_FILE, PROOFS_FILE, RECORDS_FILE } from './manifest.js';
import { writeProofs, type LedgerSlice } from './proofs.js';
import { writeRecords } from './records.js';
import type { IncludedRefs, RefKind } from './select.js';

export interface Written {
  name: string;
  bytes: number;
  sha256: string;
}

/** Runs `fill` on a sink per file; on a throw every file is abandoned, none half-kept. */
function writeFiles(work: string, names: string[], fill: (sinks: FileSink[]) => void): Written[] {
  const sinks = names.map((name) => new FileSink(join(work, name)));
  try {
    fill(sinks);
  } catch (err) {
    for (const sink of sinks) sink.abandon();
    throw err;
  }
  return sinks.map((sink, i) => ({ name: names[i]!, ...sink.close() }));
}

/** evid-pack/v1: evidence.json with every record, proofs.json with a PATH per record. */
export function writeV1(
  work: string,
  r: Reader,
  params: Record<RefKind, string>,
  header: EvidenceHeader,
  slice: LedgerSlice,
  controls: ControlMapping[] | null,
): Written[] {
  return writeFiles(work, [EVIDENCE_FILE, PROOFS_FILE], ([evidence, proofs]) => {
    writeEvidence(evidence!, r, params, header, slice, controls);
    writeProofs(proofs!, slice);
  });
}

/** evid-pack/v2: evidence.json is the header; records.ndjson streams records and proof. */
export function writeV2(
  work: string,
  r: Reader,
  refs: IncludedRefs,
  header: EvidenceHeader,
  tree: MerkleTree,
  treeSize: number,
  rootHash: string,
  controls: ControlMapping[] | null,
): Written[] {
  return writeFiles(work, [EVIDENCE_FILE, RECORDS_FILE], ([evidence, records]) => {
    writeEvidenceHeader(evidence!, header, RECORDS_FILE, controls);
    writeRecords(records!, r, refs, tree, treeSize, rootHash);
  });
}
