import { FINDING_STATUSES, SEVERITY_ORDER } from '../../../store/findings.js';
import { orNull } from '../../route.js';

/** A finding as listings show it (src/store/findings.ts FindingSummary). */
const findingSummaryProperties = {
  id: { type: 'string', description: 'fd_<ULID>' },
  trace_id: orNull('string', 'null for a finding on an audit event outside a trace'),
  event_id: orNull('string'),
  agent: { type: 'string' },
  type: { type: 'string', description: 'pii.email, secret.aws_key, ...' },
  category: { type: 'string', description: 'pii, secret, injection, ...' },
  severity: { type: 'string', enum: [...SEVERITY_ORDER] },
  status: { type: 'string', enum: [...FINDING_STATUSES] },
  score: { type: 'number' },
  detector: { type: 'string' },
  excerpt: { type: 'string', description: 'the context around the match, masked' },
  created_at: { type: 'string' },
  updated_at: { type: 'string' },
} as const;

export const findingSummarySchema = {
  $id: 'FindingSummary',
  type: 'object',
  additionalProperties: false,
  required: Object.keys(findingSummaryProperties),
  properties: findingSummaryProperties,
} as const;

/** GET and PATCH /api/v1/findings/{id} (src/store/findings.ts FindingDetail). */
const findingDetailProperties = {
  ...findingSummaryProperties,
  field: { type: 'string', description: 'where in the event: prompt, completion, ...' },
  start: { type: 'integer', description: 'offset of the match in the field' },
  end: { type: 'integer' },
  match_masked: { type: 'string', description: 'the match, masked (never the raw value)' },
  fingerprint: { type: 'string' },
  controls: { type: 'array', items: { type: 'string' }, description: 'control ids it maps to' },
  session_id: orNull('string'),
  event: {
    type: ['object', 'null'],
    description: 'the event it was found in; null when it is in no event',
    additionalProperties: false,
    required: ['type', 'timestamp', 'model'],
    properties: {
      type: { type: 'string' },
      timestamp: { type: 'string' },
      model: orNull('string'),
    },
  },
  history: {
    type: 'array',
    description: 'every status move made by review, oldest first (empty until the first)',
    items: {
      type: 'object',
      additionalProperties: false,
      required: ['from_status', 'to_status', 'comment', 'actor', 'at'],
      properties: {
        from_status: orNull('string'),
        to_status: { type: 'string' },
        comment: orNull('string'),
        actor: { type: 'string' },
        at: { type: 'string' },
      },
    },
  },
} as const;

export const findingDetailSchema = {
  $id: 'Finding',
  type: 'object',
  additionalProperties: false,
  required: Object.keys(findingDetailProperties),
  properties: findingDetailProperties,
} as const;
