import { eventSchema } from '../../../ingest/schema.js';
import { orNull } from '../../route.js';
import { mappedSessionSchema, sourceResponse } from './schema.js';

/** The answer of POST /api/v1/sources/{id}/test (src/sources/test-source.ts SourceTestResult). */
export const sourceTestSchema = {
  type: 'object',
  description: 'whether the sample went through, and why not (ok false is still a 200)',
  additionalProperties: false,
  required: [
    'ok',
    'source_id',
    'type',
    'name',
    'target',
    'credential',
    'http_status',
    'latency_ms',
    'authenticated',
    'authenticated_as',
    'sessions',
    'event',
    'reason',
  ],
  properties: {
    ok: { type: 'boolean' },
    source_id: { type: 'string' },
    type: sourceResponse.properties.type,
    name: { type: 'string' },
    target: { type: 'string', description: "the receiver's URL, or the log file's path or glob" },
    credential: {
      type: ['string', 'null'],
      enum: ['source token', 'EVID_API_KEY', 'caller', 'webhook signature', null],
      description: 'how the sample authenticated (null: a log file, or not sent)',
    },
    http_status: orNull('integer', "the receiver's status"),
    latency_ms: orNull('number', 'the round trip'),
    authenticated: orNull(
      'boolean',
      'false: the receiver refused the credential (401/403); null: not known',
    ),
    authenticated_as: orNull('string', 'the principal the receiver took the caller for'),
    sessions: {
      type: 'array',
      items: mappedSessionSchema,
      description: "what the sample maps to (the receiver's dry run; a log file's last line)",
    },
    event: { oneOf: [eventSchema, { type: 'null' }], description: 'the first mapped event' },
    files: {
      type: 'array',
      items: { type: 'string' },
      description: 'logfile: the files the path or glob matches',
    },
    reason: orNull('string', 'why it failed (null when ok)'),
  },
} as const;
