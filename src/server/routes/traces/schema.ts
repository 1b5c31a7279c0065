import { orNull } from '../../route.js';
import { findingSummarySchema } from '../findings/schema.js';

/** A user-supplied attributes map: whatever the client sent, kept as sent. */
export const attributesSchema = {
  type: 'object',
  additionalProperties: true,
  description: 'attributes as the client sent them (an open map)',
} as const;

/** A trace as listings show it (src/store/traces.ts TraceSummary). */
const traceSummaryProperties = {
  trace_id: { type: 'string', description: 'tr_<ULID>' },
  session_id: { type: 'string' },
  agent: { type: 'string' },
  framework: orNull('string'),
  source: { type: 'string', description: 'how it came in: rest, cli, otlp, webhook, ...' },
  status: { type: 'string' },
  event_count: { type: 'integer' },
  first_event_at: orNull('string', 'null for a trace with no events'),
  last_event_at: orNull('string'),
  ingested_at: { type: 'string' },
} as const;

export const traceSummarySchema = {
  $id: 'TraceSummary',
  type: 'object',
  additionalProperties: false,
  required: Object.keys(traceSummaryProperties),
  properties: traceSummaryProperties,
} as const;

/** One event of a trace, in position order (src/store/traces.ts StoredEvent). */
export const traceEventSchema = {
  $id: 'TraceEvent',
  type: 'object',
  additionalProperties: false,
  required: [
    'event_id',
    'position',
    'type',
    'model',
    'prompt',
    'completion',
    'tokens_prompt',
    'tokens_completion',
    'timestamp',
    'attributes',
    'purged',
    'source_id',
  ],
  properties: {
    event_id: { type: 'string' },
    position: { type: 'integer', description: '0-based order within the trace' },
    type: { type: 'string' },
    model: orNull('string'),
    prompt: orNull('string', 'null once purged or when the event had none'),
    completion: orNull('string'),
    tokens_prompt: orNull('integer'),
    tokens_completion: orNull('integer'),
    timestamp: { type: 'string' },
    attributes: attributesSchema,
    purged: { type: 'boolean', description: 'content removed by retention; the row stays' },
    source_id: orNull('string', 'the source it came from; null for CLI and REST intake'),
  },
} as const;

/** GET /api/v1/traces/{id}: the summary, the trace's attributes, its events and findings. */
export const traceDetailSchema = {
  $id: 'Trace',
  type: 'object',
  additionalProperties: false,
  required: [...Object.keys(traceSummaryProperties), 'attributes', 'events', 'findings'],
  properties: {
    ...traceSummaryProperties,
    attributes: attributesSchema,
    events: { type: 'array', items: traceEventSchema },
    findings: {
      type: 'array',
      items: findingSummarySchema,
      description: 'as GET /api/v1/findings lists them, in event order',
    },
  },
} as const;
