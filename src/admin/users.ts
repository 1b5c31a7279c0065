/**
 * Dashboard users (docs/operations.md): an e-mail, a role (viewer, analyst, admin), a scrypt
 * password hash and the time of the last login (filled by the dashboard). Users are
 * records: every change is a `user_history` row ledgered in the same transaction with its
 * actor (src/store/user-records.ts), so `audit verify` covers them like any other record.
 * Hashing runs before the transaction: the write lock is never held for scrypt.
 */
import { ConflictError, NotFoundError, ValidationError } from '../errors.js';
import { ulid } from '../ids.js';
import type { Reader, Transactor } from '../store/store.js';
import {
  passwordDigest,
  USER_KINDS,
  userChangeRecord,
  type UserAction,
} from '../store/user-records.js';

export const USER_ROLES = ['viewer', 'analyst', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

export interface UserInfo {
  user_id: string;
  email: string;
  role: UserRole;
  created_at: string;
  created_by: string;
  updated_at: string;
  removed_at: string | null;
  last_login_at: string | null;
}

const COLUMNS =
  'user_id, email, role, created_at, created_by, updated_at, removed_at, last_login_at';

/** Lower-cased, trimmed; a plain shape check (the address is a login name, not mailed). */
export function normaliseEmail(input: string): string {
  const email = input.trim().toLowerCase();
  if (email.length > 254 || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
    throw new ValidationError(`email: not an e-mail address (got "${input}")`, { field: 'email' });
  }
  return email;
}

export function parseUserRole(input: string): UserRole {
  if (!(USER_ROLES as readonly string[]).includes(input)) {
    throw new ValidationError(`role: must be one of ${USER_ROLES.join(', ')} (got "${input}")`, {
      field: 'role',
    });
  }
  return input as UserRole;
}

interface UserRow extends UserInfo {
  id: number;
  password_hash: string;
}

/** Writes one change of the user in `row` (already updated) to the history and the ledger. */
function ledgerChange(tx: Transactor, row: UserRow, action: UserAction, at: string): void {
  const change = {
    user_ref: row.id,
    user_id: row.user_id,
    action,
    email: row.email,
    role: row.role,
    password_sha256: passwordDigest(row.password_hash),
    actor: tx.actor,
    at,
  };
  const { lastInsertRowid } = tx
    .prepare(
      `INSERT INTO user_history (user_ref, user_id, action, email, role, password_sha256, actor, at)
       VALUES (@user_ref, @user_id, @action, @email, @role, @password_sha256, @actor, @at)`,
    )
    .run(change);
  tx.ledger.append(
    USER_KINDS[action],
    row.user_id,
    Number(lastInsertRowid),
    userChangeRecord(change),
    at,
  );
}

const rowById = (r: Reader, id: number): UserRow =>
  r.prepare(`SELECT id, password_hash, ${COLUMNS} FROM users WHERE id = ?`).get(id) as UserRow;

const publicInfo = ({ id: _id, password_hash: _hash, ...info }: UserRow): UserInfo => info;

/** Adds a user; an e-mail already held by a user not removed is a conflict (exit 4 / 409). */
export function addUser(
  tx: Transactor,
  input: { email: string; role: string; passwordHash: string },
): UserInfo {
  const email = normaliseEmail(input.email);
  const role = parseUserRole(input.role);
  const taken = tx
    .prepare('SELECT user_id FROM users WHERE email = ? AND removed_at IS NULL')
    .get(email) as { user_id: string } | undefined;
  if (taken) {
    throw new ConflictError(`a user with e-mail ${email} exists (${taken.user_id})`, {
      field: 'email',
      id: taken.user_id,
    });
  }
  const at = tx.now();
  const { lastInsertRowid } = tx
    .prepare(
      `INSERT INTO users (user_id, email, role, password_hash, created_at, created_by, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(`usr_${ulid()}`, email, role, input.passwordHash, at, tx.actor, at);
  const row = rowById(tx, Number(lastInsertRowid));
  ledgerChange(tx, row, 'added', at);
  return publicInfo(row);
}

export function listUsers(r: Reader, options: { includeRemoved?: boolean } = {}): UserInfo[] {
  const where = options.includeRemoved ? '' : 'WHERE removed_at IS NULL';
  return r.prepare(`SELECT ${COLUMNS} FROM users ${where} ORDER BY id`).all() as UserInfo[];
}

/** A live user by user_id or e-mail, else NotFoundError (exit 3 / 404). */
function findLiveUser(r: Reader, ref: string): UserRow {
  const byId = ref.startsWith('usr_');
  const row = r
    .prepare(
      `SELECT id, password_hash, ${COLUMNS} FROM users
       WHERE ${byId ? 'user_id = ?' : 'email = ?'} AND removed_at IS NULL`,
    )
    .get(byId ? ref : ref.trim().toLowerCase()) as UserRow | undefined;
  if (!row) throw new NotFoundError(`user ${ref} not found`, { id: ref });
  return row;
}

/** A live user by user_id or e-mail (exit 3 / 404 when none). */
export const requireLiveUser = (r: Reader, ref: string): UserInfo =>
  publicInfo(findLiveUser(r, ref));

/** Applies one change to a live user and ledgers it; `set` names the columns changed. */
function changeUser(
  tx: Transactor,
  ref: string,
  action: Exclude<UserAction, 'added'>,
  set: { role?: UserRole; password_hash?: string; removed?: true },
): UserInfo {
  const row = findLiveUser(tx, ref);
  if (set.role !== undefined && set.role === row.role) {
    throw new ConflictError(`user ${row.email} already has role ${row.role}`, {
      id: row.user_id,
    });
  }
  const at = tx.now();
  tx.prepare(
    `UPDATE users SET role = ?, password_hash = ?, updated_at = ?, removed_at = ? WHERE id = ?`,
  ).run(
    set.role ?? row.role,
    // A removed user keeps no credential at all.
    set.removed ? '' : (set.password_hash ?? row.password_hash),
    at,
    set.removed ? at : null,
    row.id,
  );
  const updated = rowById(tx, row.id);
  ledgerChange(tx, updated, action, at);
  return publicInfo(updated);
}

export const setUserRole = (tx: Transactor, ref: string, role: string): UserInfo =>
  changeUser(tx, ref, 'role_set', { role: parseUserRole(role) });

export const resetUserPassword = (tx: Transactor, ref: string, passwordHash: string): UserInfo =>
  changeUser(tx, ref, 'password_reset', { password_hash: passwordHash });

export const removeUser = (tx: Transactor, ref: string): UserInfo =>
  changeUser(tx, ref, 'removed', { removed: true });

/** A live user's stored hash, for the dashboard's login (never shown anywhere). */
export function userPasswordHash(r: Reader, email: string): string | undefined {
  try {
    return findLiveUser(r, email).password_hash;
  } catch (err) {
    if (err instanceof NotFoundError) return undefined;
    throw err;
  }
}

/** Records a successful login (operational, not ledgered). */
export function touchUserLogin(tx: Transactor, userId: string, at: string): void {
  tx.prepare('UPDATE users SET last_login_at = ? WHERE user_id = ?').run(at, userId);
}
