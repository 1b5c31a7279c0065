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

export const changeResponse = {
  type: 'object',
  description: 'changed (false if it already was so), the state of that switch, the overall status',
  properties: {
    changed: { type: 'boolean' },
    state: { type: 'object' },
    status: { type: 'object' },
  },
} as const;
