import { newTraceId } from '../ids.js';
import { canonicalize } from '../ledger/jcs.js';
import { traceRecord } from '../store/records.js';
import type { Transactor } from '../store/store.js';
import type { TraceInput } from './validate.js';

/** The columns outside the trace's ledgered record: they follow from its events. */
export interface TraceTally {
  status: string;
  first: string | null;
  last: string | null;
  count: number;
}

/**
 * Inserts a trace row and appends its `trace.ingested` entry: the one place a trace is
 * born, for whole traces (the pipeline) and for traces that grow (append). The record holds
 * only the fixed fields; status, counts and times are checked by verify against the events.
 */
export function insertTraceRow(
  tx: Transactor,
  trace: TraceInput,
  source: string,
  tally: TraceTally,
): { traceRef: number; traceId: string } {
  const now = tx.now();
  const fields = {
    trace_id: newTraceId(),
    session_id: trace.session_id,
    agent: trace.agent,
    framework: trace.framework,
    source,
    attributes: canonicalize(trace.attributes),
    ingested_at: now,
  };
  const { lastInsertRowid } = tx
    .prepare(
      `INSERT INTO traces (trace_id, session_id, agent, framework, source, status, first_event_at,
         last_event_at, event_count, attributes, ingested_at)
       VALUES (@trace_id, @session_id, @agent, @framework, @source, @status, @first, @last,
         @count, @attributes, @ingested_at)`,
    )
    .run({ ...fields, ...tally });
  const traceRef = Number(lastInsertRowid);
  tx.ledger.append('trace.ingested', fields.trace_id, traceRef, traceRecord(fields), now);
  return { traceRef, traceId: fields.trace_id };
}
