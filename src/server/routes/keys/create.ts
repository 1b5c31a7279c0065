import { createApiKey } from '../../../auth/keys.js';
import { ROLES } from '../../../auth/roles.js';
import { defineRoute } from '../../route.js';
import { createdApiKeySchema } from './schema.js';

export const keysCreateRoute = defineRoute({
  method: 'POST',
  url: '/api/v1/keys',
  summary: 'create an API key with a role (admin; ledgered); the key and secret are answered once',
  description:
    'The same as `evid admin keys create`. Only a SHA-256 of the secret is stored, so the answer is the only place the key appears; an Idempotency-Key does not keep it.',
  tag: 'keys',
  auth: 'admin',
  schema: {
    body: {
      type: 'object',
      additionalProperties: false,
      required: ['name', 'role'],
      properties: {
        name: { type: 'string', description: 'what the key is for, 1 to 100 characters' },
        role: { type: 'string', description: ROLES.join(', ') },
      },
    },
    response: { 201: createdApiKeySchema },
  },
  handler(req, reply, ctx) {
    // The answer holds a secret shown once: the idempotency cache must not keep a copy.
    req.idempotency?.release();
    req.idempotency = undefined;
    const body = req.body as { name: string; role: string };
    const created = ctx.store.transact(
      (tx) => createApiKey(tx, { name: body.name, role: body.role }),
      req.principal!.actor,
    );
    reply.code(201).header('cache-control', 'no-store');
    return created;
  },
});
