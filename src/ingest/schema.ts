/**
 * JSON Schemas of what the intakes accept. One definition serves the CLI, the REST routes
 * (request validation) and the OpenAPI document. Extra fields are kept as free attributes.
 */

export const MAX_EVENTS_PER_TRACE = 10_000;
export const MAX_TRACE_BYTES = 10 * 1024 * 1024;
/** The most bytes a streamed piece (line, array element) is kept for: a trace and slack. */
export const MAX_PIECE_BYTES = MAX_TRACE_BYTES + 64 * 1024;

/** ISO 8601 date-time with an explicit zone (Z or +hh:mm); normalised to UTC on ingest. */
export const ISO_DATE_TIME =
  '^\\d{4}-\\d{2}-\\d{2}[Tt ]\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,9})?)?([Zz]|[+-]\\d{2}(:?\\d{2})?)$';

const optionalText = { type: ['string', 'null'], maxLength: MAX_TRACE_BYTES } as const;
const tokenCount = {
  type: ['integer', 'null'],
  minimum: 0,
  maximum: Number.MAX_SAFE_INTEGER,
} as const;

export const eventSchema = {
  $id: 'Event',
  type: 'object',
  required: ['type', 'timestamp'],
  properties: {
    event_id: { type: 'string', minLength: 1, maxLength: 256 },
    type: { type: 'string', minLength: 1, maxLength: 128 },
    model: optionalText,
    prompt: optionalText,
    completion: optionalText,
    tokens_prompt: tokenCount,
    tokens_completion: tokenCount,
    timestamp: { type: 'string', pattern: ISO_DATE_TIME },
  },
  additionalProperties: true,
} as const;

export const traceRequestSchema = {
  $id: 'TraceIngestionRequest',
  type: 'object',
  required: ['session_id', 'agent', 'events'],
  properties: {
    session_id: { type: 'string', minLength: 1, maxLength: 256 },
    agent: { type: 'string', minLength: 1, maxLength: 256 },
    framework: { type: ['string', 'null'], maxLength: 256 },
    events: {
      type: 'array',
      minItems: 1,
      maxItems: MAX_EVENTS_PER_TRACE,
      items: eventSchema,
    },
  },
  additionalProperties: true,
} as const;

export const ingestionResponseSchema = {
  $id: 'IngestionResponse',
  type: 'object',
  additionalProperties: false,
  required: ['trace_id', 'session_id', 'status', 'events_ingested', 'findings_generated'],
  properties: {
    trace_id: { type: 'string' },
    session_id: { type: 'string' },
    status: { type: 'string', enum: ['accepted'] },
    events_ingested: { type: 'integer' },
    findings_generated: { type: 'integer' },
  },
} as const;
