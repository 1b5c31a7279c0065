import { orNull } from '../../route.js';
import { attributesSchema } from '../traces/schema.js';

/** An event as GET /api/v1/events and /events/{id} show it (src/store/events.ts EventSummary). */
const properties = {
  event_id: { type: 'string' },
  trace_id: orNull('string', 'null for an audit event outside a trace'),
  session_id: orNull('string'),
  position: { type: 'integer' },
  agent: { type: 'string' },
  type: { type: 'string' },
  model: orNull('string'),
  prompt: orNull('string'),
  completion: orNull('string'),
  tokens_prompt: orNull('integer'),
  tokens_completion: orNull('integer'),
  timestamp: { type: 'string' },
  ingested_at: { type: 'string' },
  source_id: orNull('string', 'the source it came from; null for CLI and REST intake'),
  attributes: attributesSchema,
  purged: { type: 'boolean', description: 'content removed by retention; the row stays' },
} as const;

export const storedEventSchema = {
  $id: 'StoredEvent',
  type: 'object',
  additionalProperties: false,
  required: Object.keys(properties),
  properties,
} as const;
