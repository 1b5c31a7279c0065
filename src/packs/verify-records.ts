/**
 * The `inclusion_proofs` and `records` checks of an evid-pack/v2 pack, in ONE streaming
 * pass over records.ndjson: each line is parsed, its leaf recomputed and fed to the batch
 * verifier (src/ledger/batch-proof.ts) with the proof nodes before it, and its record
 * re-hashed against its entry's digest. Memory: one line, the verifier's stack, and the
 * counts, whatever the number of records. Everything in the file is attacker-controlled;
 * the first fault of each check is kept and reported, and the pass goes on for the other.
 */
import { BatchVerifier } from '../ledger/batch-proof.js';
import { entryLeafHash, type LedgerEntry } from '../ledger/entry.js';
import { canonicalDigest } from '../ledger/jcs.js';
import { EVIDENCE_SECTIONS, type SectionName } from './evidence.js';
import { RECORDS_FILE, type PackManifest } from './manifest.js';
import { LineSplitter } from './ndjson-lines.js';
import type { PackSource } from './pack-source.js';
import { RECORDS_FORMAT } from './records.js';
import { SUBJECT_FIELD } from './verify-checks.js';

const HEX32 = /^[0-9a-f]{64}$/;
/** The longest line read (a record with its largest prompt and completion). */
export const MAX_LINE = 64 << 20;

export interface RecordsStreamResult {
  /** null: inclusion proofs verify; else why not. */
  inclusion: string | null;
  records: string | null;
  proofs: number;
  verified: number;
  purged: number;
}

type Line = Record<string, unknown>;

/**
 * Streams records.ndjson of a pack whose manifest is `manifest`, reading at most `limit`
 * bytes. `onEntry` sees every well-formed entry (the store checks). Never throws for a
 * fault of the pack: the result says which check failed and why.
 */
export async function checkRecordsStream(
  pack: PackSource,
  manifest: PackManifest,
  limit: number,
  onEntry?: (entry: LedgerEntry) => void,
): Promise<RecordsStreamResult> {
  const head = manifest.tree_head;
  let inclusion: string | null = null;
  let records: string | null = null;
  const failProof = (why: string): void => {
    inclusion ??= why;
  };
  const failRecord = (why: string): void => {
    records ??= why;
  };
  const counts: Record<SectionName, number> = {
    traces: 0,
    events: 0,
    findings: 0,
    finding_updates: 0,
  };
  let verifier: BatchVerifier | undefined;
  let state = 'header' as 'header' | 'entries' | 'ended';
  let lastSeq = 0;
  let proofs = 0;
  let verified = 0;
  let purged = 0;

  const header = (line: Line): void => {
    state = 'entries';
    if (line.format !== RECORDS_FORMAT) {
      failProof(`${RECORDS_FILE} is not ${RECORDS_FORMAT}`);
      failRecord(`${RECORDS_FILE} is not ${RECORDS_FORMAT}`);
      return;
    }
    if (line.tree_size !== head.tree_size || line.root_hash !== head.root_hash) {
      failProof(`${RECORDS_FILE} is against another tree head than the signed one`);
    } else if (!HEX32.test(String(head.root_hash))) {
      failProof('the tree head root is not a SHA-256 hash');
    } else if (head.tree_size > 0) {
      verifier = new BatchVerifier(head.tree_size, Buffer.from(head.root_hash, 'hex'));
    }
  };

  const nodesOf = (line: Line, where: string): Buffer[] | undefined => {
    const nodes = line.nodes;
    if (!Array.isArray(nodes) || !nodes.every((h) => typeof h === 'string' && HEX32.test(h))) {
      failProof(`${where}: malformed proof nodes`);
      return undefined;
    }
    return nodes.map((h: string) => Buffer.from(h, 'hex'));
  };

  const prove = (fn: () => void, where: string): void => {
    if (inclusion !== null || !verifier) return;
    try {
      fn();
    } catch (err) {
      failProof(`${where}: ${(err as Error).message}`);
    }
  };

  const entryLine = (line: Line): void => {
    const seq = line.seq;
    const where = `entry seq ${String(seq)}`;
    if (
      !Number.isSafeInteger(seq) ||
      (seq as number) <= lastSeq ||
      typeof line.kind !== 'string' ||
      typeof line.subject_id !== 'string' ||
      typeof line.digest !== 'string' ||
      typeof line.recorded_at !== 'string' ||
      typeof line.actor !== 'string'
    ) {
      const why =
        Number.isSafeInteger(seq) && (seq as number) <= lastSeq
          ? `${where} comes after seq ${lastSeq} (records must be in ledger order, each once)`
          : `${where}: malformed entry`;
      failProof(why);
      failRecord(why);
      return;
    }
    lastSeq = seq as number;
    proofs++;
    const entry = line as unknown as LedgerEntry;
    const nodes = nodesOf(line, where);
    if (!verifier && inclusion === null) failProof(`${where}: the tree head is empty`);
    if (nodes) {
      prove(() => {
        for (const n of nodes) verifier!.node(n);
        verifier!.leaf(entry.seq - 1, entryLeafHash(entry));
      }, `${where} (${entry.kind} ${entry.subject_id})`);
    }
    onEntry?.(entry);
    checkRecord(line, entry);
  };

  const checkRecord = (line: Line, entry: LedgerEntry): void => {
    const section = line.section as SectionName;
    const kind = EVIDENCE_SECTIONS[section];
    if (!Object.hasOwn(EVIDENCE_SECTIONS, String(section)) || kind !== entry.kind) {
      failRecord(
        `record seq ${entry.seq} is in section ${String(section)} but proven as ${entry.kind}`,
      );
      return;
    }
    counts[section]++;
    // Purged by retention (events, and findings' excerpts): proven by the entry only.
    if (
      line.record === null &&
      line.purged === true &&
      (kind === 'event.ingested' || kind === 'finding.created')
    ) {
      if ((line as Record<string, unknown>)[SUBJECT_FIELD[kind]!] !== entry.subject_id) {
        failRecord(`purged ${section} record seq ${entry.seq} names another subject`);
      }
      purged++;
      return;
    }
    const rec = line.record as Record<string, unknown> | null;
    if (!rec || typeof rec !== 'object' || rec[SUBJECT_FIELD[kind]!] !== entry.subject_id) {
      failRecord(`${section} record seq ${entry.seq} is not ${entry.subject_id}`);
      return;
    }
    let digest: string;
    try {
      digest = canonicalDigest(rec).toString('hex');
    } catch (err) {
      failRecord(`${section} record ${entry.subject_id}: ${(err as Error).message}`);
      return;
    }
    if (digest !== entry.digest) {
      failRecord(
        `${section} record ${entry.subject_id} (seq ${entry.seq}) does not match its ledger digest`,
      );
      return;
    }
    verified++;
  };

  const endLine = (line: Line): void => {
    state = 'ended';
    if (line.records !== proofs) {
      const why = `${RECORDS_FILE} ends after ${proofs} records but says ${String(line.records)}`;
      failProof(why);
      failRecord(why);
    }
    const nodes = nodesOf(line, 'the end line');
    if (!nodes) return;
    if (proofs === 0) {
      if (nodes.length) failProof('proof nodes without a record');
      return;
    }
    prove(() => {
      for (const n of nodes) verifier!.node(n);
      verifier!.finish();
    }, 'the batch proof');
  };

  const splitter = new LineSplitter(MAX_LINE, (text) => {
    if (state === 'ended') {
      if (text !== '') failRecord(`${RECORDS_FILE} goes on after its end line`);
      return;
    }
    let line: Line;
    try {
      line = JSON.parse(text) as Line;
      if (line === null || typeof line !== 'object' || Array.isArray(line)) throw new Error();
    } catch {
      throw new Error(`${RECORDS_FILE} holds a line that is not a JSON object`);
    }
    if (state === 'header') header(line);
    else if (line.end === true) endLine(line);
    else entryLine(line);
  });
  try {
    await pack.stream(RECORDS_FILE, limit, (chunk) => splitter.push(chunk));
    splitter.end();
    if (state !== 'ended') throw new Error(`${RECORDS_FILE} has no end line (truncated)`);
  } catch (err) {
    failProof((err as Error).message);
    failRecord((err as Error).message);
  }
  if (records === null) {
    const m = manifest.counts;
    const c = counts;
    if (
      m?.traces !== c.traces ||
      m?.events !== c.events ||
      m?.findings !== c.findings ||
      m?.finding_updates !== c.finding_updates
    ) {
      failRecord(
        `the records (${c.traces} traces, ${c.events} events, ${c.findings} findings, ${c.finding_updates} finding updates) are not the manifest's counts`,
      );
    }
  }
  return { inclusion, records, proofs, verified, purged };
}
