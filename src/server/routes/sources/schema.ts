import { eventSchema } from '../../../ingest/schema.js';
import { MAPPED_FIELDS } from '../../../sources/log-format.js';
import { MAX_TIMEOUT_MS } from '../../../sources/options.js';
import { SOURCE_TYPES } from '../../../sources/types.js';
import { orNull } from '../../route.js';

/** The body of POST /api/v1/sources: the same fields as `evid sources add`. */
export const createBody = {
  type: 'object',
  required: ['type', 'name'],
  additionalProperties: false,
  properties: {
    type: { type: 'string', enum: [...SOURCE_TYPES] },
    name: { type: 'string', minLength: 1, maxLength: 100, description: 'unique among sources' },
    endpoint: {
      type: 'string',
      minLength: 1,
      maxLength: 2048,
      description:
        'logfile: the absolute path or glob to tail; gateway: the upstream base URL; otel/webhook: a free label',
    },
    options: {
      type: 'object',
      additionalProperties: false,
      description: 'type options; each type takes only its own',
      properties: {
        format: {
          type: ['string', 'object'],
          description: `logfile: "ndjson" (default) or an object mapping event fields (${MAPPED_FIELDS.join(', ')}) to dotted paths in each line`,
        },
        fail_closed: {
          type: 'boolean',
          description: 'gateway: answer 503 when a call cannot be recorded',
        },
        timeout_ms: {
          type: 'integer',
          minimum: 1,
          maximum: MAX_TIMEOUT_MS,
          description: 'gateway: the upstream timeout',
        },
      },
    },
  },
} as const;

const sourceProperties = {
  source_id: { type: 'string', description: 'src_<ULID>' },
  type: { type: 'string', enum: [...SOURCE_TYPES] },
  name: { type: 'string' },
  endpoint: orNull(
    'string',
    'otel/webhook: a free label; logfile: the path or glob; gateway: the upstream',
  ),
  options: {
    type: 'object',
    additionalProperties: false,
    description: 'the type options as stored (checked when added)',
    properties: {
      format: {
        description: `logfile: "ndjson", or an object mapping event fields (${MAPPED_FIELDS.join(', ')}) to dotted paths`,
        oneOf: [
          { type: 'string', enum: ['ndjson'] },
          { type: 'object', additionalProperties: { type: 'string' } },
        ],
      },
      fail_closed: { type: 'boolean' },
      timeout_ms: { type: 'integer' },
    },
  },
  key_id: orNull('string', "the source's ingest token (an API key), when its type needs one"),
  status: {
    type: 'string',
    enum: ['never', 'receiving', 'idle', 'error'],
    description: 'never: nothing received yet; receiving: an event within 5 minutes',
  },
  last_event_at: orNull('string'),
  event_count: { type: 'integer' },
  error_count: { type: 'integer' },
  skipped_count: {
    type: 'integer',
    description: 'received but not evidence (OTLP spans with no AI attributes)',
  },
  last_error: orNull('string'),
  created_at: { type: 'string' },
  created_by: { type: 'string' },
} as const;

/** A source with its status and counters (src/sources/types.ts Source); never a credential. */
export const sourceResponse = {
  $id: 'Source',
  type: 'object',
  additionalProperties: false,
  required: Object.keys(sourceProperties),
  properties: sourceProperties,
} as const;

/**
 * A session as a receiver maps a delivery (src/ingest/append.ts SessionInput), before it is
 * stored: what a dry run answers.
 */
export const mappedSessionSchema = {
  $id: 'MappedSession',
  type: 'object',
  required: ['session_id', 'agent', 'events'],
  additionalProperties: false,
  properties: {
    session_id: { type: 'string' },
    agent: { type: 'string' },
    framework: orNull('string'),
    attributes: {
      type: 'object',
      additionalProperties: true,
      description: 'kept on the trace when this creates it (an open map, as the client sent it)',
    },
    events: { type: 'array', items: eventSchema },
  },
} as const;
