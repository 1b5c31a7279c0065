import { listUsers } from '../../../admin/users.js';
import { defineRoute } from '../../route.js';
import { userResponse } from './schema.js';

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
        description: 'the users, oldest first',
        additionalProperties: false,
        required: ['users'],
        properties: { users: { type: 'array', items: userResponse } },
      },
    },
  },
  handler(req, _reply, ctx) {
    const { all } = req.query as { all?: boolean };
    return { users: ctx.store.read((r) => listUsers(r, { includeRemoved: all === true })) };
  },
});
