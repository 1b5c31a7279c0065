import { ConflictError, EvidError } from '../errors.js';
import { newTraceId } from '../ids.js';
import { canonicalize } from '../ledger/jcs.js';
import { eventRecord, traceRecord, type EventRecordFields } from '../store/records.js';
import type { Store, Transactor } from '../store/store.js';
import type { InputItem } from './parse-input.js';
import { validateTraceRequest, type TraceInput } from './validate.js';

export interface IngestOptions {
  /** Where the trace came from: cli, rest, otel, webhook, gateway, logfile. */
  source: string;
  actor?: string;
}

export interface AcceptedTrace {
  index: number;
  trace_id: string;
  session_id: string;
  status: 'accepted';
  events_ingested: number;
  findings_generated: number;
}

export interface RejectedTrace {
  index: number;
  line?: number;
  session_id?: string;
  status: 'rejected';
  error: { code: string; message: string; field?: string; exit_code: number; http_status: number };
}

export interface IngestReport {
  accepted: AcceptedTrace[];
  rejected: RejectedTrace[];
}

/** Traces are committed in chunks of about this many events: each chunk is one transaction. */
const CHUNK_EVENTS = 5_000;

/**
 * The one ingest pipeline (CLI, REST and OpenTelemetry intakes all call it): validate each
 * trace, then store trace + events and append their ledger entries, each trace wholly or
 * not at all. A bad trace is rejected with its reason and does not stop the good ones.
 */
export function ingestTraces(
  store: Store,
  items: InputItem[],
  options: IngestOptions,
): IngestReport {
  const report: IngestReport = { accepted: [], rejected: [] };
  const valid: Array<{ index: number; trace: TraceInput }> = [];
  for (const item of items) {
    if (item.error) {
      report.rejected.push(rejection(item, item.error));
      continue;
    }
    try {
      valid.push({ index: item.index, trace: validateTraceRequest(item.value) });
    } catch (err) {
      if (!(err instanceof EvidError)) throw err;
      report.rejected.push(rejection(item, err));
    }
  }

  let chunk: typeof valid = [];
  let chunkEvents = 0;
  const flush = (): void => {
    if (chunk.length === 0) return;
    const batch = chunk;
    chunk = [];
    chunkEvents = 0;
    store.transact((tx) => {
      for (const { index, trace } of batch) {
        try {
          report.accepted.push({ index, ...insertTrace(tx, trace, options.source) });
        } catch (err) {
          if (!(err instanceof ConflictError)) throw err;
          report.rejected.push(rejection({ index, value: trace }, err));
        }
      }
    }, options.actor);
  };
  for (const v of valid) {
    chunk.push(v);
    chunkEvents += v.trace.events.length;
    if (chunkEvents >= CHUNK_EVENTS) flush();
  }
  flush();
  report.rejected.sort((a, b) => a.index - b.index);
  return report;
}

function rejection(item: InputItem, err: EvidError): RejectedTrace {
  const sessionId = (item.value as { session_id?: unknown } | undefined)?.session_id;
  const field = err.details?.field;
  return {
    index: item.index,
    ...(item.line !== undefined ? { line: item.line } : {}),
    ...(typeof sessionId === 'string' ? { session_id: sessionId } : {}),
    status: 'rejected',
    error: {
      code: err.code,
      message: err.message,
      ...(typeof field === 'string' ? { field } : {}),
      exit_code: err.exitCode,
      http_status: err.httpStatus,
    },
  };
}

/**
 * Inserts one trace inside the caller's transaction. Conflicts are checked before any
 * write, so a refused trace leaves nothing behind even though it shares the transaction.
 */
function insertTrace(
  tx: Transactor,
  trace: TraceInput,
  source: string,
): Omit<AcceptedTrace, 'index'> {
  assertNoConflict(tx, trace);
  const now = tx.now();
  const traceId = newTraceId();
  const times = trace.events.map((e) => e.timestamp).sort();
  const traceFields = {
    trace_id: traceId,
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
       VALUES (@trace_id, @session_id, @agent, @framework, @source, 'completed', @first, @last,
         @count, @attributes, @ingested_at)`,
    )
    .run({
      ...traceFields,
      first: times[0],
      last: times[times.length - 1],
      count: trace.events.length,
    });
  const traceRef = Number(lastInsertRowid);
  tx.ledger.append('trace.ingested', traceId, traceRef, traceRecord(traceFields), now);

  const insertEvent = tx.prepare(
    `INSERT INTO events (event_id, trace_ref, position, agent, type, model, prompt, completion,
       tokens_prompt, tokens_completion, timestamp, attributes, ingested_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const idBase = `ev_${traceId.slice(3)}_`;
  trace.events.forEach((e, position) => {
    const fields: EventRecordFields = {
      event_id: e.event_id ?? idBase + String(position).padStart(5, '0'),
      trace_id: traceId,
      position,
      agent: trace.agent,
      type: e.type,
      model: e.model,
      prompt: e.prompt,
      completion: e.completion,
      tokens_prompt: e.tokens_prompt,
      tokens_completion: e.tokens_completion,
      timestamp: e.timestamp,
      attributes: canonicalize(e.attributes),
    };
    const info = insertEvent.run(
      fields.event_id,
      traceRef,
      position,
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
    );
    tx.ledger.append(
      'event.ingested',
      fields.event_id,
      Number(info.lastInsertRowid),
      eventRecord(fields),
      now,
    );
  });
  return {
    trace_id: traceId,
    session_id: trace.session_id,
    status: 'accepted',
    events_ingested: trace.events.length,
    findings_generated: 0,
  };
}

function assertNoConflict(tx: Transactor, trace: TraceInput): void {
  const existing = tx
    .prepare('SELECT trace_id FROM traces WHERE session_id = ?')
    .get(trace.session_id) as { trace_id: string } | undefined;
  if (existing) {
    throw new ConflictError(
      `session_id: ${trace.session_id} was already ingested as ${existing.trace_id}`,
      { field: 'session_id', trace_id: existing.trace_id },
    );
  }
  const byEventId = tx.prepare('SELECT 1 FROM events WHERE event_id = ?');
  trace.events.forEach((e, i) => {
    if (e.event_id !== null && byEventId.get(e.event_id)) {
      throw new ConflictError(`events[${i}].event_id: ${e.event_id} was already ingested`, {
        field: `events[${i}].event_id`,
      });
    }
  });
}
