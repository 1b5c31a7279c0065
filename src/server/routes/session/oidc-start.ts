import { defineRoute } from '../../route.js';
import { requireOidcLogin, setOidcStateCookie } from './oidc-login.js';

export const sessionOidcStartRoute = defineRoute({
  method: 'GET',
  url: '/api/v1/session/oidc',
  summary: 'dashboard single sign-on: redirects to the OIDC provider (authorization code + PKCE)',
  description:
    '302 to the authorization endpoint of EVID_OIDC_ISSUER_URL with client_id EVID_OIDC_CLIENT_ID; the provider sends the browser back to /api/v1/session/oidc/callback. 404 when OIDC is not configured.',
  tag: 'session',
  auth: 'public',
  schema: { response: { 302: { description: 'to the provider' } } },
  async handler(req, reply, ctx) {
    const login = requireOidcLogin(ctx);
    const redirectUri = `${req.protocol}://${req.host}/api/v1/session/oidc/callback`;
    const { url, state } = await login.start(redirectUri);
    setOidcStateCookie(req, reply, state, 600);
    return reply.redirect(url, 302);
  },
});
