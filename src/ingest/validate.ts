import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { ConflictError, ValidationError } from '../errors.js';
import { ISO_DATE_TIME, MAX_EVENTS_PER_TRACE, traceRequestSchema } from './schema.js';
import { findJsonProblem } from './well-formed.js';

/** A validated, normalised trace ingestion request. */
export interface TraceInput {
  session_id: string;
  agent: string;
  framework: string | null;
  attributes: Record<string, unknown>;
  events: EventInput[];
}

export interface EventInput {
  event_id: string | null;
  type: string;
  model: string | null;
  prompt: string | null;
  completion: string | null;
  tokens_prompt: number | null;
  tokens_completion: number | null;
  /** Normalised to UTC, millisecond precision. */
  timestamp: string;
  attributes: Record<string, unknown>;
}

let compiled: ValidateFunction | undefined;
function validator(): ValidateFunction {
  compiled ??= new Ajv({ allErrors: false, strict: false }).compile(traceRequestSchema);
  return compiled;
}

const RULES: Record<string, (e: ErrorObject) => string> = {
  required: () => 'is required',
  type: (e) => `must be ${String(e.params.type).replace(',', ' or ')}`,
  minLength: (e) => `must not be empty${e.params.limit > 1 ? ` (at least ${e.params.limit})` : ''}`,
  maxLength: (e) => `must be at most ${e.params.limit} characters`,
  minimum: (e) => `must be >= ${e.params.limit}`,
  maximum: (e) => `must be <= ${e.params.limit}`,
  minItems: () => `must contain at least 1 event`,
  maxItems: () => `must contain at most ${MAX_EVENTS_PER_TRACE} events`,
  pattern: () => `must be an ISO 8601 date-time with a time zone, e.g. 2026-01-31T12:00:00Z`,
};

/** `/events/3/tokens_prompt` -> `events[3].tokens_prompt`: the name a user recognises. */
export function fieldName(instancePath: string, missing?: string): string {
  const parts = instancePath.split('/').filter(Boolean);
  if (missing) parts.push(missing);
  let out = '';
  for (const p of parts) out += /^\d+$/.test(p) ? `[${p}]` : out ? `.${p}` : p;
  return out || '(trace)';
}

/** The rule an ajv error broke, in the words the CLI and the API show. */
export function ruleText(e: ErrorObject): string {
  return RULES[e.keyword]?.(e) ?? (e.message || 'is invalid');
}

function describe(e: ErrorObject): ValidationError {
  const field = fieldName(
    e.instancePath,
    e.keyword === 'required' ? e.params.missingProperty : undefined,
  );
  return new ValidationError(`${field}: ${ruleText(e)}`, { field, rule: e.keyword });
}

const KNOWN_TRACE = new Set(['session_id', 'agent', 'framework', 'events', 'attributes']);
export const KNOWN_EVENT = new Set([
  'event_id',
  'type',
  'model',
  'prompt',
  'completion',
  'tokens_prompt',
  'tokens_completion',
  'timestamp',
  'attributes',
]);
const zoned = new RegExp(ISO_DATE_TIME);

/** Date.parse rolls 2026-02-30 over to March; a calendar date must exist as written. */
function realCalendarDate(ts: string): boolean {
  const [y, m, d] = [Number(ts.slice(0, 4)), Number(ts.slice(5, 7)), Number(ts.slice(8, 10))];
  const day = new Date(Date.UTC(y, m - 1, d));
  return day.getUTCFullYear() === y && day.getUTCMonth() === m - 1 && day.getUTCDate() === d;
}

/** An event timestamp in milliseconds, or NaN unless it is a zoned date-time that exists. */
export function timestampMs(ts: string): number {
  return zoned.test(ts) && realCalendarDate(ts) ? Date.parse(ts.replace(' ', 'T')) : NaN;
}

/** Splits unknown fields into free attributes (explicit `attributes` objects merge in). */
export function attributesOf(
  obj: Record<string, unknown>,
  known: Set<string>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const explicit = obj.attributes;
  if (explicit && typeof explicit === 'object' && !Array.isArray(explicit))
    Object.assign(out, explicit);
  for (const key in obj) if (!known.has(key)) out[key] = obj[key];
  return out;
}

/** Validates one trace ingestion request; throws ValidationError naming the field and rule. */
export function validateTraceRequest(value: unknown): TraceInput {
  // Before the schema: text, numbers, names and nesting the store and ledger can keep.
  const problem = findJsonProblem(value);
  if (problem) throw problem;
  const validate = validator();
  if (!validate(value)) throw describe(validate.errors![0]!);
  const raw = value as Record<string, unknown> & { events: Record<string, unknown>[] };
  const events = raw.events.map((e, i): EventInput => {
    const ts = e.timestamp as string;
    const ms = timestampMs(ts);
    if (Number.isNaN(ms)) {
      throw new ValidationError(`events[${i}].timestamp: is not a valid date-time (${ts})`, {
        field: `events[${i}].timestamp`,
        rule: 'format',
      });
    }
    return {
      event_id: (e.event_id as string | undefined) ?? null,
      type: e.type as string,
      model: (e.model as string | null | undefined) ?? null,
      prompt: (e.prompt as string | null | undefined) ?? null,
      completion: (e.completion as string | null | undefined) ?? null,
      tokens_prompt: (e.tokens_prompt as number | null | undefined) ?? null,
      tokens_completion: (e.tokens_completion as number | null | undefined) ?? null,
      timestamp: new Date(ms).toISOString(),
      attributes: attributesOf(e, KNOWN_EVENT),
    };
  });
  const seen = new Set<string>();
  events.forEach((e, i) => {
    if (e.event_id === null) return;
    if (seen.has(e.event_id)) {
      throw new ConflictError(`events[${i}].event_id: duplicates an earlier event in this trace`, {
        field: `events[${i}].event_id`,
        rule: 'unique',
      });
    }
    seen.add(e.event_id);
  });
  return {
    session_id: raw.session_id as string,
    agent: raw.agent as string,
    framework: (raw.framework as string | null | undefined) ?? null,
    attributes: attributesOf(raw, KNOWN_TRACE),
    events,
  };
}
