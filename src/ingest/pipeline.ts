import { ConflictError, EvidError, KillSwitchActiveError } from '../errors.js';
import { assertWithinQuota } from '../admin/quota.js';
import { assertIntakeOpen } from '../killswitch/killswitch.js';
import type { Store, Transactor } from '../store/store.js';
import { TraceAnalyzer, type TraceAnalysis } from './analyze-trace.js';
import type { InputItem } from './parse-input.js';
import { insertEvents } from './insert-events.js';
import { insertTraceRow } from './trace-row.js';
import { validateTraceRequest, type TraceInput } from './validate.js';
import { isWellFormed } from './well-formed.js';

export interface IngestOptions {
  /** Where the trace came from: cli, rest, otel, webhook, gateway, logfile. */
  source: string;
  actor?: string;
  /** Run the detectors (default true); off only for benchmarks and bulk re-imports. */
  detect?: boolean;
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
  error: {
    code: string;
    message: string;
    field?: string;
    exit_code: number;
    http_status: number;
    /** For a kill-switch refusal (503): scope, agent, reason, actor, since, retry_after. */
    details?: Record<string, unknown>;
  };
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
  // A hard quota refuses the whole call before anything is parsed or written (507 / exit 7).
  assertWithinQuota(store);
  const report: IngestReport = { accepted: [], rejected: [] };
  const valid: Array<{ index: number; line: number | undefined; trace: TraceInput }> = [];
  // The policy is read once per call; analysis runs outside the write lock.
  // Findings get the store's keyed (HMAC) fingerprints; see src/detect/fingerprint-key.ts.
  const analyzer = options.detect === false ? undefined : TraceAnalyzer.forStore(store);
  for (const item of items) {
    if (item.error) {
      report.rejected.push(rejection(item, item.error));
      continue;
    }
    try {
      valid.push({ index: item.index, line: item.line, trace: validateTraceRequest(item.value) });
    } catch (err) {
      if (!(err instanceof EvidError)) throw err;
      report.rejected.push(rejection(item, err));
    }
  }

  type Ready = {
    index: number;
    line: number | undefined;
    trace: TraceInput;
    analysis: TraceAnalysis;
  };
  let chunk: Ready[] = [];
  let chunkEvents = 0;
  const flush = (): void => {
    if (chunk.length === 0) return;
    const batch = chunk;
    chunk = [];
    chunkEvents = 0;
    store.transact((tx) => {
      const open = new Set<string>();
      for (const { index, line, trace, analysis } of batch) {
        try {
          report.accepted.push({
            index,
            ...insertTrace(tx, trace, analysis, options.source, open),
          });
        } catch (err) {
          // Both are raised before the trace writes anything, so the others go on: a
          // duplicate, or an agent whose intake is stopped (per-agent kill switch).
          if (!(err instanceof ConflictError || err instanceof KillSwitchActiveError)) throw err;
          // The same report as a validation rejection: index, NDJSON line, session_id.
          const item = line === undefined ? { index, value: trace } : { index, line, value: trace };
          report.rejected.push(rejection(item, err));
        }
      }
    }, options.actor);
  };
  for (const v of valid) {
    chunk.push({ ...v, analysis: analyzer ? analyzer.analyze(v.trace) : unanalysed(v.trace) });
    chunkEvents += v.trace.events.length;
    if (chunkEvents >= CHUNK_EVENTS) flush();
  }
  flush();
  report.rejected.sort((a, b) => a.index - b.index);
  return report;
}

export function unanalysed(trace: TraceInput): TraceAnalysis {
  return {
    events: trace.events.map((e) => ({ prompt: e.prompt, completion: e.completion, findings: [] })),
    findings: 0,
    failed: false,
  };
}

export function rejection(item: InputItem, err: EvidError): RejectedTrace {
  const sessionId = (item.value as { session_id?: unknown } | undefined)?.session_id;
  // A session_id that is not well-formed text is not echoed (it was the reason, or part).
  const field = err.details?.field;
  return {
    index: item.index,
    ...(item.line !== undefined ? { line: item.line } : {}),
    ...(typeof sessionId === 'string' && isWellFormed(sessionId) ? { session_id: sessionId } : {}),
    status: 'rejected',
    error: {
      code: err.code,
      message: err.message,
      ...(typeof field === 'string' ? { field } : {}),
      exit_code: err.exitCode,
      http_status: err.httpStatus,
      ...(err instanceof KillSwitchActiveError && err.details ? { details: err.details } : {}),
    },
  };
}

/**
 * Inserts one trace inside the caller's transaction. Conflicts are checked before any
 * write, so a refused trace leaves nothing behind even though it shares the transaction.
 * `open` holds the agents whose intake was already found open in this transaction: the
 * kill switch changes only in a write transaction, and this one holds the write lock.
 */
function insertTrace(
  tx: Transactor,
  trace: TraceInput,
  analysis: TraceAnalysis,
  source: string,
  open: Set<string>,
): Omit<AcceptedTrace, 'index'> {
  if (!open.has(trace.agent)) {
    assertIntakeOpen(tx, trace.agent);
    open.add(trace.agent);
  }
  assertNoConflict(tx, trace);
  const times = trace.events.map((e) => e.timestamp).sort();
  const { traceRef, traceId } = insertTraceRow(tx, trace, source, {
    status: analysis.failed ? 'failed' : 'completed',
    first: times[0] ?? null,
    last: times[times.length - 1] ?? null,
    count: trace.events.length,
  });

  insertEvents(
    tx,
    { traceRef, traceId, agent: trace.agent, firstPosition: 0, sourceId: null },
    trace.events,
    analysis,
  );
  return {
    trace_id: traceId,
    session_id: trace.session_id,
    status: 'accepted',
    events_ingested: trace.events.length,
    findings_generated: analysis.findings,
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
