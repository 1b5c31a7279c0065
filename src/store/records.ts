/**
 * The canonical record of each ledgered subject: what its ledger digest commits to. The
 * writer builds it from the values it inserts and the verifier from the row it reads back,
 * through these same functions, so the two can never disagree about what was hashed.
 * JSON columns are stored as canonical JSON text and committed to as that text.
 */

export interface TraceRecordFields {
  trace_id: string;
  session_id: string;
  agent: string;
  framework: string | null;
  source: string;
  attributes: string;
  ingested_at: string;
}

export function traceRecord(t: TraceRecordFields): Record<string, unknown> {
  return {
    trace_id: t.trace_id,
    session_id: t.session_id,
    agent: t.agent,
    framework: t.framework,
    source: t.source,
    attributes: t.attributes,
    ingested_at: t.ingested_at,
  };
}

export interface EventRecordFields {
  event_id: string;
  trace_id: string | null;
  position: number;
  agent: string;
  type: string;
  model: string | null;
  prompt: string | null;
  completion: string | null;
  tokens_prompt: number | null;
  tokens_completion: number | null;
  timestamp: string;
  attributes: string;
}

export function eventRecord(e: EventRecordFields): Record<string, unknown> {
  return {
    event_id: e.event_id,
    trace_id: e.trace_id,
    position: e.position,
    agent: e.agent,
    type: e.type,
    model: e.model,
    prompt: e.prompt,
    completion: e.completion,
    tokens_prompt: e.tokens_prompt,
    tokens_completion: e.tokens_completion,
    timestamp: e.timestamp,
    attributes: e.attributes,
  };
}

/** Ledger kinds and the table holding their subject (for the verifier's look-ups). */
export const LEDGER_KINDS = {
  'trace.ingested': 'traces',
  'event.ingested': 'events',
} as const;
