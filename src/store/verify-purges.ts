/**
 * Purge batches against the records they purged (DESIGN.md "Purge is not tampering"). The
 * entry scan resolves every purged event or finding that names a batch (`purge_ref`) and
 * collects its seq under that batch; the batch row itself is checked against its own
 * `purge.batch` entry like any record. What is left is that each batch's commitment
 * (count and `seqs_sha256`) equals the seqs that claim it: a record blanked and pointed at
 * a batch that did not purge it, or a purged record pointed elsewhere, changes some batch's
 * set. One hash per batch, over 8 bytes per purged record: cheap for a million of them.
 */
import { Failure } from './verify-failure.js';
import { seqsDigest } from './retention-records.js';
import type { Reader } from './store.js';

/** Seqs of purged records, per purge batch (row id), ascending as the scan meets them. */
export type PurgeSeqs = Map<number, number[]>;

export function addPurgeSeq(into: PurgeSeqs, batch: number, seq: number): void {
  const seqs = into.get(batch);
  if (seqs) seqs.push(seq);
  else into.set(batch, [seq]);
}

/** Joins chunk results (in seq order) into one map. */
export function mergePurgeSeqs(into: PurgeSeqs, from: Iterable<[number, number[]]>): void {
  for (const [batch, seqs] of from) {
    const have = into.get(batch);
    if (have) for (const s of seqs) have.push(s);
    else into.set(batch, [...seqs]);
  }
}

export interface BatchCommitment {
  id: number;
  batch_id: string;
  count: number;
  seqs_sha256: string;
}

/** Every batch's commitment, in the caller's snapshot. */
export function loadBatchCommitments(r: Reader): BatchCommitment[] {
  return r
    .prepare('SELECT id, batch_id, count, seqs_sha256 FROM purge_batches ORDER BY id')
    .all() as BatchCommitment[];
}

/** The first batch whose commitment differs from the records that claim it, else undefined. */
export function checkPurgeBatches(
  batches: readonly BatchCommitment[],
  collected: PurgeSeqs,
): Failure | undefined {
  const known = new Set<number>();
  for (const b of batches) {
    known.add(b.id);
    const seqs = collected.get(b.id) ?? [];
    if (seqs.length !== b.count || seqsDigest(seqs) !== b.seqs_sha256) {
      return new Failure(
        'tampered',
        null,
        `purge batch ${b.batch_id}: its ledger entry covers ${b.count} records, but ${seqs.length} marked purged by it do not match them`,
        undefined,
        { table: 'purge_batches', id: b.batch_id },
      );
    }
  }
  for (const [batch, seqs] of collected) {
    if (!known.has(batch)) {
      return new Failure(
        'tampered',
        seqs[0] ?? null,
        `ledger entry ${seqs[0]}: marked purged by batch ${batch}, which no purge entry records`,
      );
    }
  }
  return undefined;
}
