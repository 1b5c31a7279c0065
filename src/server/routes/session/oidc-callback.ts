import { cookieValue, openOidcSession, SESSION_TTL_MS } from '../../../auth/sessions.js';
import { UnauthorizedError } from '../../../errors.js';
import { defineRoute } from '../../route.js';
import { setSessionCookie } from './cookie.js';
import { OIDC_STATE_COOKIE, requireOidcLogin, setOidcStateCookie } from './oidc-login.js';

export const sessionOidcCallbackRoute = defineRoute({
  method: 'GET',
  url: '/api/v1/session/oidc/callback',
  summary: 'dashboard single sign-on: the provider returns here; sets the session cookie',
  description:
    'Redeems the code with the PKCE verifier, verifies the ID token (signature, iss, aud, exp, nonce) and its role claim (viewer, analyst or admin), sets the session cookie and redirects to the dashboard.',
  tag: 'session',
  auth: 'public',
  schema: {
    querystring: {
      type: 'object',
      required: ['code', 'state'],
      properties: {
        code: { type: 'string', minLength: 1, maxLength: 4096 },
        state: { type: 'string', minLength: 1, maxLength: 256 },
      },
    },
    response: { 302: { description: 'to the dashboard, signed in' } },
  },
  async handler(req, reply, ctx) {
    const { code, state } = req.query as { code: string; state: string };
    const login = requireOidcLogin(ctx);
    if (cookieValue(req.headers.cookie, OIDC_STATE_COOKIE) !== state) {
      login.forget(state);
      throw new UnauthorizedError(
        'OIDC sign-in: this browser did not start this sign-in (state cookie missing or different)',
      );
    }
    const identity = await login.finish(code, state);
    const session = openOidcSession(ctx.store, identity);
    setOidcStateCookie(req, reply, '', 0);
    setSessionCookie(req, reply, session.sessionId, SESSION_TTL_MS / 1000);
    return reply.redirect('/', 302);
  },
});
