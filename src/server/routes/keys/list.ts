import { listApiKeys } from '../../../auth/keys.js';
import { defineRoute } from '../../route.js';

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
        description:
          '{keys: [{key_id, name, role, created_at, created_by, revoked_at, revoked_by, last_used_at, source_id}]}',
      },
    },
  },
  handler(req, _reply, ctx) {
    const { all } = req.query as { all?: boolean };
    return { keys: ctx.store.read((r) => listApiKeys(r, { includeRevoked: all === true })) };
  },
});
