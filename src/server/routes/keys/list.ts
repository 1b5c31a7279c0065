import { listApiKeys } from '../../../auth/keys.js';
import { defineRoute } from '../../route.js';
import { apiKeySchema } from './schema.js';

export const keysListRoute = defineRoute({
  method: 'GET',
  url: '/api/v1/keys',
  summary: 'list API keys, never their secrets (admin; `evid admin keys list`)',
  tag: 'keys',
  auth: 'admin',
  schema: {
    querystring: {
      type: 'object',
      additionalProperties: false,
      properties: { all: { type: 'boolean', description: 'include revoked keys (default false)' } },
    },
    response: {
      200: {
        type: 'object',
        description: 'the keys, oldest first',
        additionalProperties: false,
        required: ['keys'],
        properties: { keys: { type: 'array', items: apiKeySchema } },
      },
    },
  },
  handler(req, _reply, ctx) {
    const { all } = req.query as { all?: boolean };
    return { keys: ctx.store.read((r) => listApiKeys(r, { includeRevoked: all === true })) };
  },
});
