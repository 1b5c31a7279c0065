import { hashPassword } from '../../../admin/password.js';
import { requireLiveUser, resetUserPassword } from '../../../admin/users.js';
import { defineRoute } from '../../route.js';
import { noSuchUser, passwordProperty, userParams, userResponse } from './schema.js';

export const usersResetPasswordRoute = defineRoute({
  method: 'PUT',
  url: '/api/v1/users/:id/password',
  summary:
    "replace a dashboard user's password (admin; a new salt and scrypt hash; ledgered; `evid admin users reset-password`)",
  tag: 'users',
  auth: 'admin',
  schema: {
    params: userParams,
    body: {
      type: 'object',
      additionalProperties: false,
      required: ['password'],
      properties: { password: passwordProperty },
    },
    response: { 200: { ...userResponse, description: 'the user' }, 404: noSuchUser },
  },
  async handler(req, _reply, ctx) {
    const { id } = req.params as { id: string };
    const { password } = req.body as { password: string };
    // An unknown user fails before scrypt runs.
    ctx.store.read((r) => requireLiveUser(r, id));
    const passwordHash = await hashPassword(password);
    return ctx.store.transact(
      (tx) => resetUserPassword(tx, id, passwordHash),
      req.principal!.actor,
    );
  },
});
