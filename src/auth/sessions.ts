/**
 * Dashboard sessions: a random 256-bit id in an HttpOnly cookie, of which the store keeps
 * only the SHA-256 (a copy of the database grants no session). The CSRF token is derived
 * from the id (SHA-256 of a label and the id): the page reads it from the sign-in answer or
 * GET /api/v1/session and echoes it in `X-CSRF-Token` on every write; a cross-site page can
 * make the browser send the cookie, but can neither read the token nor compute it.
 *
 * Lockout: LOCKOUT_FAILURES failed sign-ins for one e-mail within LOCKOUT_WINDOW_MS refuse
 * further tries for that e-mail (429) until the oldest failure leaves the window. The
 * counter is per e-mail, unknown ones too, so a probe cannot tell users apart.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { verifyPassword } from '../admin/password.js';
import {
  normaliseEmail,
  requireLiveUser,
  touchUserLogin,
  userPasswordHash,
} from '../admin/users.js';
import { LockedOutError, NotFoundError, UnauthorizedError } from '../errors.js';
import type { Reader, Store, Transactor } from '../store/store.js';

export const SESSION_COOKIE = 'evid_session';
export const CSRF_HEADER = 'x-csrf-token';
export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;
export const LOCKOUT_FAILURES = 5;
export const LOCKOUT_WINDOW_MS = 15 * 60 * 1000;

/** A scrypt hash of nothing anyone can type: unknown e-mails cost the same time as known ones. */
const DECOY_HASH = ['scrypt', 1 << 15, 8, 1, 'A'.repeat(22), 'A'.repeat(43)].join('$');

const sha256Hex = (text: string): string => createHash('sha256').update(text).digest('hex');

export function csrfTokenOf(sessionId: string): string {
  return createHash('sha256').update(`evid-csrf\0${sessionId}`).digest('base64url');
}

export function csrfMatches(expected: string, given: string | string[] | undefined): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

export interface SessionUser {
  user_id: string;
  email: string;
  role: 'viewer' | 'analyst' | 'admin';
}

export interface SignedIn {
  sessionId: string;
  csrfToken: string;
  expiresAt: string;
  user: SessionUser & { last_login_at: string | null };
}

function recentFailures(r: Reader, email: string, now: Date): string[] {
  const since = new Date(now.getTime() - LOCKOUT_WINDOW_MS).toISOString();
  return (
    r
      .prepare('SELECT at FROM login_failures WHERE email = ? AND at > ? ORDER BY at')
      .all(email, since) as Array<{ at: string }>
  ).map((row) => row.at);
}

/** Checks e-mail and password, then opens a session; records the login or the failure. */
export async function signIn(
  store: Store,
  input: { email: string; password: string },
  now: Date = new Date(),
): Promise<SignedIn> {
  const email = normaliseEmail(input.email);
  const failures = store.read((r) => recentFailures(r, email, now));
  if (failures.length >= LOCKOUT_FAILURES) {
    const until = new Date(new Date(failures[0]!).getTime() + LOCKOUT_WINDOW_MS);
    throw new LockedOutError(
      `too many failed sign-ins for ${email}: try again after ${until.toISOString()}`,
      { retry_after: until.toISOString() },
    );
  }
  const stored = store.read((r) => userPasswordHash(r, email));
  const ok = await verifyPassword(input.password, stored || DECOY_HASH);
  if (!ok || !stored) {
    store.transact((tx) => {
      // Failures older than the window count for nothing: dropped here, so probes of many
      // e-mails cannot grow the table without bound.
      tx.prepare('DELETE FROM login_failures WHERE at < ?').run(
        new Date(now.getTime() - LOCKOUT_WINDOW_MS).toISOString(),
      );
      tx.prepare('INSERT INTO login_failures (email, at) VALUES (?, ?)').run(
        email,
        now.toISOString(),
      );
    });
    throw new UnauthorizedError('wrong e-mail or password');
  }
  const sessionId = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS).toISOString();
  const user = store.transact((tx) => {
    const info = requireLiveUser(tx, email);
    tx.prepare('DELETE FROM login_failures WHERE email = ? OR at < ?').run(
      email,
      new Date(now.getTime() - LOCKOUT_WINDOW_MS).toISOString(),
    );
    insertSession(tx, sessionId, info.user_id, now, expiresAt);
    touchUserLogin(tx, info.user_id, now.toISOString());
    return info;
  });
  return {
    sessionId,
    csrfToken: csrfTokenOf(sessionId),
    expiresAt,
    // The previous login, so the page can show "last signed in".
    user: {
      user_id: user.user_id,
      email: user.email,
      role: user.role,
      last_login_at: user.last_login_at,
    },
  };
}

function insertSession(
  tx: Transactor,
  sessionId: string,
  userId: string,
  now: Date,
  expiresAt: string,
  oidc?: { role: string; email: string },
): void {
  tx.prepare('DELETE FROM dashboard_sessions WHERE expires_at < ?').run(now.toISOString());
  tx.prepare(
    `INSERT INTO dashboard_sessions (id_sha256, user_id, created_at, expires_at, oidc_role, oidc_email)
     VALUES (?, ?, ?, ?, ?, ?)`,
  ).run(
    sha256Hex(sessionId),
    userId,
    now.toISOString(),
    expiresAt,
    oidc?.role ?? null,
    oidc?.email ?? null,
  );
}

/** A session for an OIDC sign-in (src/auth/oidc-login.ts): `oidc:<sub>`, the token's role. */
export function openOidcSession(
  store: Store,
  identity: { subject: string; role: SessionUser['role']; email: string },
  now: Date = new Date(),
): SignedIn {
  const sessionId = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS).toISOString();
  const userId = `oidc:${identity.subject}`;
  store.transact((tx) =>
    insertSession(tx, sessionId, userId, now, expiresAt, {
      role: identity.role,
      email: identity.email,
    }),
  );
  return {
    sessionId,
    csrfToken: csrfTokenOf(sessionId),
    expiresAt,
    user: { user_id: userId, email: identity.email, role: identity.role, last_login_at: null },
  };
}

/** The live user behind a session id, or UnauthorizedError (expired, signed out, removed). */
export function resolveSession(r: Reader, sessionId: string, now: Date): SessionUser {
  const row = r
    .prepare(
      'SELECT user_id, expires_at, oidc_role, oidc_email FROM dashboard_sessions WHERE id_sha256 = ?',
    )
    .get(sha256Hex(sessionId)) as
    | { user_id: string; expires_at: string; oidc_role: string | null; oidc_email: string | null }
    | undefined;
  if (!row || row.expires_at <= now.toISOString()) {
    throw new UnauthorizedError('session expired or signed out: sign in again');
  }
  if (row.oidc_role !== null) {
    return {
      user_id: row.user_id,
      email: row.oidc_email ?? row.user_id,
      role: row.oidc_role as SessionUser['role'],
    };
  }
  try {
    const user = requireLiveUser(r, row.user_id);
    return { user_id: user.user_id, email: user.email, role: user.role };
  } catch (err) {
    if (err instanceof NotFoundError) throw new UnauthorizedError('the session user was removed');
    throw err;
  }
}

export function endSession(tx: Transactor, sessionId: string): void {
  tx.prepare('DELETE FROM dashboard_sessions WHERE id_sha256 = ?').run(sha256Hex(sessionId));
}

/** The value of one cookie in a Cookie header (RFC 6265 5.4 form: `a=1; b=2`). */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}
