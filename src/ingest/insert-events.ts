import { canonicalize } from '../ledger/jcs.js';
import { enqueueLedgered } from '../outbox/enqueue.js';
import { insertFinding, type NewFinding } from '../store/findings.js';
import { eventRecord, type EventRecordFields } from '../store/records.js';
import type { Transactor } from '../store/store.js';
import type { TraceAnalysis } from './analyze-trace.js';
import type { EventInput } from './validate.js';

export interface EventTarget {
  traceRef: number;
  traceId: string;
  agent: string;
  /** Position of the first event given (0 for a new trace, the count so far for an append). */
  firstPosition: number;
  sourceId: string | null;
}

/**
 * Writes events (and their findings) of one trace and ledgers each, inside the caller's
 * transaction: the one place both intakes (whole traces, and appends to a growing session)
 * write events. `analysis.events[i]` belongs to `events[i]`. Events whose id is in `skip`
 * are left out (an append's duplicates); positions stay contiguous over those written.
 */
export function insertEvents(
  tx: Transactor,
  target: EventTarget,
  events: readonly EventInput[],
  analysis: TraceAnalysis,
  skip?: ReadonlySet<number>,
): number {
  const now = tx.now();
  const idBase = `ev_${target.traceId.slice(3)}_`;
  let position = target.firstPosition;
  let written = 0;
  events.forEach((e, i) => {
    if (skip?.has(i)) return;
    const stored = analysis.events[i]!;
    writeEvent(
      tx,
      {
        event_id: e.event_id ?? idBase + String(position).padStart(5, '0'),
        trace_id: target.traceId,
        position,
        agent: target.agent,
        type: e.type,
        model: e.model,
        prompt: stored.prompt,
        completion: stored.completion,
        tokens_prompt: e.tokens_prompt,
        tokens_completion: e.tokens_completion,
        timestamp: e.timestamp,
        attributes: canonicalize(e.attributes),
        source_id: target.sourceId,
      },
      target.traceRef,
      stored.findings,
      now,
    );
    position++;
    written++;
  });
  return written;
}

/**
 * One event row, its `event.ingested` entry, its outbox entry (targets with --events all;
 * none: a no-op) and its findings: the one place any intake writes an event. `traceRef` is
 * null for audit events, which belong to no trace. Returns the event's row id.
 */
export function writeEvent(
  tx: Transactor,
  fields: EventRecordFields,
  traceRef: number | null,
  findings: readonly NewFinding[],
  now: string,
): number {
  const info = tx
    .prepare(
      `INSERT INTO events (event_id, trace_ref, position, agent, type, model, prompt, completion,
         tokens_prompt, tokens_completion, timestamp, attributes, ingested_at, source_id)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      fields.event_id,
      traceRef,
      fields.position,
      fields.agent,
      fields.type,
      fields.model,
      fields.prompt,
      fields.completion,
      fields.tokens_prompt,
      fields.tokens_completion,
      fields.timestamp,
      fields.attributes,
      now,
      fields.source_id ?? null,
    );
  const eventRef = Number(info.lastInsertRowid);
  const { seq } = tx.ledger.append(
    'event.ingested',
    fields.event_id,
    eventRef,
    eventRecord(fields),
    now,
  );
  enqueueLedgered(tx, 'event.ingested', seq);
  for (const finding of findings) {
    insertFinding(
      tx,
      {
        traceRef,
        traceId: fields.trace_id,
        eventRef,
        eventId: fields.event_id,
        agent: fields.agent,
      },
      finding,
    );
  }
  return eventRef;
}
