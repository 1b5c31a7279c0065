import { orNull } from '../../route.js';

const warning = orNull(
  'string',
  'under 183 days: the EU AI Act six-month warning; else null (never a refusal)',
);

const policyProperties = {
  days: orNull('integer', 'the retention window; null while no policy is set'),
  enforce: { type: 'boolean', description: 'whether `evid serve` purges on a schedule' },
  changed_at: orNull('string'),
  changed_by: orNull('string'),
} as const;

/** GET /api/v1/retention: `evid retention status --json` (src/retention/status.ts). */
export const retentionStatusSchema = {
  type: 'object',
  description: 'the policy and the state of the store',
  additionalProperties: false,
  required: [
    ...Object.keys(policyProperties),
    'storage_used_percent',
    'volume_bytes',
    'volume_free_bytes',
    'store_bytes',
    'oldest_record_at',
    'legal_holds',
    'records_purged',
    'last_run_at',
    'next_run_at',
    'warning',
  ],
  properties: {
    ...policyProperties,
    storage_used_percent: {
      type: 'number',
      description: "used share of the data directory's file system, 0 to 100",
    },
    volume_bytes: { type: 'integer', description: "the data directory's file system size" },
    volume_free_bytes: { type: 'integer', description: 'free bytes there' },
    store_bytes: { type: 'integer', description: 'the database file and its write-ahead log' },
    oldest_record_at: orNull('string', 'the oldest event that still has its content'),
    legal_holds: { type: 'integer', description: 'holds in force' },
    records_purged: { type: 'integer', description: 'events and findings purged, ever' },
    last_run_at: orNull('string'),
    next_run_at: orNull('string', 'the next scheduled run (null unless enforce)'),
    warning,
  },
} as const;

/** PUT /api/v1/retention: the new policy version and its warning. */
export const policyAnswerSchema = {
  type: 'object',
  description: 'the new policy and a warning (or null)',
  additionalProperties: false,
  required: ['days', 'enforce', 'changed_at', 'changed_by', 'warning'],
  properties: {
    days: { type: 'integer' },
    enforce: policyProperties.enforce,
    changed_at: { type: 'string' },
    changed_by: { type: 'string' },
    warning,
  },
} as const;

const holdProperties = {
  hold_id: { type: 'string', description: 'hold_<ULID>' },
  trace_id: orNull('string', 'the selector: exactly one of trace_id, session_id, agent, since'),
  session_id: orNull('string'),
  agent: orNull('string'),
  since: orNull('string', 'with until: records whose span overlaps the range'),
  until: orNull('string'),
  reason: { type: 'string' },
  case_ref: orNull('string', 'the `case` given when placed'),
  created_at: { type: 'string' },
  created_by: { type: 'string' },
  released_at: orNull('string'),
  released_by: orNull('string'),
  release_reason: orNull('string'),
} as const;

/** A legal hold (src/retention/holds.ts LegalHold). */
export const holdSchema = {
  $id: 'LegalHold',
  type: 'object',
  additionalProperties: false,
  required: Object.keys(holdProperties),
  properties: holdProperties,
} as const;
