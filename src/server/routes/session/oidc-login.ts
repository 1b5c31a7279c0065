import type { FastifyReply, FastifyRequest } from 'fastify';
import { OidcLogin } from '../../../auth/oidc-login.js';
import { NotFoundError } from '../../../errors.js';
import type { ServerContext } from '../../route.js';

const logins = new WeakMap<ServerContext, OidcLogin>();

/** The server's OIDC sign-in, when EVID_OIDC_ISSUER_URL and EVID_OIDC_CLIENT_ID are set. */
export function oidcLoginOf(ctx: ServerContext): OidcLogin | undefined {
  const { oidcIssuerUrl, oidcClientId, oidcRoleClaim } = ctx.app.config;
  if (!oidcIssuerUrl || !oidcClientId) return undefined;
  let login = logins.get(ctx);
  if (!login) {
    login = new OidcLogin({
      issuer: oidcIssuerUrl,
      audience: oidcClientId,
      roleClaim: oidcRoleClaim,
    });
    logins.set(ctx, login);
  }
  return login;
}

export function requireOidcLogin(ctx: ServerContext): OidcLogin {
  const login = oidcLoginOf(ctx);
  if (!login) {
    throw new NotFoundError(
      'OIDC sign-in is off: set EVID_OIDC_ISSUER_URL and EVID_OIDC_CLIENT_ID',
    );
  }
  return login;
}

export const OIDC_STATE_COOKIE = 'evid_oidc_state';

/**
 * Binds a sign-in to the browser that started it: the callback must come with this cookie
 * holding its state, so a callback link made by someone else cannot sign a victim into the
 * sender's account (login CSRF). SameSite=Lax, not Strict: the provider's redirect back is
 * a cross-site navigation, on which a Strict cookie is not sent.
 */
export function setOidcStateCookie(
  req: FastifyRequest,
  reply: FastifyReply,
  state: string,
  maxAgeSeconds: number,
): void {
  const parts = [
    `${OIDC_STATE_COOKIE}=${state}`,
    'Path=/api/v1/session/oidc',
    'HttpOnly',
    'SameSite=Lax',
    `Max-Age=${maxAgeSeconds}`,
  ];
  if (req.protocol === 'https') parts.push('Secure');
  void reply.header('set-cookie', parts.join('; '));
}
