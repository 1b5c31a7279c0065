import { EvidError, KillSwitchActiveError } from '../errors.js';
import { assertWithinQuota } from '../admin/quota.js';
import { assertIntakeOpen } from '../killswitch/killswitch.js';
import type { Store, Transactor } from '../store/store.js';
import { TraceAnalyzer, type TraceAnalysis } from './analyze-trace.js';
import { insertEvents } from './insert-events.js';
import { insertTraceRow } from './trace-row.js';
import { rejection, unanalysed, type RejectedTrace } from './pipeline.js';
import { validateTraceRequest, type TraceInput } from './validate.js';

/**
 * Live intake (DESIGN.md "Traces that grow"): spans, proxied calls, webhook deliveries and
 * log lines arrive in pieces, so a session's trace is created by its first events and
 * appended to by later ones. Same validation, detectors and ledger as `ingestTraces`; the
 * committed trace record stays what was fixed at creation, and its event_count and time
 * range follow its events (outside the digest; `audit verify` recomputes them).
 * A session may hold events of several agents (a conversation handed between agents, as
 * OpenTelemetry's invoke_agent spans show): each event keeps the agent it came with, and
 * the kill switch is checked for that agent; the trace keeps the agent that started it.
 */

/** Events of one session, as a receiver maps them (the trace request shape). */
export interface SessionInput {
  session_id: string;
  agent: string;
  framework?: string | null;
  /** Kept on the trace only when this creates it. */
  attributes?: Record<string, unknown>;
  /** Event request objects (src/ingest/schema.ts eventSchema); validated here. */
  events: unknown[];
}

export interface AppendOptions {
  /** The intake kind recorded on a trace this creates: otel, webhook, logfile, gateway, rest. */
  source: string;
  /** The source record: every event written carries it, and its counters move. */
  sourceId?: string;
  actor?: string;
  /** Run the detectors (default true). */
  detect?: boolean;
  /**
   * Runs inside the same transaction, after the events are written: what must commit
   * with them or not at all (the log tailer's read offset).
   */
  within?: (tx: Transactor) => void;
}

export interface AppendedSession {
  index: number;
  trace_id: string;
  session_id: string;
  status: 'accepted';
  /** True when these events started the session's trace. */
  created: boolean;
  events_ingested: number;
  /** Events skipped because their event_id is already stored (a client's retry). */
  duplicates: number;
  findings_generated: number;
}

export interface AppendReport {
  appended: AppendedSession[];
  /** Sessions refused: invalid (400), or intake stopped for the agent (503). */
  rejected: RejectedTrace[];
}

/**
 * Appends each session's events (creating its trace when new), all in ONE transaction:
 * callers bound what they pass (an OTLP batch, a proxied call, a few thousand log lines).
 * A session that is invalid or whose agent's intake is stopped is rejected with its reason
 * and the others go on; any other error throws and nothing of the call is written
 * (`within` included). An event whose event_id is already stored is skipped and counted as
 * a duplicate, so a client retrying a delivery it could not see acknowledged adds nothing.
 */
export function appendSessions(
  store: Store,
  sessions: readonly SessionInput[],
  options: AppendOptions,
): AppendReport {
  // A hard quota refuses the whole call before anything is written (507 / exit 7).
  assertWithinQuota(store);
  const report: AppendReport = { appended: [], rejected: [] };
  const analyzer = options.detect === false ? undefined : TraceAnalyzer.forStore(store);
  const ready: Array<{ index: number; trace: TraceInput; analysis: TraceAnalysis }> = [];
  sessions.forEach((s, index) => {
    const value = {
      ...(s.attributes ?? {}),
      session_id: s.session_id,
      agent: s.agent,
      framework: s.framework ?? null,
      events: s.events,
    };
    try {
      const trace = validateTraceRequest(value);
      ready.push({
        index,
        trace,
        analysis: analyzer ? analyzer.analyze(trace) : unanalysed(trace),
      });
    } catch (err) {
      if (!(err instanceof EvidError)) throw err;
      report.rejected.push(rejection({ index, value }, err));
    }
  });
  if (ready.length === 0 && !options.within) return report;

  store.transact((tx) => {
    const open = new Set<string>();
    let written = 0;
    for (const { index, trace, analysis } of ready) {
      try {
        if (!open.has(trace.agent)) {
          assertIntakeOpen(tx, trace.agent);
          open.add(trace.agent);
        }
      } catch (err) {
        if (!(err instanceof KillSwitchActiveError)) throw err;
        report.rejected.push(rejection({ index, value: trace }, err));
        continue;
      }
      const done = appendOne(tx, trace, analysis, options);
      written += done.events_ingested;
      report.appended.push({ index, ...done });
    }
    if (options.sourceId && written > 0) {
      tx.prepare(
        `UPDATE sources SET event_count = event_count + ?, last_event_at = ?, status = 'receiving'
         WHERE source_id = ?`,
      ).run(written, tx.now(), options.sourceId);
    }
    options.within?.(tx);
  }, options.actor);
  report.rejected.sort((a, b) => a.index - b.index);
  return report;
}

interface TraceRow {
  id: number;
  trace_id: string;
  event_count: number;
  first_event_at: string | null;
  last_event_at: string | null;
}

function appendOne(
  tx: Transactor,
  trace: TraceInput,
  analysis: TraceAnalysis,
  options: AppendOptions,
): Omit<AppendedSession, 'index'> {
  // Events already stored (a retried delivery) are skipped, as are repeats within the call.
  const known = tx.prepare('SELECT 1 FROM events WHERE event_id = ?');
  const skip = new Set<number>();
  const seen = new Set<string>();
  trace.events.forEach((e, i) => {
    if (e.event_id === null) return;
    if (seen.has(e.event_id) || known.get(e.event_id)) skip.add(i);
    seen.add(e.event_id);
  });
  const kept = trace.events.filter((_, i) => !skip.has(i));
  const findings = analysis.events.reduce(
    (n, e, i) => (skip.has(i) ? n : n + e.findings.length),
    0,
  );
  const failed = analysis.failed ? 'failed' : 'completed';
  let row = tx
    .prepare(
      'SELECT id, trace_id, event_count, first_event_at, last_event_at FROM traces WHERE session_id = ?',
    )
    .get(trace.session_id) as TraceRow | undefined;
  let created = false;
  if (!row) {
    if (kept.length === 0) {
      // Every event was a duplicate of events stored under other sessions: nothing to start.
      return summary('', trace.session_id, false, 0, skip.size, 0);
    }
    row = createTrace(tx, trace, options.source, failed);
    created = true;
  }
  if (kept.length > 0) {
    const sourceId = options.sourceId ?? null;
    insertEvents(
      tx,
      {
        traceRef: row.id,
        traceId: row.trace_id,
        agent: trace.agent,
        firstPosition: row.event_count,
        sourceId,
      },
      trace.events,
      analysis,
      skip,
    );
    const times = kept.map((e) => e.timestamp);
    const first = [row.first_event_at, ...times].filter((t) => t !== null).sort()[0]!;
    const last = [row.last_event_at, ...times]
      .filter((t) => t !== null)
      .sort()
      .pop()!;
    tx.prepare(
      `UPDATE traces SET event_count = event_count + ?, first_event_at = ?, last_event_at = ?,
         status = CASE WHEN ? = 'failed' THEN 'failed' ELSE status END WHERE id = ?`,
    ).run(kept.length, first, last, failed, row.id);
  }
  return summary(row.trace_id, trace.session_id, created, kept.length, skip.size, findings);
}

function summary(
  traceId: string,
  sessionId: string,
  created: boolean,
  events: number,
  duplicates: number,
  findings: number,
): Omit<AppendedSession, 'index'> {
  return {
    trace_id: traceId,
    session_id: sessionId,
    status: 'accepted',
    created,
    events_ingested: events,
    duplicates,
    findings_generated: findings,
  };
}

/** The trace's fixed record, with no events yet (counts and times follow its events). */
function createTrace(tx: Transactor, trace: TraceInput, source: string, status: string): TraceRow {
  const { traceRef, traceId } = insertTraceRow(tx, trace, source, {
    status,
    first: null,
    last: null,
    count: 0,
  });
  return {
    id: traceRef,
    trace_id: traceId,
    event_count: 0,
    first_event_at: null,
    last_event_at: null,
  };
}
