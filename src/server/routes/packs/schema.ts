import { orNull } from '../../route.js';

/**
 * Evidence packs as REST shows them (src/packs/build.ts BuiltPack, pack-store.ts
 * PackListItem), without the server-side path. Formats spelt out: the routes load the
 * pack modules lazily (startup time).
 */
const format = { type: 'string', enum: ['json', 'html', 'pdf'] } as const;

const filters = {
  type: 'object',
  description: 'what the pack holds: the time window and session it was built for',
  additionalProperties: false,
  required: ['since', 'until', 'session', 'include_controls'],
  properties: {
    since: orNull('string', 'null: unbounded'),
    until: orNull('string'),
    session: orNull('string', 'a trace_id or session_id'),
    include_controls: { type: 'boolean' },
  },
} as const;

const common = {
  pack_id: { type: 'string' },
  format,
  created_at: { type: 'string' },
  filters,
  tree_size: { type: 'integer', description: 'the ledger size the pack is proven against' },
  root_hash: { type: 'string' },
  sha256: { type: 'string', description: 'of the zip' },
  manifest_sha256: { type: 'string' },
  size_bytes: { type: 'integer' },
  download_url: { type: 'string' },
} as const;

export const packListItemSchema = {
  $id: 'PackListItem',
  type: 'object',
  additionalProperties: false,
  required: [
    ...Object.keys(common),
    'trace_count',
    'event_count',
    'finding_count',
    'finding_update_count',
    'actor',
  ],
  properties: {
    ...common,
    trace_count: { type: 'integer' },
    event_count: { type: 'integer' },
    finding_count: { type: 'integer' },
    finding_update_count: { type: 'integer' },
    actor: { type: 'string' },
  },
} as const;

export const builtPackSchema = {
  type: 'object',
  description: 'the built pack (manifest facts), its download_url and the job_id it ran as',
  additionalProperties: false,
  required: [...Object.keys(common), 'key_fingerprint', 'counts', 'empty', 'files', 'job_id'],
  properties: {
    ...common,
    key_fingerprint: { type: 'string' },
    counts: {
      type: 'object',
      additionalProperties: false,
      required: ['traces', 'events', 'purged_events', 'findings', 'finding_updates'],
      properties: {
        traces: { type: 'integer' },
        events: { type: 'integer' },
        purged_events: { type: 'integer' },
        findings: { type: 'integer' },
        finding_updates: { type: 'integer' },
      },
    },
    empty: { type: 'boolean', description: 'nothing matched the filters' },
    files: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name', 'sha256', 'size'],
        properties: {
          name: { type: 'string' },
          sha256: { type: 'string' },
          size: { type: 'integer' },
        },
      },
    },
    job_id: { type: 'string' },
  },
} as const;
