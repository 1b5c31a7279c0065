/**
 * The ledgered record of a dashboard user's change (`user.added`, `user.role_set`,
 * `user.password_reset`, `user.removed`), its loader, and the check that each user's
 * current row is its last ledgered change. The password hash itself never reaches the
 * ledger: the history row keeps SHA-256 of it, so a hash swapped in the store for one whose
 * password an insider knows no longer matches (the same reasoning as API keys' records).
 */
import { hash } from 'node:crypto';
import { Failure } from './verify-failure.js';
import type { Reader } from './store.js';

export const USER_KINDS = {
  added: 'user.added',
  role_set: 'user.role_set',
  password_reset: 'user.password_reset',
  removed: 'user.removed',
} as const;

export type UserAction = keyof typeof USER_KINDS;

export interface UserChangeFields {
  user_id: string;
  action: string;
  email: string;
  role: string;
  password_sha256: string;
  actor: string;
  at: string;
}

export function userChangeRecord(u: UserChangeFields): Record<string, unknown> {
  return {
    user_id: u.user_id,
    action: u.action,
    email: u.email,
    role: u.role,
    password_sha256: u.password_sha256,
    actor: u.actor,
    at: u.at,
  };
}

/** What the history keeps of a stored password hash (empty once the user is removed). */
export const passwordDigest = (passwordHash: string): string => hash('sha256', passwordHash, 'hex');

export function loadUserChange(
  r: Reader,
  ref: number | null,
): { state: 'present'; record: Record<string, unknown> } | { state: 'missing' } {
  const row = r.prepare('SELECT * FROM user_history WHERE id = ?').get(ref) as
    UserChangeFields | undefined;
  return row ? { state: 'present', record: userChangeRecord(row) } : { state: 'missing' };
}

/**
 * The first user whose current row differs from its last ledgered change (or has none),
 * else undefined. Users are few (people, not events): one query and a hash per user.
 */
export function checkUsers(r: Reader): Failure | undefined {
  const rows = r
    .prepare(
      `SELECT u.user_id, u.email, u.role, u.password_hash, u.updated_at, u.removed_at,
              h.id AS h_id, h.action, h.email AS h_email, h.role AS h_role, h.password_sha256, h.at
       FROM users u LEFT JOIN user_history h ON h.id =
         (SELECT MAX(id) FROM user_history WHERE user_ref = u.id)
       ORDER BY u.id`,
    )
    .all() as Array<{
    user_id: string;
    email: string;
    role: string;
    password_hash: string;
    updated_at: string;
    removed_at: string | null;
    h_id: number | null;
    action: string;
    h_email: string;
    h_role: string;
    password_sha256: string;
    at: string;
  }>;
  for (const u of rows) {
    const ok =
      u.h_id !== null &&
      u.email === u.h_email &&
      u.role === u.h_role &&
      u.updated_at === u.at &&
      u.removed_at === (u.action === 'removed' ? u.at : null) &&
      passwordDigest(u.password_hash) === u.password_sha256;
    if (!ok) {
      return new Failure(
        'tampered',
        null,
        `users ${u.user_id}: email, role, password or removal differs from its last ledgered change`,
        undefined,
        { table: 'users', id: u.user_id },
      );
    }
  }
  return undefined;
}
