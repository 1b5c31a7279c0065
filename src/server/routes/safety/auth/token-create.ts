import { checkKeySecret, issueAccessToken } from '../../../../auth/access-tokens.js';
import { defineRoute } from '../../../route.js';
import { SAFETY_LIMITS, SAFETY_TAG } from '../limits.js';

export const safetyTokenCreateRoute = defineRoute({
  method: 'POST',
  url: '/v1/auth/token',
  summary: 'exchange an API key id and secret for a bearer access token',
  description:
    "api_key is the key id (`ak_...`) and api_secret the secret, both printed once by `evid admin keys create`. The token acts with the key's role on every route until expires_at (EVID_TOKEN_TTL, default 1 h) or until revoked. A wrong, unknown or revoked key is 401. Limited to 100 requests a minute per client address.",
  tag: SAFETY_TAG,
  auth: 'public',
  rateLimit: SAFETY_LIMITS.tokenCreate,
  schema: {
    body: {
      type: 'object',
      required: ['api_key', 'api_secret'],
      properties: {
        api_key: { type: 'string', minLength: 1, maxLength: 256 },
        api_secret: { type: 'string', minLength: 1, maxLength: 256 },
      },
      additionalProperties: false,
    },
    response: {
      200: {
        type: 'object',
        required: ['token', 'expires_at'],
        properties: {
          token: { type: 'string', description: 'send as Authorization: Bearer <token>' },
          expires_at: { type: 'string', format: 'date-time', description: 'ISO 8601, UTC' },
          token_type: { type: 'string', enum: ['Bearer'] },
          expires_in: { type: 'integer', description: 'seconds' },
        },
      },
    },
  },
  handler(req, _reply, ctx) {
    const { api_key, api_secret } = req.body as { api_key: string; api_secret: string };
    const ttl = ctx.app.config.tokenTtlMs;
    const key = ctx.store.read((r) => checkKeySecret(r, api_key, api_secret));
    const issued = ctx.store.transact((tx) => issueAccessToken(tx, key, ttl), `api:${key.key_id}`);
    return {
      token: issued.token,
      expires_at: issued.expires_at,
      token_type: 'Bearer',
      expires_in: Math.round(ttl / 1000),
    };
  },
});
