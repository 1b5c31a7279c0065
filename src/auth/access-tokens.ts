import { hash, randomBytes } from 'node:crypto';
import { ForbiddenError, NotFoundError, UnauthorizedError, ValidationError } from '../errors.js';
import type { Reader, Transactor } from '../store/store.js';
import { verifyApiKey, type ApiKeyInfo } from './keys.js';

/**
 * Access tokens of the safety API (seed 000 "Authentication"): an API key's id and secret
 * are exchanged for a bearer token that lives EVID_TOKEN_TTL (default one hour). A token is
 * `evt_` + 32 random bytes (base64url); only its SHA-256 is stored (256 bits of entropy: a
 * fast hash is enough). It acts with its key's role and is refused once expired, revoked,
 * or when its key is revoked.
 */
const PREFIX = 'evt_';
const TOKEN_SHAPE = /^evt_[A-Za-z0-9_-]{43}$/;
const KEY_ID_SHAPE = /^ak_([0-9A-HJKMNP-TV-Z]{26})$/;

export interface IssuedToken {
  token: string;
  expires_at: string;
  key_id: string;
}

const tokenHash = (token: string): string => hash('sha256', token, 'hex');

export function looksLikeAccessToken(token: string): boolean {
  return token.startsWith(PREFIX);
}

/**
 * Checks an API key id (`ak_...`, as `evid admin keys create` prints it) and its secret;
 * the same answer for an unknown key, a revoked one and a wrong secret.
 */
export function checkKeySecret(r: Reader, apiKey: string, apiSecret: string): ApiKeyInfo {
  const m = KEY_ID_SHAPE.exec(apiKey);
  const key = m ? verifyApiKey(r, `evk_${m[1]}_${apiSecret}`) : undefined;
  if (!key)
    throw new UnauthorizedError('invalid api_key or api_secret (unknown, revoked or wrong)');
  return key;
}

/** Issues a token for a checked key. The token itself is returned once and never stored. */
export function issueAccessToken(tx: Transactor, key: ApiKeyInfo, ttlMs: number): IssuedToken {
  const token = `${PREFIX}${randomBytes(32).toString('base64url')}`;
  const now = tx.now();
  const expires = new Date(Date.parse(now) + ttlMs).toISOString();
  tx.prepare(
    'INSERT INTO access_tokens (token_hash, key_id, created_at, expires_at) VALUES (?, ?, ?, ?)',
  ).run(tokenHash(token), key.key_id, now, expires);
  return { token, expires_at: expires, key_id: key.key_id };
}

interface TokenRow {
  id: number;
  key_id: string;
  expires_at: string;
  revoked_at: string | null;
}

function findToken(r: Reader, token: string): TokenRow | undefined {
  if (!TOKEN_SHAPE.test(token)) return undefined;
  return r
    .prepare('SELECT id, key_id, expires_at, revoked_at FROM access_tokens WHERE token_hash = ?')
    .get(tokenHash(token)) as TokenRow | undefined;
}

/** The live key behind a token, or UnauthorizedError saying which way it is dead. */
export function resolveAccessToken(r: Reader, token: string, now: Date): ApiKeyInfo {
  const row = findToken(r, token);
  if (!row) throw new UnauthorizedError('invalid access token');
  if (row.revoked_at !== null) throw new UnauthorizedError('access token revoked');
  if (row.expires_at <= now.toISOString()) {
    throw new UnauthorizedError(`access token expired at ${row.expires_at}`);
  }
  const key = r
    .prepare(
      `SELECT key_id, name, role, created_at, created_by, revoked_at, revoked_by, last_used_at,
         source_id FROM api_keys WHERE key_id = ?`,
    )
    .get(row.key_id) as ApiKeyInfo | undefined;
  if (!key || key.revoked_at !== null) {
    throw new UnauthorizedError('access token belongs to a revoked API key');
  }
  return key;
}

/**
 * Revokes a token. A caller may revoke the tokens of its own key; an admin any. A token
 * that is not known (or not the caller's to see) is 404.
 */
export function revokeAccessToken(
  tx: Transactor,
  token: string,
  caller: { keyId: string | undefined; admin: boolean },
): { revoked: true; revoked_at: string; expires_at: string } {
  if (typeof token !== 'string' || token === '') {
    throw new ValidationError('token: is required (the access token to revoke)', {
      field: 'token',
    });
  }
  const row = findToken(tx, token);
  if (!row) throw new NotFoundError('token: no such access token', { field: 'token' });
  if (!caller.admin && caller.keyId !== row.key_id) {
    throw new ForbiddenError('token: was issued to another API key (only an admin may revoke it)');
  }
  if (row.revoked_at !== null) {
    return { revoked: true, revoked_at: row.revoked_at, expires_at: row.expires_at };
  }
  const at = tx.now();
  tx.prepare('UPDATE access_tokens SET revoked_at = ?, revoked_by = ? WHERE id = ?').run(
    at,
    tx.actor,
    row.id,
  );
  return { revoked: true, revoked_at: at, expires_at: row.expires_at };
}
