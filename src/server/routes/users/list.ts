import { listUsers } from '../../../admin/users.js';
import { defineRoute } from '../../route.js';

export const usersListRoute = defineRoute({
  method: 'GET',
  url: '/api/v1/users',
  summary: 'list dashboard users, never their password hashes (admin; `evid admin users list`)',
  tag: 'users',
  auth: 'admin',
  schema: {
    querystring: {
      type: 'object',
      additionalProperties: false,
      properties: {
        all: { type: 'boolean', description: 'include removed users (default false)' },
      },
    },
    response: {
      200: {
        type: 'object',
        description:
          '{users: [{user_id, email, role, created_at, created_by, updated_at, removed_at, last_login_at}]}',
      },
    },
  },
  handler(req, _reply, ctx) {
    const { all } = req.query as { all?: boolean };
    return { users: ctx.store.read((r) => listUsers(r, { includeRemoved: all === true })) };
  },
});
