import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { UnauthorizedError } from '../errors.js';
import { isRole, strongestRole, type Role } from './roles.js';

export interface OidcOptions {
  /** EVID_OIDC_ISSUER_URL: the `iss` of accepted tokens and the base of discovery. */
  issuer: string;
  /** EVID_OIDC_CLIENT_ID: the required `aud`. */
  audience: string;
  /** Claim carrying the role (EVID_OIDC_ROLE_CLAIM, default `evid_role`); `roles` is the fallback. */
  roleClaim: string;
}

export interface OidcIdentity {
  subject: string;
  /** Undefined when the token carries no known role: authenticated, allowed nothing. */
  role: Role | undefined;
  /** Claims a sign-in uses (ID tokens): `email` to show, `nonce` to bind it to its request. */
  email?: string;
  nonce?: string;
}

interface Discovered {
  issuer: string;
  keys: JWTVerifyGetKey;
}

/**
 * Verifies OIDC bearer tokens: OpenID Connect discovery
 * (`<issuer>/.well-known/openid-configuration` -> `jwks_uri`) once, then jose's remote key
 * set, which caches the issuer's keys and refetches them (at most every 5 s) when a token
 * names a key id it does not know, so key rotation needs no restart. The token is
 * attacker-controlled: signature, `iss`, `aud`, `exp` and `nbf` are all checked.
 */
export class OidcVerifier {
  private discovered: Promise<Discovered> | undefined;

  constructor(private readonly options: OidcOptions) {}

  async verify(token: string): Promise<OidcIdentity> {
    const { issuer, keys } = await this.discovery();
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, keys, {
        issuer,
        audience: this.options.audience,
        clockTolerance: 30,
      }));
    } catch (err) {
      throw new UnauthorizedError(`bearer token rejected: ${reasonOf(err)}`);
    }
    if (typeof payload.sub !== 'string' || payload.sub === '') {
      throw new UnauthorizedError('bearer token rejected: it has no subject (sub)');
    }
    return {
      subject: payload.sub,
      role: this.roleOf(payload),
      ...(typeof payload.email === 'string' ? { email: payload.email } : {}),
      ...(typeof payload.nonce === 'string' ? { nonce: payload.nonce } : {}),
    };
  }

  private roleOf(payload: JWTPayload): Role | undefined {
    for (const claim of [this.options.roleClaim, 'roles']) {
      const value = payload[claim];
      if (isRole(value)) return value;
      if (Array.isArray(value)) {
        const role = strongestRole(value);
        if (role) return role;
      }
    }
    return undefined;
  }

  private discovery(): Promise<Discovered> {
    this.discovered ??= discover(this.options.issuer).catch((err: unknown) => {
      // A failed discovery is retried by the next request, not cached.
      this.discovered = undefined;
      throw new UnauthorizedError(
        `bearer token cannot be verified: OIDC discovery at ${this.options.issuer} failed (${(err as Error).message})`,
      );
    });
    return this.discovered;
  }
}

async function discover(issuer: string): Promise<Discovered> {
  const base = issuer.endsWith('/') ? issuer : `${issuer}/`;
  const url = new URL('.well-known/openid-configuration', base);
  const res = await fetch(url, { signal: AbortSignal.timeout(5_000) });
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  const doc = (await res.json()) as { issuer?: unknown; jwks_uri?: unknown };
  if (typeof doc.jwks_uri !== 'string') throw new Error(`${url} has no jwks_uri`);
  if (
    typeof doc.issuer !== 'string' ||
    doc.issuer.replace(/\/$/, '') !== issuer.replace(/\/$/, '')
  ) {
    throw new Error(`${url} names issuer ${String(doc.issuer)}, not ${issuer}`);
  }
  const keys = createRemoteJWKSet(new URL(doc.jwks_uri), {
    cooldownDuration: 5_000,
    cacheMaxAge: 10 * 60_000,
    timeoutDuration: 5_000,
  });
  return { issuer: doc.issuer, keys };
}

function reasonOf(err: unknown): string {
  if (err instanceof errors.JWTExpired) return 'token has expired';
  if (err instanceof errors.JWTClaimValidationFailed) return `claim ${err.claim}: ${err.reason}`;
  if (err instanceof errors.JWSSignatureVerificationFailed) return 'signature does not verify';
  if (err instanceof errors.JWKSNoMatchingKey)
    return "no key of the issuer matches the token's key id";
  if (err instanceof errors.JOSEError) return err.message;
  return 'malformed token';
}
