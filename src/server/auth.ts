import type { FastifyInstance } from 'fastify';
import { EvidError, ForbiddenError, UnauthorizedError } from '../errors.js';
import type { Authenticator, Principal } from '../auth/principal.js';
import { ROLES, roleAllows, type Permission } from '../auth/roles.js';
import type { RouteAuth } from './route.js';

declare module 'fastify' {
  interface FastifyRequest {
    principal?: Principal;
    authFailure?: EvidError;
  }
  interface FastifyContextConfig {
    auth?: RouteAuth;
    credential?: 'x-evid-key';
  }
}

const WHAT: Record<Permission, string> = {
  ingest: 'ingest traces or events',
  read: 'read evidence',
  review: 'update findings, build packs or generate reports',
  admin: 'change the live policy, the kill switch or sources',
};

function authOf(config: { auth?: RouteAuth } | undefined): RouteAuth {
  return config?.auth ?? 'authenticated';
}

/**
 * Authentication in two steps around the rate limiter: `identify` (onRequest) resolves the
 * credential without failing, so the limiter can count per key (or per address for bad
 * credentials); `authorize` (preParsing, before any body is read) answers 401 or 403.
 * Unknown routes need a credential too, so they cannot be probed anonymously.
 */
export function installIdentify(app: FastifyInstance, authenticator: Authenticator): void {
  app.addHook('onRequest', async (request) => {
    if (authOf(request.routeOptions.config) === 'public') return;
    try {
      const config = request.routeOptions.config as { credential?: 'x-evid-key' } | undefined;
      request.principal =
        config?.credential === 'x-evid-key'
          ? await authenticator.authenticateKey(request.headers['x-evid-key'], 'X-Evid-Key')
          : await authenticator.authenticate(request.headers.authorization);
    } catch (err) {
      if (!(err instanceof EvidError)) throw err;
      request.authFailure = err;
    }
  });
}

export function installAuthorize(app: FastifyInstance, roleClaim: string): void {
  app.addHook('preParsing', async (request) => {
    const auth = authOf(request.routeOptions.config);
    if (auth === 'public') return;
    const principal = request.principal;
    if (!principal) throw request.authFailure ?? new UnauthorizedError('missing credential');
    if (auth === 'authenticated') return;
    if (!principal.role) {
      throw new ForbiddenError(
        `the token carries no evid role (claim ${roleClaim} or roles: one of ${ROLES.join(', ')})`,
      );
    }
    if (!roleAllows(principal.role, auth)) {
      const allowed = ROLES.filter((r) => roleAllows(r, auth)).join(' or ');
      throw new ForbiddenError(`role ${principal.role} may not ${WHAT[auth]} (needs ${allowed})`, {
        role: principal.role,
        needs: auth,
      });
    }
  });
}
