/**
 * Dashboard sign-in with OpenID Connect: authorization code flow with PKCE (RFC 7636, S256)
 * as a public client (no client secret). `start` remembers a random state, code verifier
 * and nonce for 10 minutes and answers the provider's authorization URL; `finish` takes the
 * code back, redeems it at the token endpoint with the verifier, and verifies the ID token
 * with the same verifier as bearer tokens (signature, iss, aud = the client id, exp), plus
 * its nonce. Pending sign-ins live in this process only: a restart just means signing in
 * again.
 */
import { createHash, randomBytes } from 'node:crypto';
import { ForbiddenError, UnauthorizedError } from '../errors.js';
import { OidcVerifier, type OidcOptions } from './oidc.js';
import type { SessionUser } from './sessions.js';

const PENDING_MS = 10 * 60_000;
const MAX_PENDING = 1000;
const DASHBOARD_ROLES = ['viewer', 'analyst', 'admin'];

interface Pending {
  verifier: string;
  nonce: string;
  redirectUri: string;
  at: number;
}

interface Endpoints {
  authorization: string;
  token: string;
}

const random = (): string => randomBytes(32).toString('base64url');

export class OidcLogin {
  private readonly pending = new Map<string, Pending>();
  private endpoints: Promise<Endpoints> | undefined;
  private readonly verifier: OidcVerifier;

  constructor(private readonly options: OidcOptions) {
    this.verifier = new OidcVerifier(options);
  }

  async start(redirectUri: string, now = Date.now()): Promise<{ url: string; state: string }> {
    const { authorization } = await this.discover();
    for (const [state, p] of this.pending) if (now - p.at > PENDING_MS) this.pending.delete(state);
    if (this.pending.size >= MAX_PENDING) {
      throw new UnauthorizedError('too many sign-ins in progress: try again in a few minutes');
    }
    const state = random();
    const pending = { verifier: random(), nonce: random(), redirectUri, at: now };
    this.pending.set(state, pending);
    const url = new URL(authorization);
    url.search = new URLSearchParams({
      response_type: 'code',
      client_id: this.options.audience,
      redirect_uri: redirectUri,
      scope: 'openid email profile',
      state,
      nonce: pending.nonce,
      code_challenge: createHash('sha256').update(pending.verifier).digest('base64url'),
      code_challenge_method: 'S256',
    }).toString();
    return { url: url.toString(), state };
  }

  /** Drops a pending sign-in (its callback came from another browser). */
  forget(state: string): void {
    this.pending.delete(state);
  }

  async finish(
    code: string,
    state: string,
    now = Date.now(),
  ): Promise<{ subject: string; role: SessionUser['role']; email: string }> {
    const pending = this.pending.get(state);
    this.pending.delete(state);
    if (!pending || now - pending.at > PENDING_MS) {
      throw new UnauthorizedError('OIDC sign-in: unknown or expired state; start again');
    }
    const { token } = await this.discover();
    const res = await fetch(token, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: pending.redirectUri,
        client_id: this.options.audience,
        code_verifier: pending.verifier,
      }).toString(),
      signal: AbortSignal.timeout(10_000),
    });
    const body = (await res.json().catch(() => ({}))) as { id_token?: unknown; error?: unknown };
    if (!res.ok || typeof body.id_token !== 'string') {
      throw new UnauthorizedError(
        `OIDC sign-in: the token endpoint answered ${res.status}${typeof body.error === 'string' ? ` (${body.error})` : ''}`,
      );
    }
    const identity = await this.verifier.verify(body.id_token);
    if (identity.nonce !== pending.nonce) {
      throw new UnauthorizedError(
        'OIDC sign-in: the ID token was not issued for this sign-in (nonce)',
      );
    }
    if (!identity.role || !DASHBOARD_ROLES.includes(identity.role)) {
      throw new ForbiddenError(
        `OIDC sign-in: the ID token carries no dashboard role (claim ${this.options.roleClaim}: viewer, analyst or admin)`,
      );
    }
    return {
      subject: identity.subject,
      role: identity.role as SessionUser['role'],
      email: identity.email ?? identity.subject,
    };
  }

  private discover(): Promise<Endpoints> {
    this.endpoints ??= (async () => {
      const base = this.options.issuer.endsWith('/')
        ? this.options.issuer
        : `${this.options.issuer}/`;
      const res = await fetch(new URL('.well-known/openid-configuration', base), {
        signal: AbortSignal.timeout(5_000),
      });
      const doc = (await res.json()) as {
        authorization_endpoint?: unknown;
        token_endpoint?: unknown;
      };
      if (
        typeof doc.authorization_endpoint !== 'string' ||
        typeof doc.token_endpoint !== 'string'
      ) {
        throw new Error('the discovery document names no authorization or token endpoint');
      }
      return { authorization: doc.authorization_endpoint, token: doc.token_endpoint };
    })().catch((err: unknown) => {
      this.endpoints = undefined;
      throw new UnauthorizedError(
        `OIDC discovery at ${this.options.issuer} failed: ${(err as Error).message}`,
      );
    });
    return this.endpoints;
  }
}
