import { orNull } from '../../route.js';

/** The body of activate/deactivate: the same fields as `audit kill-switch activate`. */
export const toggleBody = {
  type: 'object',
  required: ['reason'],
  additionalProperties: false,
  properties: {
    reason: {
      type: 'string',
      minLength: 1,
      maxLength: 1000,
      description: 'why (required, ledgered)',
    },
    agent: {
      type: 'string',
      minLength: 1,
      maxLength: 256,
      description: 'only this agent; absent = every agent',
    },
  },
} as const;

const scope = { type: 'string', enum: ['global', 'agent'] } as const;
const agent = orNull('string', 'null for the global switch');

/** One switch (src/killswitch/killswitch.ts KillSwitchState). */
export const killSwitchStateSchema = {
  $id: 'KillSwitchState',
  type: 'object',
  additionalProperties: false,
  required: [
    'scope',
    'agent',
    'active',
    'reason',
    'actor',
    'changed_at',
    'refused',
    'last_refused_at',
  ],
  properties: {
    scope,
    agent,
    active: { type: 'boolean' },
    reason: { type: 'string', description: 'of the last change' },
    actor: { type: 'string' },
    changed_at: { type: 'string' },
    refused: { type: 'integer', description: 'intakes refused since it was last activated' },
    last_refused_at: orNull('string'),
  },
} as const;

/** GET /api/v1/kill-switch, and the status after a change (KillSwitchStatus). */
export const killSwitchStatusSchema = {
  $id: 'KillSwitchStatus',
  type: 'object',
  additionalProperties: false,
  required: ['active', 'global', 'agents', 'stops', 'history'],
  properties: {
    active: { type: 'boolean', description: "anything stopped: the global switch or an agent's" },
    global: {
      oneOf: [killSwitchStateSchema, { type: 'null' }],
      description: 'null until the global switch is first used',
    },
    agents: { type: 'array', items: killSwitchStateSchema },
    stops: { type: 'array', items: { type: 'string' }, description: 'what an active switch stops' },
    history: {
      type: 'array',
      description: 'the latest changes, newest first',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['scope', 'agent', 'action', 'reason', 'actor', 'at'],
        properties: {
          scope,
          agent,
          action: { type: 'string', enum: ['activated', 'deactivated'] },
          reason: { type: 'string' },
          actor: { type: 'string' },
          at: { type: 'string' },
        },
      },
    },
  },
} as const;

export const changeResponse = {
  type: 'object',
  description: 'changed (false if it already was so), the state of that switch, the overall status',
  additionalProperties: false,
  required: ['changed', 'state', 'status'],
  properties: {
    changed: { type: 'boolean' },
    state: killSwitchStateSchema,
    status: killSwitchStatusSchema,
  },
} as const;
