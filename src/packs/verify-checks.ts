/**
 * The pack-only checks of `audit evidence verify` (no store, no key): inclusion proofs
 * against the tree head, records against their entries (files: load-pack.ts). Each
 * returns a message or throws an Error naming what does not match; the input is
 * attacker-controlled, so every shape is checked before use.
 */
import { entryLeafHash } from '../ledger/entry.js';
import { canonicalDigest } from '../ledger/jcs.js';
import { verifyInclusion } from '../ledger/verify.js';
import { EVIDENCE_SECTIONS } from './evidence.js';
import { EVIDENCE_FILE } from './manifest.js';
import type { ProofEntry } from './verify-types.js';

const HEX32 = /^[0-9a-f]{64}$/;

export function checkInclusion(entries: ProofEntry[], size: number, rootHex: string): void {
  if (!HEX32.test(String(rootHex))) throw new Error('the tree head root is not a SHA-256 hash');
  const root = Buffer.from(rootHex, 'hex');
  for (const e of entries) {
    const where = `entry seq ${String(e?.seq)}`;
    if (
      typeof e?.seq !== 'number' ||
      e.leaf_index !== e.seq - 1 ||
      !Array.isArray(e.inclusion_proof) ||
      !e.inclusion_proof.every((h) => typeof h === 'string' && HEX32.test(h)) ||
      typeof e.digest !== 'string'
    ) {
      throw new Error(`${where}: malformed proof entry`);
    }
    const leaf = entryLeafHash(e);
    try {
      verifyInclusion(
        e.leaf_index,
        size,
        leaf,
        e.inclusion_proof.map((h) => Buffer.from(h, 'hex')),
        root,
      );
    } catch (err) {
      throw new Error(`${where} (${e.kind} ${e.subject_id}): ${(err as Error).message}`);
    }
  }
}

type EvidenceItem = {
  seq?: unknown;
  record?: Record<string, unknown> | null;
  purged?: boolean;
  event_id?: unknown;
  finding_id?: unknown;
};

/** The field of a record that its entry's subject_id names, per ledger kind. */
export const SUBJECT_FIELD: Record<string, string> = {
  'trace.ingested': 'trace_id',
  'event.ingested': 'event_id',
  'finding.created': 'finding_id',
  'finding.updated': 'finding_id',
};

/** Kinds whose content retention purges: the pack lists them as purged, proven by entry only. */
const PURGEABLE = new Set(['event.ingested', 'finding.created']);

export function checkRecords(
  text: string,
  entries: ProofEntry[],
): { records: number; purged: number } {
  let evidence: Record<string, unknown>;
  try {
    evidence = JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw new Error(`${EVIDENCE_FILE} is not JSON`);
  }
  const bySeq = new Map(entries.map((e) => [e.seq, e]));
  const used = new Set<number>();
  let records = 0;
  let purged = 0;
  for (const [section, kind] of Object.entries(EVIDENCE_SECTIONS)) {
    const items = evidence[section];
    if (!Array.isArray(items)) throw new Error(`${EVIDENCE_FILE} has no ${section} list`);
    for (const item of items as EvidenceItem[]) {
      const seq = item?.seq;
      const entry = typeof seq === 'number' ? bySeq.get(seq) : undefined;
      if (!entry) throw new Error(`a ${section} record (seq ${String(seq)}) has no proof entry`);
      if (used.has(entry.seq)) throw new Error(`two records claim ledger entry ${entry.seq}`);
      used.add(entry.seq);
      if (entry.kind !== kind) {
        throw new Error(`${section} record seq ${entry.seq} is proven as a ${entry.kind}`);
      }
      const field = SUBJECT_FIELD[kind]!;
      if (item.record === null && item.purged === true && PURGEABLE.has(kind)) {
        if ((item as Record<string, unknown>)[field] !== entry.subject_id) {
          throw new Error(`purged ${section} record seq ${entry.seq} names another subject`);
        }
        purged++;
        continue;
      }
      const rec = item.record;
      if (!rec || typeof rec !== 'object' || rec[field] !== entry.subject_id) {
        throw new Error(`${section} record seq ${entry.seq} is not ${entry.subject_id}`);
      }
      let digest: string;
      try {
        digest = canonicalDigest(rec).toString('hex');
      } catch (err) {
        throw new Error(`${section} record ${entry.subject_id}: ${(err as Error).message}`);
      }
      if (digest !== entry.digest) {
        throw new Error(
          `${section} record ${entry.subject_id} (seq ${entry.seq}) does not match its ledger digest`,
        );
      }
      records++;
    }
  }
  if (used.size !== entries.length) {
    const orphan = entries.find((e) => !used.has(e.seq))!;
    throw new Error(
      `proof entry seq ${orphan.seq} (${orphan.kind} ${orphan.subject_id}) has no record in ${EVIDENCE_FILE}`,
    );
  }
  return { records, purged };
}
