import { createContext } from 'preact';
import { useContext } from 'preact/hooks';

export type Role = 'viewer' | 'analyst' | 'admin';

export interface SessionUser {
  user_id: string;
  email: string;
  role: Role;
  last_login_at: string | null;
}

export const SessionContext = createContext<SessionUser | null>(null);

export function useUser(): SessionUser {
  const user = useContext(SessionContext);
  if (!user) throw new Error('no signed-in user');
  return user;
}

/** What the role may do, as the REST API decides it (src/auth/roles.ts). */
export const canReview = (u: SessionUser): boolean => u.role === 'analyst' || u.role === 'admin';
export const canAdmin = (u: SessionUser): boolean => u.role === 'admin';

/**
 * Cancelling a job (POST /api/v1/jobs/{id}/cancel): the user who started it, whatever the
 * role (a viewer starts ledger verify runs), or an admin; the server answers 404 to anyone else.
 */
export const canCancelJob = (u: SessionUser, startedByUser: boolean): boolean =>
  startedByUser || canAdmin(u);
