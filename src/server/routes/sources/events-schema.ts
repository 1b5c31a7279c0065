import { errorAnswer } from '../../route.js';
import { mappedSessionSchema } from './schema.js';

/**
 * The answers of the webhook receiver (POST /api/v1/sources/{id}/events). Closed objects:
 * the response test (test/e2e/receiver-response-schemas.test.ts) checks real deliveries
 * against them, so a field added to the answer must be added here too.
 */
const appendedSession = {
  type: 'object',
  additionalProperties: false,
  required: [
    'trace_id',
    'session_id',
    'created',
    'events_ingested',
    'duplicates',
    'findings_generated',
  ],
  properties: {
    trace_id: { type: 'string' },
    session_id: { type: 'string' },
    created: {
      type: 'boolean',
      description: "true when this delivery started the session's trace",
    },
    events_ingested: { type: 'integer' },
    duplicates: { type: 'integer', description: 'events whose event_id was already stored' },
    findings_generated: { type: 'integer' },
  },
} as const;

const rejectedSession = {
  type: 'object',
  additionalProperties: false,
  required: ['error'],
  properties: {
    session_id: { type: 'string', description: 'absent when the session had none' },
    error: {
      type: 'object',
      additionalProperties: false,
      required: ['code', 'type', 'message'],
      properties: {
        code: { type: 'integer', description: 'the HTTP status it would have had alone' },
        type: { type: 'string', description: 'validation, invalid_text, kill_switch_active, ...' },
        message: { type: 'string' },
      },
    },
  },
} as const;

export const webhookResponses = {
  202: {
    type: 'object',
    description:
      'accepted: what was stored is committed; sessions refused one by one are in rejected',
    additionalProperties: false,
    required: ['accepted', 'duplicates', 'sessions', 'rejected'],
    properties: {
      accepted: { type: 'integer', description: 'events stored' },
      duplicates: { type: 'integer', description: 'events already stored, skipped' },
      sessions: { type: 'array', items: appendedSession },
      rejected: { type: 'array', items: rejectedSession },
    },
  },
  200: {
    type: 'object',
    description: 'dry run (X-Evid-Dry-Run: 1): what would be appended; nothing is stored',
    additionalProperties: false,
    required: ['dry_run', 'source_id', 'authenticated_as', 'sessions'],
    properties: {
      dry_run: { type: 'boolean', enum: [true] },
      source_id: { type: 'string' },
      authenticated_as: { type: 'string', description: 'the principal: the source id' },
      sessions: { type: 'array', items: mappedSessionSchema },
    },
  },
  404: errorAnswer('no webhook source with this id (unknown, removed, or another type)'),
} as const;
