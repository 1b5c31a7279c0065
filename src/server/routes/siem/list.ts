import { targetStatuses } from '../../../siem/status.js';
import { defineRoute } from '../../route.js';
import { targetStatusSchema } from './schema.js';

export const siemListRoute = defineRoute({
  method: 'GET',
  url: '/api/v1/siem/targets',
  summary:
    'SIEM targets and monitoring alert channels with their delivery state; secrets as **** (read; `evid siem list`, `evid siem status`)',
  tag: 'siem',
  auth: 'read',
  schema: {
    response: {
      200: {
        type: 'object',
        description: 'the targets, oldest first',
        additionalProperties: false,
        required: ['targets'],
        properties: { targets: { type: 'array', items: targetStatusSchema } },
      },
    },
  },
  handler(_req, _reply, ctx) {
    return { targets: ctx.store.read((r) => targetStatuses(r)) };
  },
});
