import { listHolds } from '../../../retention/holds.js';
import { defineRoute } from '../../route.js';
import { holdSchema } from './schema.js';

export const holdsListRoute = defineRoute({
  method: 'GET',
  url: '/api/v1/retention/holds',
  summary:
    'list legal holds in force; released ones too with all=true (`evid retention hold list`)',
  tag: 'retention',
  auth: 'read',
  schema: {
    querystring: {
      type: 'object',
      additionalProperties: false,
      properties: { all: { type: 'boolean', description: 'include released holds' } },
    },
    response: {
      200: {
        type: 'object',
        description: 'the holds, oldest first',
        additionalProperties: false,
        required: ['holds'],
        properties: { holds: { type: 'array', items: holdSchema } },
      },
    },
  },
  handler(req, _reply, ctx) {
    const { all } = req.query as { all?: boolean };
    return { holds: ctx.store.read((r) => listHolds(r, { all: all === true })) };
  },
});
