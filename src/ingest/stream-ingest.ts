/**
 * Streamed items fed to the one ingest pipeline in bounded batches (issue 13). Each batch
 * is an ordinary ingestTraces call, so a trace is still stored wholly or not at all and a
 * bad one never stops the others; what a batch decided is handed to `onBatch` and then
 * let go, so nothing here grows with the size of the input.
 */
import type { Store } from '../store/store.js';
import {
  ingestTraces,
  type AcceptedTrace,
  type IngestOptions,
  type RejectedTrace,
} from './pipeline.js';
import type { StreamedItem } from './parse-input.js';

export type TraceResult = AcceptedTrace | RejectedTrace;

export interface IngestTotals {
  accepted_count: number;
  rejected_count: number;
  events_ingested: number;
  findings_generated: number;
  /** Bytes of input read so far. */
  bytes_read: number;
}

/** A batch closes at this many traces or this many bytes of input, whichever comes first. */
const BATCH_TRACES = 1_000;
const BATCH_BYTES = 4 * 1024 * 1024;

/**
 * Ingests every item; `onBatch` gets each batch's results in input order with the running
 * totals. Returns the totals.
 */
export async function ingestStream(
  store: Store,
  items: AsyncIterable<StreamedItem>,
  options: IngestOptions,
  onBatch: (results: TraceResult[], totals: IngestTotals) => void,
): Promise<IngestTotals> {
  const totals: IngestTotals = {
    accepted_count: 0,
    rejected_count: 0,
    events_ingested: 0,
    findings_generated: 0,
    bytes_read: 0,
  };
  let batch: StreamedItem[] = [];
  let batchFrom = 0;
  const flush = (): void => {
    if (batch.length === 0) return;
    const report = ingestTraces(store, batch, options);
    totals.bytes_read = batch[batch.length - 1]!.end;
    batch = [];
    batchFrom = totals.bytes_read;
    totals.accepted_count += report.accepted.length;
    totals.rejected_count += report.rejected.length;
    for (const a of report.accepted) {
      totals.events_ingested += a.events_ingested;
      totals.findings_generated += a.findings_generated;
    }
    const results: TraceResult[] = [...report.accepted, ...report.rejected];
    onBatch(
      results.sort((a, b) => a.index - b.index),
      totals,
    );
  };
  for await (const item of items) {
    batch.push(item);
    if (batch.length >= BATCH_TRACES || item.end - batchFrom >= BATCH_BYTES) flush();
  }
  flush();
  return totals;
}
