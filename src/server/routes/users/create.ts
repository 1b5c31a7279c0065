import { hashPassword } from '../../../admin/password.js';
import { addUser, normaliseEmail, parseUserRole } from '../../../admin/users.js';
import { defineRoute, errorAnswer } from '../../route.js';
import { passwordProperty, roleProperty, userResponse } from './schema.js';

export const usersCreateRoute = defineRoute({
  method: 'POST',
  url: '/api/v1/users',
  summary: 'add a dashboard user with a role and a password (admin; ledgered)',
  description:
    'The same as `evid admin users add`: the e-mail is the login name (lower-cased), the password is stored as a scrypt hash and never answered. 409 when a user with the e-mail exists.',
  tag: 'users',
  auth: 'admin',
  schema: {
    body: {
      type: 'object',
      additionalProperties: false,
      required: ['email', 'role', 'password'],
      properties: {
        email: { type: 'string', maxLength: 320, description: 'the login name' },
        role: roleProperty,
        password: passwordProperty,
      },
    },
    response: {
      201: { ...userResponse, description: 'the user added' },
      409: errorAnswer('a user with this e-mail exists'),
    },
  },
  async handler(req, reply, ctx) {
    const body = req.body as { email: string; role: string; password: string };
    // Bad fields fail before scrypt runs, in the order the CLI checks them.
    normaliseEmail(body.email);
    parseUserRole(body.role);
    // Hashing runs before the transaction: the write lock is never held for scrypt.
    const passwordHash = await hashPassword(body.password);
    const user = ctx.store.transact(
      (tx) => addUser(tx, { email: body.email, role: body.role, passwordHash }),
      req.principal!.actor,
    );
    reply.code(201);
    return user;
  },
});
