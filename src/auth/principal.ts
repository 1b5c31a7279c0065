import type { Store } from '../store/store.js';
import { UnauthorizedError } from '../errors.js';
import { looksLikeAccessToken, resolveAccessToken } from './access-tokens.js';
import { looksLikeApiKey, matchesEnvKey, touchApiKey, verifyApiKey } from './keys.js';
import { OidcVerifier, type OidcOptions } from './oidc.js';
import type { Role } from './roles.js';
import { cookieValue, csrfTokenOf, resolveSession, SESSION_COOKIE } from './sessions.js';

/** Who is calling: the subject of rate limits, idempotency keys and ledgered actions. */
export interface Principal {
  kind: 'api_key' | 'token' | 'oidc' | 'env' | 'webhook' | 'session';
  /**
   * Stable id: `ak_...`, `oidc:<sub>`, `env:EVID_API_KEY`, a webhook's `src_...`, or a
   * dashboard user's `usr_...` (kind `session`, actor `user:<email>`). An access token
   * (`evt_...`) is its key's `ak_...`: limits and actions count per key.
   */
  id: string;
  /** Undefined for an OIDC token carrying no known role (allowed nothing: 403). */
  role: Role | undefined;
  /** The actor written to the ledger for changes made by this caller. */
  actor: string;
  /** A source's ingest token: it may send only to that source (src/sources/access.ts). */
  source?: string;
  /**
   * A dashboard session's CSRF token: the cookie is ambient (a browser sends it for any
   * page), so every write must also echo this token in X-CSRF-Token (src/server/auth.ts).
   */
  csrf?: string;
}

export interface AuthenticatorOptions {
  /** EVID_API_KEY: acts as an admin key. */
  envKey: string | undefined;
  oidc: OidcOptions | undefined;
  now?: () => Date;
}

const TOUCH_EVERY_MS = 60_000;

/**
 * Turns an `Authorization: Bearer <credential>` header into a Principal, or throws
 * UnauthorizedError. Credentials are tried as: EVID_API_KEY (constant-time compare), an
 * `evk_` API key (looked up in the store on every request, so a revocation by the CLI
 * applies at once), an `evt_` access token of the safety API (its key's role, until it
 * expires or is revoked), then an OIDC token when an issuer is configured.
 */
export class Authenticator {
  private readonly oidc: OidcVerifier | undefined;
  private readonly touched = new Map<string, number>();
  private readonly now: () => Date;

  constructor(
    private readonly store: Store,
    private readonly options: AuthenticatorOptions,
  ) {
    this.oidc = options.oidc ? new OidcVerifier(options.oidc) : undefined;
    this.now = options.now ?? (() => new Date());
  }

  async authenticate(header: string | undefined): Promise<Principal> {
    if (header === undefined || header === '') {
      throw new UnauthorizedError(
        'missing credential: send Authorization: Bearer <API key or OIDC token>',
      );
    }
    const m = /^Bearer[ ]+(\S+)\s*$/i.exec(header);
    if (!m)
      throw new UnauthorizedError('malformed Authorization header: expected Bearer <credential>');
    return this.authenticateKey(m[1]!, 'Authorization');
  }

  /**
   * The Authorization header when there is one (scripts), else the dashboard's session
   * cookie: a request carrying a bearer credential is never judged by its cookie.
   */
  async authenticateRequest(headers: {
    authorization?: string | undefined;
    cookie?: string | undefined;
  }): Promise<Principal> {
    const sessionId = cookieValue(headers.cookie, SESSION_COOKIE);
    if (headers.authorization || !sessionId) return this.authenticate(headers.authorization);
    const user = this.store.read((r) => resolveSession(r, sessionId, this.now()));
    return {
      kind: 'session',
      id: user.user_id,
      role: user.role,
      // OIDC sessions act as their subject, like the same person's bearer tokens.
      actor: user.user_id.startsWith('oidc:') ? user.user_id : `user:${user.email}`,
      csrf: csrfTokenOf(sessionId),
    };
  }

  /** A bare credential from a header of its own (the gateway's `X-Evid-Key`). */
  async authenticateKey(value: string | string[] | undefined, header: string): Promise<Principal> {
    const token = typeof value === 'string' ? value.trim() : '';
    if (token === '') throw new UnauthorizedError(`missing credential: send ${header}`);
    if (matchesEnvKey(token, this.options.envKey)) {
      return { kind: 'env', id: 'env:EVID_API_KEY', role: 'admin', actor: 'api:env:EVID_API_KEY' };
    }
    if (looksLikeApiKey(token)) {
      const key = this.store.read((r) => verifyApiKey(r, token));
      if (!key) throw new UnauthorizedError('invalid API key (unknown, revoked or wrong secret)');
      this.touch(key.key_id);
      return {
        kind: 'api_key',
        id: key.key_id,
        role: key.role,
        actor: `api:${key.key_id}`,
        ...(key.source_id ? { source: key.source_id } : {}),
      };
    }
    if (looksLikeAccessToken(token)) {
      const key = this.store.read((r) => resolveAccessToken(r, token, this.now()));
      return {
        kind: 'token',
        id: key.key_id,
        role: key.role,
        actor: `api:${key.key_id}`,
        ...(key.source_id ? { source: key.source_id } : {}),
      };
    }
    if (this.oidc && token.split('.').length === 3) {
      const identity = await this.oidc.verify(token);
      const id = `oidc:${identity.subject}`;
      return { kind: 'oidc', id, role: identity.role, actor: id };
    }
    throw new UnauthorizedError('invalid credential');
  }

  /** last_used_at, written at most once a minute per key so reads stay reads. */
  private touch(keyId: string): void {
    const now = this.now();
    const last = this.touched.get(keyId);
    if (last !== undefined && now.getTime() - last < TOUCH_EVERY_MS) return;
    this.touched.set(keyId, now.getTime());
    try {
      this.store.transact((tx) => touchApiKey(tx, keyId, now.toISOString()));
    } catch {
      // Bookkeeping only: never fail a request because last_used_at could not be written.
    }
  }
}
