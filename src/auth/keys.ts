import { hash, randomBytes, timingSafeEqual } from 'node:crypto';
import { ConflictError, NotFoundError, ValidationError } from '../errors.js';
import { ulid } from '../ids.js';
import { apiKeyRecord, apiKeyRevocationRecord } from '../store/records.js';
import type { Reader, Transactor } from '../store/store.js';
import { isRole, ROLES, type Role } from './roles.js';

/**
 * API keys: `evk_<ULID>_<secret>`, where the ULID is the key's id (`ak_<ULID>`) and the
 * secret is 32 random bytes in base64url. Only SHA-256(secret) is stored: the secret has
 * 256 bits of entropy, so a fast hash is enough (no password stretching needed) and a
 * stolen database cannot be turned back into keys. The key is shown once, at creation.
 */
const PREFIX = 'evk_';
const KEY_SHAPE = /^evk_([0-9A-HJKMNP-TV-Z]{26})_([A-Za-z0-9_-]{43})$/;

export interface ApiKeyInfo {
  key_id: string;
  name: string;
  role: Role;
  created_at: string;
  created_by: string;
  revoked_at: string | null;
  revoked_by: string | null;
  last_used_at: string | null;
  /** Set for a source's ingest token: what it sends is recorded as from that source. */
  source_id: string | null;
}

export interface CreatedApiKey extends ApiKeyInfo {
  /** The full key: shown once, never stored. */
  key: string;
  /**
   * The key's secret alone (the part of `key` after the id): with `key_id`, what
   * `POST /v1/auth/token` takes as api_key and api_secret. Shown once, never stored.
   */
  secret: string;
}

const COLUMNS =
  'key_id, name, role, created_at, created_by, revoked_at, revoked_by, last_used_at, source_id';

function hashSecret(secret: string): Buffer {
  // One-shot hash(): cheaper than createHash().update().digest(), run on every request.
  return hash('sha256', secret, 'buffer');
}

/** Creates a key with a role, ledgers `apikey.created` (never the secret or its hash). */
export function createApiKey(
  tx: Transactor,
  input: { name: string; role: string; source_id?: string },
): CreatedApiKey {
  const name = input.name.trim();
  if (name === '' || name.length > 100 || [...name].some((c) => c.charCodeAt(0) < 32)) {
    throw new ValidationError('name: must be 1 to 100 printable characters', { field: 'name' });
  }
  if (!isRole(input.role)) {
    throw new ValidationError(`role: must be one of ${ROLES.join(', ')} (got "${input.role}")`, {
      field: 'role',
    });
  }
  const id = ulid();
  const secret = randomBytes(32).toString('base64url');
  const row = {
    key_id: `ak_${id}`,
    name,
    role: input.role,
    hash: hashSecret(secret).toString('hex'),
    created_at: tx.now(),
    created_by: tx.actor,
    source_id: input.source_id ?? null,
  };
  const { lastInsertRowid } = tx
    .prepare(
      `INSERT INTO api_keys (key_id, name, role, hash, created_at, created_by, source_id)
       VALUES (@key_id, @name, @role, @hash, @created_at, @created_by, @source_id)`,
    )
    .run(row);
  tx.ledger.append('apikey.created', row.key_id, Number(lastInsertRowid), apiKeyRecord(row));
  return {
    key_id: row.key_id,
    name,
    role: input.role,
    created_at: row.created_at,
    created_by: row.created_by,
    revoked_at: null,
    revoked_by: null,
    last_used_at: null,
    source_id: row.source_id,
    key: `${PREFIX}${id}_${secret}`,
    secret,
  };
}

export function listApiKeys(r: Reader, options: { includeRevoked?: boolean } = {}): ApiKeyInfo[] {
  const where = options.includeRevoked ? '' : 'WHERE revoked_at IS NULL';
  return r.prepare(`SELECT ${COLUMNS} FROM api_keys ${where} ORDER BY id`).all() as ApiKeyInfo[];
}

/** Revokes a key at once (the server checks the store on every request) and ledgers it. */
export function revokeApiKey(tx: Transactor, keyId: string): ApiKeyInfo {
  const row = tx.prepare('SELECT id, revoked_at FROM api_keys WHERE key_id = ?').get(keyId) as
    { id: number; revoked_at: string | null } | undefined;
  if (!row) throw new NotFoundError(`API key ${keyId} not found`, { id: keyId });
  if (row.revoked_at !== null) {
    throw new ConflictError(`API key ${keyId} was already revoked at ${row.revoked_at}`, {
      id: keyId,
    });
  }
  const at = tx.now();
  tx.prepare('UPDATE api_keys SET revoked_at = ?, revoked_by = ? WHERE id = ?').run(
    at,
    tx.actor,
    row.id,
  );
  tx.ledger.append(
    'apikey.revoked',
    keyId,
    row.id,
    apiKeyRevocationRecord({ key_id: keyId, revoked_at: at, revoked_by: tx.actor }),
    at,
  );
  return tx.prepare(`SELECT ${COLUMNS} FROM api_keys WHERE id = ?`).get(row.id) as ApiKeyInfo;
}

export function looksLikeApiKey(token: string): boolean {
  return token.startsWith(PREFIX);
}

/**
 * The live key a presented token belongs to, or undefined (unknown, malformed, revoked or
 * wrong secret: the caller answers 401 alike). The hash comparison is constant-time.
 */
export function verifyApiKey(r: Reader, token: string): ApiKeyInfo | undefined {
  const m = KEY_SHAPE.exec(token);
  if (!m) return undefined;
  const row = r
    .prepare(`SELECT ${COLUMNS}, hash FROM api_keys WHERE key_id = ?`)
    .get(`ak_${m[1]}`) as (ApiKeyInfo & { hash: string }) | undefined;
  if (!row || row.revoked_at !== null) return undefined;
  const stored = Buffer.from(row.hash, 'hex');
  const given = hashSecret(m[2]!);
  if (stored.length !== given.length || !timingSafeEqual(stored, given)) return undefined;
  const { hash: _hash, ...info } = row;
  return info;
}

/** Records when a key was last used (operational, not ledgered). */
export function touchApiKey(tx: Transactor, keyId: string, at: string): void {
  tx.prepare('UPDATE api_keys SET last_used_at = ? WHERE key_id = ?').run(at, keyId);
}

/** Constant-time comparison of a presented token with EVID_API_KEY. */
export function matchesEnvKey(token: string, envKey: string | undefined): boolean {
  if (!envKey) return false;
  if (envKeyHash?.key !== envKey) envKeyHash = { key: envKey, hash: hashSecret(envKey) };
  return timingSafeEqual(hashSecret(token), envKeyHash.hash);
}

/** EVID_API_KEY's hash, kept: the key is the same on every request of a server. */
let envKeyHash: { key: string; hash: Buffer } | undefined;
