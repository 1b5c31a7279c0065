import { revokeAccessToken } from '../../../../auth/access-tokens.js';
import { roleAllows } from '../../../../auth/roles.js';
import { defineRoute } from '../../../route.js';
import { SAFETY_LIMITS, SAFETY_TAG } from '../limits.js';

/**
 * Seed 000 leaves the token parameter's place open: it is taken from the query string or
 * from a JSON body, and without either the bearer token itself is revoked ("log out").
 */
export const safetyTokenRevokeRoute = defineRoute({
  method: 'DELETE',
  url: '/v1/auth/token',
  summary: 'revoke an access token',
  description:
    'The token to revoke goes in the `token` query parameter or a JSON body {"token": "..."}; without either, the bearer token of the request is revoked. A caller may revoke the tokens of its own API key; an admin any. Revoking an already revoked token answers the same. A revoked token is 401 on every route.',
  tag: SAFETY_TAG,
  auth: 'authenticated',
  rateLimit: SAFETY_LIMITS.tokenRevoke,
  schema: {
    querystring: {
      type: 'object',
      properties: { token: { type: 'string', minLength: 1, maxLength: 256 } },
    },
    body: {
      type: ['object', 'null'],
      properties: { token: { type: 'string', minLength: 1, maxLength: 256 } },
    },
    response: {
      200: {
        type: 'object',
        required: ['revoked', 'revoked_at'],
        properties: {
          revoked: { type: 'boolean' },
          revoked_at: { type: 'string', format: 'date-time' },
          expires_at: { type: 'string', format: 'date-time' },
        },
      },
    },
  },
  handler(req, _reply, ctx) {
    const principal = req.principal!;
    const fromQuery = (req.query as { token?: string } | undefined)?.token;
    const fromBody = (req.body as { token?: string } | null | undefined)?.token;
    const bearer = /^Bearer\s+(\S+)/i.exec(req.headers.authorization ?? '')?.[1];
    const token = fromQuery ?? fromBody ?? bearer ?? '';
    return ctx.store.transact(
      (tx) =>
        revokeAccessToken(tx, token, {
          keyId:
            principal.kind === 'api_key' || principal.kind === 'token' ? principal.id : undefined,
          admin: principal.role !== undefined && roleAllows(principal.role, 'admin'),
        }),
      principal.actor,
    );
  },
});
