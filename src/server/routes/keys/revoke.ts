import { revokeApiKey } from '../../../auth/keys.js';
import { defineRoute, errorAnswer, idParams } from '../../route.js';
import { apiKeySchema } from './schema.js';

export const keysRevokeRoute = defineRoute({
  method: 'DELETE',
  url: '/api/v1/keys/:id',
  summary: 'revoke an API key at once (admin; ledgered; `evid admin keys revoke`)',
  tag: 'keys',
  auth: 'admin',
  schema: {
    params: idParams,
    response: {
      200: { ...apiKeySchema, description: 'the key, with revoked_at and revoked_by' },
      404: errorAnswer('no API key with this id'),
      409: errorAnswer('the key was already revoked'),
    },
  },
  handler(req, _reply, ctx) {
    const { id } = req.params as { id: string };
    return ctx.store.transact((tx) => revokeApiKey(tx, id), req.principal!.actor);
  },
});
