import { removeUser } from '../../../admin/users.js';
import { defineRoute } from '../../route.js';
import { noSuchUser, userParams, userResponse } from './schema.js';

export const usersRemoveRoute = defineRoute({
  method: 'DELETE',
  url: '/api/v1/users/:id',
  summary:
    'remove a dashboard user (admin; ledgered; `evid admin users remove`): the password hash is erased, the record and its history stay',
  tag: 'users',
  auth: 'admin',
  schema: {
    params: userParams,
    response: { 200: { ...userResponse, description: 'the user, removed' }, 404: noSuchUser },
  },
  handler(req, _reply, ctx) {
    const { id } = req.params as { id: string };
    return ctx.store.transact((tx) => removeUser(tx, id), req.principal!.actor);
  },
});
