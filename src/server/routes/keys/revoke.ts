import { revokeApiKey } from '../../../auth/keys.js';
import { defineRoute, idParams } from '../../route.js';

export const keysRevokeRoute = defineRoute({
  method: 'DELETE',
  url: '/api/v1/keys/:id',
  summary: 'revoke an API key at once (admin; ledgered; `evid admin keys revoke`)',
  tag: 'keys',
  auth: 'admin',
  schema: {
    params: idParams,
    response: { 200: { type: 'object', description: 'the key, with revoked_at and revoked_by' } },
  },
  handler(req, _reply, ctx) {
    const { id } = req.params as { id: string };
    return ctx.store.transact((tx) => revokeApiKey(tx, id), req.principal!.actor);
  },
});
