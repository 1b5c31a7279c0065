import { SIEM_KINDS } from '../../../siem/types.js';
import { SOURCE_TYPES } from '../../../sources/types.js';
import { FINDING_STATUSES, SEVERITY_ORDER } from '../../../store/findings.js';
import { orNull } from '../../route.js';
import { killSwitchStateSchema } from '../kill-switch/schema.js';

const countsOf = (keys: readonly string[]) => ({
  type: 'object',
  additionalProperties: false,
  required: [...keys],
  properties: Object.fromEntries(keys.map((k) => [k, { type: 'integer' }])),
});

const closed = (properties: Record<string, unknown>, description?: string) => ({
  type: 'object',
  ...(description ? { description } : {}),
  additionalProperties: false,
  required: Object.keys(properties),
  properties,
});

const perDay = { type: 'array', items: { type: 'integer' }, description: 'one count per day' };

/** GET /api/v1/overview: the dashboard's first screen in one answer. */
export const overviewSchema = closed(
  {
    status: closed(
      {
        data_dir: { type: 'string' },
        traces: { type: 'integer' },
        events: { type: 'integer' },
        agents: { type: 'integer' },
        first_event_at: orNull('string'),
        last_event_at: orNull('string'),
        findings: closed({
          total: { type: 'integer' },
          by_severity: countsOf(SEVERITY_ORDER),
          by_status: countsOf(FINDING_STATUSES),
        }),
        ledger: closed({
          entries: { type: 'integer' },
          tree_size: { type: 'integer', description: 'of the latest signed tree head' },
          root_hash: orNull('string'),
          signed_at: orNull('string'),
        }),
        storage_bytes: { type: 'integer' },
        schema_version: { type: 'integer' },
      },
      'as `evid status --json` prints it',
    ),
    series: closed(
      {
        days: { type: 'array', items: { type: 'string' }, description: 'UTC dates, oldest first' },
        traces: perDay,
        events: perDay,
        findings: perDay,
      },
      'counts per UTC day over `days` days',
    ),
    sources: {
      type: 'array',
      items: closed({
        source_id: { type: 'string' },
        type: { type: 'string', enum: [...SOURCE_TYPES] },
        name: { type: 'string' },
        status: { type: 'string', enum: ['never', 'receiving', 'idle', 'error'] },
        last_event_at: orNull('string'),
        event_count: { type: 'integer' },
        error_count: { type: 'integer' },
      }),
    },
    siem: {
      type: 'array',
      description: "SIEM targets and monitoring sessions' alert channels",
      items: closed({
        target_id: { type: 'string' },
        kind: { type: 'string', enum: [...SIEM_KINDS, 'alert_webhook', 'alert_email'] },
        state: { type: 'string', enum: ['idle', 'sending', 'error'] },
        queue_depth: { type: 'integer' },
        last_error: orNull('string'),
      }),
    },
    kill_switch: closed({
      active: { type: 'boolean' },
      global: { oneOf: [killSwitchStateSchema, { type: 'null' }] },
      agents: { type: 'array', items: killSwitchStateSchema },
    }),
    last_verify: {
      type: ['object', 'null'],
      description: 'the last verify this server process ran; null before one',
      additionalProperties: false,
      required: ['finished_at', 'ok', 'actor'],
      properties: {
        finished_at: { type: 'string' },
        ok: { type: 'boolean' },
        actor: { type: 'string' },
      },
    },
  },
  "the dashboard's overview",
);
