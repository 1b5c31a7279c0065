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
