import { setUserRole } from '../../../admin/users.js';
import { defineRoute, errorAnswer } from '../../route.js';
import { noSuchUser, roleProperty, userParams, userResponse } from './schema.js';

export const usersSetRoleRoute = defineRoute({
  method: 'PUT',
  url: '/api/v1/users/:id/role',
  summary: "change a dashboard user's role (admin; ledgered; `evid admin users set-role`)",
  description: '409 when the user already has the role; 404 for no such live user.',
  tag: 'users',
  auth: 'admin',
  schema: {
    params: userParams,
    body: {
      type: 'object',
      additionalProperties: false,
      required: ['role'],
      properties: { role: roleProperty },
    },
    response: {
      200: { ...userResponse, description: 'the user with the new role' },
      404: noSuchUser,
      409: errorAnswer('the user already has this role'),
    },
  },
  handler(req, _reply, ctx) {
    const { id } = req.params as { id: string };
    const { role } = req.body as { role: string };
    return ctx.store.transact((tx) => setUserRole(tx, id, role), req.principal!.actor);
  },
});
