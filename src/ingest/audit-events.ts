import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { ConflictError, ValidationError } from '../errors.js';
import { ulid } from '../ids.js';
import { assertWithinQuota } from '../admin/quota.js';
import { assertIntakeOpen } from '../killswitch/killswitch.js';
import { canonicalize } from '../ledger/jcs.js';
import type { EventRecordFields } from '../store/records.js';
import type { Store } from '../store/store.js';
import { TraceAnalyzer } from './analyze-trace.js';
import { writeEvent } from './insert-events.js';
import { eventSchema } from './schema.js';
import {
  attributesOf,
  fieldName,
  KNOWN_EVENT,
  ruleText,
  timestampMs,
  type EventInput,
} from './validate.js';
import { findJsonProblem } from './well-formed.js';

/**
 * Audit events (seed 002 `POST /api/v1/events`): the same events as inside traces, stored
 * in the same table with no trace (`trace_ref` NULL), each ledgered as `event.ingested`.
 * The schema is the trace event schema plus a required `agent`; `timestamp` may be left
 * out (the time of intake is used).
 */
export const MAX_AUDIT_EVENTS = 10_000;

const { timestamp: _timestamp, ...eventProperties } = eventSchema.properties;

export const auditEventSchema = {
  $id: 'AuditEvent',
  type: 'object',
  required: ['agent', 'type'],
  properties: {
    agent: { type: 'string', minLength: 1, maxLength: 256 },
    ...eventProperties,
    timestamp: eventSchema.properties.timestamp,
  },
  additionalProperties: true,
} as const;

/** One audit event, or an array of 1 to 10,000 of them (accepted or refused as a whole). */
export const auditEventsRequestSchema = {
  oneOf: [
    auditEventSchema,
    { type: 'array', minItems: 1, maxItems: MAX_AUDIT_EVENTS, items: auditEventSchema },
  ],
} as const;

export interface AuditEventsResult {
  status: 'accepted';
  events_ingested: number;
  findings_generated: number;
  events: Array<{ event_id: string; agent: string; type: string; timestamp: string }>;
}

interface AuditEventInput extends EventInput {
  agent: string;
}

let compiled: ValidateFunction | undefined;
function validator(): ValidateFunction {
  compiled ??= new Ajv({ allErrors: false, strict: false }).compile(auditEventSchema);
  return compiled;
}

function describe(e: ErrorObject, prefix: string): ValidationError {
  const inner = fieldName(
    e.instancePath,
    e.keyword === 'required' ? e.params.missingProperty : undefined,
  );
  const field =
    inner === '(trace)'
      ? prefix || '(event)'
      : `${prefix}${prefix && !inner.startsWith('[') ? '.' : ''}${inner}`;
  const rule = ruleText(e);
  return new ValidationError(`${field}: ${rule}`, { field, rule: e.keyword });
}

const KNOWN = new Set(['agent', ...KNOWN_EVENT]);

function normalise(raw: Record<string, unknown>, field: string, now: string): AuditEventInput {
  let timestamp = now;
  if (raw.timestamp !== undefined) {
    const ts = raw.timestamp as string;
    const ms = timestampMs(ts);
    if (Number.isNaN(ms)) {
      const name = `${field}${field ? '.' : ''}timestamp`;
      throw new ValidationError(`${name}: is not a valid date-time (${ts})`, {
        field: name,
        rule: 'format',
      });
    }
    timestamp = new Date(ms).toISOString();
  }
  const attributes = attributesOf(raw, KNOWN);
  return {
    agent: raw.agent as string,
    event_id: (raw.event_id as string | undefined) ?? null,
    type: raw.type as string,
    model: (raw.model as string | null | undefined) ?? null,
    prompt: (raw.prompt as string | null | undefined) ?? null,
    completion: (raw.completion as string | null | undefined) ?? null,
    tokens_prompt: (raw.tokens_prompt as number | null | undefined) ?? null,
    tokens_completion: (raw.tokens_completion as number | null | undefined) ?? null,
    timestamp,
    attributes,
  };
}

/** Validates every event first; a bad one refuses the whole request, naming its field. */
export function validateAuditEvents(body: unknown, now: string): AuditEventInput[] {
  const problem = findJsonProblem(body, '(event)');
  if (problem) throw problem;
  const many = Array.isArray(body);
  const list = many ? (body as unknown[]) : [body];
  if (list.length === 0)
    throw new ValidationError('events: must contain at least 1 event', { field: 'events' });
  if (list.length > MAX_AUDIT_EVENTS) {
    throw new ValidationError(`events: must contain at most ${MAX_AUDIT_EVENTS} events`, {
      field: 'events',
    });
  }
  const validate = validator();
  const seen = new Set<string>();
  return list.map((value, i) => {
    const prefix = many ? `[${i}]` : '';
    if (!validate(value)) throw describe(validate.errors![0]!, prefix);
    const event = normalise(value as Record<string, unknown>, prefix, now);
    if (event.event_id !== null) {
      if (seen.has(event.event_id)) {
        const field = `${prefix}${prefix ? '.' : ''}event_id`;
        throw new ConflictError(`${field}: duplicates an earlier event in this request`, {
          field,
          rule: 'unique',
        });
      }
      seen.add(event.event_id);
    }
    return event;
  });
}

/**
 * Stores audit events in one transaction (all or none): kill switch and duplicate
 * event_id are checked inside it before anything is written. The detectors run outside
 * the write lock, as for traces.
 */
export function ingestAuditEvents(
  store: Store,
  body: unknown,
  options: { actor?: string; detect?: boolean; now?: () => Date } = {},
): AuditEventsResult {
  assertWithinQuota(store);
  const now = (options.now ?? (() => new Date()))().toISOString();
  const events = validateAuditEvents(body, now);
  // Findings get the store's keyed (HMAC) fingerprints; see src/detect/fingerprint-key.ts.
  const analyzer = options.detect === false ? undefined : TraceAnalyzer.forStore(store);
  const analyses = events.map((e) =>
    analyzer
      ? analyzer.analyze({
          session_id: '',
          agent: e.agent,
          framework: null,
          attributes: {},
          events: [e],
        })
      : undefined,
  );
  return store.transact((tx) => {
    const open = new Set<string>();
    const byEventId = tx.prepare('SELECT 1 FROM events WHERE event_id = ?');
    events.forEach((e, i) => {
      if (!open.has(e.agent)) {
        assertIntakeOpen(tx, e.agent);
        open.add(e.agent);
      }
      if (e.event_id !== null && byEventId.get(e.event_id)) {
        const field = Array.isArray(body) ? `[${i}].event_id` : 'event_id';
        throw new ConflictError(`${field}: ${e.event_id} was already ingested`, { field });
      }
    });
    const at = tx.now();
    let findings = 0;
    const out = events.map((e, i) => {
      const analysed = analyses[i]?.events[0];
      const fields: EventRecordFields = {
        event_id: e.event_id ?? `ev_${ulid()}`,
        trace_id: null,
        position: 0,
        agent: e.agent,
        type: e.type,
        model: e.model,
        prompt: analysed ? analysed.prompt : e.prompt,
        completion: analysed ? analysed.completion : e.completion,
        tokens_prompt: e.tokens_prompt,
        tokens_completion: e.tokens_completion,
        timestamp: e.timestamp,
        attributes: canonicalize(e.attributes),
      };
      const found = analysed?.findings ?? [];
      writeEvent(tx, fields, null, found, at);
      findings += found.length;
      return { event_id: fields.event_id, agent: e.agent, type: e.type, timestamp: e.timestamp };
    });
    return {
      status: 'accepted' as const,
      events_ingested: out.length,
      findings_generated: findings,
      events: out,
    };
  }, options.actor);
}
