import type { FastifyInstance, FastifyRequest } from 'fastify';
import { EvidError, ForbiddenError, UnauthorizedError } from '../errors.js';
import type { Authenticator, Principal } from '../auth/principal.js';
import { ROLES, roleAllows, type Permission } from '../auth/roles.js';
import { CSRF_HEADER, csrfMatches } from '../auth/sessions.js';
import type { WebhookAuthenticator } from '../auth/webhook-signature.js';
import type { SignatureHeader } from '../sources/webhook/signature.js';
import type { RouteAuth, RouteCredential } from './route.js';

declare module 'fastify' {
  interface FastifyRequest {
    principal?: Principal;
    authFailure?: EvidError;
    /** A webhook delivery's signature header, checked before the body and verified after. */
    signature?: SignatureHeader;
  }
  interface FastifyContextConfig {
    auth?: RouteAuth;
    credential?: RouteCredential;
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

function credentialOf(config: unknown): RouteCredential | undefined {
  return (config as { credential?: RouteCredential } | undefined)?.credential;
}

/** The source a signed webhook delivery is addressed to (its rate limit key, too). */
export function webhookSourceOf(request: FastifyRequest): string | undefined {
  if (credentialOf(request.routeOptions.config) !== 'webhook-signature') return undefined;
  return (request.params as { id?: string } | undefined)?.id;
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
    // A signature covers the body, so it is verified once the body is read (installAuthorize).
    if (webhookSourceOf(request) !== undefined) return;
    try {
      const credential = credentialOf(request.routeOptions.config);
      request.principal =
        credential === 'x-evid-key'
          ? await authenticator.authenticateKey(request.headers['x-evid-key'], 'X-Evid-Key')
          : await authenticator.authenticateRequest(request.headers);
    } catch (err) {
      if (!(err instanceof EvidError)) throw err;
      request.authFailure = err;
    }
  });
}

export function installAuthorize(
  app: FastifyInstance,
  roleClaim: string,
  webhooks: WebhookAuthenticator,
): void {
  app.addHook('preParsing', async (request) => {
    const auth = authOf(request.routeOptions.config);
    if (auth === 'public') return;
    const sourceId = webhookSourceOf(request);
    if (sourceId !== undefined) {
      // What can be refused before reading the body is: unknown source, no or stale header.
      request.signature = webhooks.precheck(sourceId, request.headers['x-evid-signature']);
      return;
    }
    const principal = request.principal;
    if (!principal) throw request.authFailure ?? new UnauthorizedError('missing credential');
    assertCsrf(principal, request);
    assertAllowed(principal, auth, roleClaim);
  });
  // After the body is parsed (rawBody: a Buffer) and before validation or the handler.
  app.addHook('preValidation', async (request) => {
    const sourceId = webhookSourceOf(request);
    if (sourceId === undefined || request.signature === undefined) return;
    const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    request.principal = webhooks.verify(sourceId, request.signature, body);
    assertAllowed(request.principal, authOf(request.routeOptions.config), roleClaim);
  });
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A session's write must echo its CSRF token (src/auth/sessions.ts); bearer callers need none. */
function assertCsrf(principal: Principal, request: FastifyRequest): void {
  if (principal.csrf === undefined || SAFE_METHODS.has(request.method)) return;
  if (!csrfMatches(principal.csrf, request.headers[CSRF_HEADER])) {
    throw new ForbiddenError(
      `missing or wrong ${CSRF_HEADER} header: a signed-in page sends the token GET /api/v1/session gives`,
      { field: CSRF_HEADER },
    );
  }
}

function assertAllowed(principal: Principal, auth: RouteAuth, roleClaim: string): void {
  if (auth === 'authenticated' || auth === 'public') return;
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
}
