import { MAPPED_FIELDS } from '../../../sources/log-format.js';
import { MAX_TIMEOUT_MS } from '../../../sources/options.js';
import { SOURCE_TYPES } from '../../../sources/types.js';

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

export const sourceResponse = {
  type: 'object',
  description:
    'a source: id, type, name, endpoint, options, status (never, receiving, idle, error), last_event_at, event_count, error_count, skipped_count, last_error',
} as const;
