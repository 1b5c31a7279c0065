import type { SessionInput } from '../../ingest/append.js';
import { MAX_EVENTS_PER_TRACE } from '../../ingest/schema.js';
import type { OtelSpan } from './decode.js';
import { inputText, outputParts } from './messages.js';

/**
 * Spans as evidence (docs/sources.md, "OpenTelemetry"): the GenAI semantic conventions
 * (current and deprecated names), OpenInference and Traceloop/OpenLLMetry attributes become
 * events of the ingest request shape, grouped by session. Spans that carry no AI attribute
 * at all (HTTP, database, framework internals) are not evidence: counted, not stored.
 */

type Attrs = Record<string, unknown>;

export const AI_PREFIXES = ['gen_ai.', 'llm.', 'openinference.', 'traceloop.', 'ai.', 'langfuse.'];

export function isAiSpan(span: OtelSpan): boolean {
  const keys = Object.keys(span.attributes);
  if (keys.some((k) => AI_PREFIXES.some((p) => k.startsWith(p)))) return true;
  return span.events.some((e) => e.name.startsWith('gen_ai.'));
}

function first(attrs: Attrs, ...keys: string[]): unknown {
  for (const k of keys) {
    const v = attrs[k];
    if (v !== undefined && v !== null && v !== '') return v;
  }
  return undefined;
}

const text = (v: unknown): string | undefined =>
  v === undefined ? undefined : typeof v === 'string' ? v : JSON.stringify(v);

function count(v: unknown): number | null {
  const n = typeof v === 'string' ? Number(v) : v;
  return typeof n === 'number' && Number.isSafeInteger(n) && n >= 0 ? n : null;
}

/** OpenInference span kinds and Traceloop span kinds, as GenAI operation names. */
const KIND_OPERATION: Record<string, string> = {
  LLM: 'chat',
  TOOL: 'execute_tool',
  AGENT: 'invoke_agent',
  CHAIN: 'invoke_workflow',
  EMBEDDING: 'embeddings',
  RETRIEVER: 'retrieval',
  RERANKER: 'rerank',
  GUARDRAIL: 'guardrail',
  EVALUATOR: 'evaluate',
  PROMPT: 'prompt',
  workflow: 'invoke_workflow',
  task: 'invoke_workflow',
  agent: 'invoke_agent',
  tool: 'execute_tool',
};

function operationOf(a: Attrs): string {
  const op = first(a, 'gen_ai.operation.name');
  if (typeof op === 'string') return op;
  const kind = first(a, 'openinference.span.kind', 'traceloop.span.kind');
  if (typeof kind === 'string' && KIND_OPERATION[kind]) return KIND_OPERATION[kind];
  const request = first(a, 'llm.request.type');
  if (request === 'chat' || request === 'completion')
    return request === 'chat' ? 'chat' : 'text_completion';
  if (first(a, 'gen_ai.request.model', 'gen_ai.system', 'gen_ai.provider.name', 'llm.model_name'))
    return 'chat';
  return 'span';
}

const TYPE_OF: Record<string, string> = {
  chat: 'llm_call',
  text_completion: 'llm_call',
  generate_content: 'llm_call',
  execute_tool: 'tool_call',
  invoke_agent: 'agent_step',
  create_agent: 'agent_step',
  invoke_workflow: 'agent_step',
  embeddings: 'embeddings',
  retrieval: 'retrieval',
};

/** Attributes whose content went into prompt/completion: not stored twice. */
function isContentKey(k: string): boolean {
  return (
    k === 'gen_ai.input.messages' ||
    k === 'gen_ai.output.messages' ||
    k === 'gen_ai.system_instructions' ||
    k === 'gen_ai.tool.call.arguments' ||
    k === 'gen_ai.tool.call.result' ||
    /^gen_ai\.(prompt|completion)\.\d+\./.test(k) ||
    /^llm\.(input|output)_messages\.\d+\./.test(k) ||
    k === 'input.value' ||
    k === 'output.value' ||
    k === 'traceloop.entity.input' ||
    k === 'traceloop.entity.output'
  );
}

const NANOS_PER_MS = 1_000_000n;

function isoOf(nanos: string): string {
  const ms = Number(BigInt(nanos) / NANOS_PER_MS);
  return new Date(ms > 0 ? ms : 0).toISOString();
}

function durationMs(span: OtelSpan): number | null {
  const d = (BigInt(span.end) - BigInt(span.start)) / 1000n;
  return d >= 0n ? Number(d) / 1000 : null;
}

export function sessionOf(span: OtelSpan): string {
  const s =
    first(
      span.attributes,
      'gen_ai.conversation.id',
      'session.id',
      'langfuse.session.id',
      'traceloop.association.properties.session_id',
    ) ?? first(span.resource, 'gen_ai.conversation.id', 'session.id');
  if (typeof s === 'string' || typeof s === 'number') return String(s);
  // Log records outside any trace, with no conversation id: one session per agent.
  return span.traceId ? `otel_${span.traceId}` : `otel_logs_${agentOf(span)}`;
}

export function agentOf(span: OtelSpan): string {
  const a = first(span.attributes, 'gen_ai.agent.name') ?? first(span.resource, 'service.name');
  return typeof a === 'string' ? a : 'unknown';
}

/** The events one AI span becomes: the span itself, plus one per tool call it asked for. */
export function eventsOf(span: OtelSpan): Attrs[] {
  const a = span.attributes;
  const operation = operationOf(a);
  const type = TYPE_OF[operation] ?? operation;
  const isTool = type === 'tool_call';
  const model = first(
    a,
    'gen_ai.response.model',
    'gen_ai.request.model',
    'llm.model_name',
    'llm.response.model',
    'llm.request.model',
  );
  const tokensIn = count(
    first(
      a,
      'gen_ai.usage.input_tokens',
      'gen_ai.usage.prompt_tokens',
      'llm.token_count.prompt',
      'llm.usage.prompt_tokens',
    ),
  );
  const tokensOut = count(
    first(
      a,
      'gen_ai.usage.output_tokens',
      'gen_ai.usage.completion_tokens',
      'llm.token_count.completion',
      'llm.usage.completion_tokens',
    ),
  );
  const prompt = isTool
    ? text(
        first(
          a,
          'gen_ai.tool.call.arguments',
          'tool.parameters',
          'input.value',
          'traceloop.entity.input',
        ),
      )
    : inputText(span);
  const output = outputParts(span);
  const completion = isTool
    ? text(first(a, 'gen_ai.tool.call.result', 'output.value', 'traceloop.entity.output'))
    : output.text;
  const rest: Attrs = {};
  for (const [k, v] of Object.entries(a)) if (!isContentKey(k)) rest[k] = v;
  const error =
    span.status.code === 2
      ? {
          type: text(first(a, 'error.type')) ?? 'error',
          message: span.status.message,
          exceptions: span.events
            .filter((e) => e.name === 'exception')
            .map((e) => ({
              type: e.attributes['exception.type'],
              message: e.attributes['exception.message'],
            })),
        }
      : undefined;
  const id = span.eventId ?? `otel_${span.traceId}_${span.spanId}`;
  const timestamp = isoOf(span.start);
  const main: Attrs = {
    event_id: id,
    type,
    timestamp,
    ...(model !== undefined ? { model: String(model) } : {}),
    ...(prompt !== undefined ? { prompt } : {}),
    ...(completion !== undefined ? { completion } : {}),
    ...(tokensIn !== null ? { tokens_prompt: tokensIn } : {}),
    ...(tokensOut !== null ? { tokens_completion: tokensOut } : {}),
    ...(isTool ? { tool_name: text(first(a, 'gen_ai.tool.name', 'tool.name')) ?? span.name } : {}),
    otel: {
      trace_id: span.traceId,
      span_id: span.spanId,
      parent_span_id: span.parentSpanId,
      span_name: span.name,
      kind: span.kind,
      scope: span.scope,
      operation,
      duration_ms: durationMs(span),
      ...(span.eventId ? { signal: 'logs' } : {}),
    },
    span_attributes: rest,
    ...(error ? { error } : {}),
  };
  const calls = output.toolCalls.filter((c) => c.name !== '');
  return [
    main,
    ...calls.map((c, i) => ({
      event_id: `${id}_tc${i}`,
      type: 'tool_call',
      timestamp,
      ...(model !== undefined ? { model: String(model) } : {}),
      prompt: c.arguments,
      tool_name: c.name,
      ...(c.id ? { tool_call_id: c.id } : {}),
      otel: { trace_id: span.traceId, span_id: span.spanId, requested_by: 'model' },
    })),
  ];
}

export interface MappedBatch {
  sessions: SessionInput[];
  /** How many spans each session holds (a span may give several events). */
  spanCounts: number[];
  /** Spans that cannot be events: no valid ids, or a start time out of range. */
  invalid: Array<{ trace_id: string; span_id: string; reason: string }>;
  /** Spans without AI attributes: counted, not stored. */
  skipped: number;
  spans: number;
}

/** Spans grouped by (session, agent) in order of arrival, one SessionInput each. */
export function mapSpans(spans: readonly OtelSpan[]): MappedBatch {
  type Group = { session: SessionInput; spans: number };
  const groups = new Map<string, Group>();
  const all: Group[] = [];
  const invalid: MappedBatch['invalid'] = [];
  let skipped = 0;
  for (const span of spans) {
    if (!isAiSpan(span)) {
      skipped++;
      continue;
    }
    const reason = invalidReason(span);
    if (reason) {
      invalid.push({ trace_id: span.traceId, span_id: span.spanId, reason });
      continue;
    }
    const session = sessionOf(span);
    const agent = agentOf(span);
    const key = JSON.stringify([session, agent]);
    let group = groups.get(key);
    // One session per call holds at most what one trace request may (the rest: the next).
    if (group && group.session.events.length >= MAX_EVENTS_PER_TRACE - 64) group = undefined;
    if (!group) {
      group = {
        session: { session_id: session, agent, framework: frameworkOf(span), events: [] },
        spans: 0,
      };
      groups.set(key, group);
      all.push(group);
    }
    group.session.events.push(...eventsOf(span));
    group.spans++;
  }
  return {
    sessions: all.map((g) => g.session),
    spanCounts: all.map((g) => g.spans),
    invalid,
    skipped,
    spans: spans.length,
  };
}

/** The latest instant the intake's timestamps can hold (year 9999). */
const MAX_NANOS = 253402300799999n * NANOS_PER_MS;

function invalidReason(span: OtelSpan): string | undefined {
  // A log record may stand outside any trace: its ids are optional, but valid when given.
  const fromLog = span.eventId !== undefined;
  if (!(fromLog && span.traceId === '')) {
    if (!/^[0-9a-f]{32}$/.test(span.traceId) || /^0+$/.test(span.traceId))
      return 'trace_id: must be 16 bytes, not all zero';
  }
  if (!(fromLog && span.spanId === '')) {
    if (!/^[0-9a-f]{16}$/.test(span.spanId) || /^0+$/.test(span.spanId))
      return 'span_id: must be 8 bytes, not all zero';
  }
  const start = BigInt(span.start);
  if (start <= 0n || start > MAX_NANOS)
    return fromLog
      ? 'time_unix_nano: is missing or out of range'
      : 'start_time_unix_nano: is missing or out of range';
  return undefined;
}

function frameworkOf(span: OtelSpan): string {
  if ('openinference.span.kind' in span.attributes) return 'openinference';
  if (Object.keys(span.attributes).some((k) => k.startsWith('traceloop.'))) return 'traceloop';
  return span.scope || 'opentelemetry';
}
