/**
 * Roles and what they may do (DESIGN.md "REST conventions"). A route names the one
 * permission it needs; a role carries a fixed set of permissions.
 */
export const ROLES = ['ingest', 'viewer', 'analyst', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/**
 * - `ingest`: write traces and audit events.
 * - `read`: read traces, events, findings, policies, compliance, reports, exports.
 * - `review`: update findings, build packs, generate reports.
 * - `admin`: live policy, kill switch, sources.
 */
export type Permission = 'ingest' | 'read' | 'review' | 'admin';

const GRANTS: Record<Role, readonly Permission[]> = {
  ingest: ['ingest'],
  viewer: ['read'],
  analyst: ['read', 'review'],
  admin: ['ingest', 'read', 'review', 'admin'],
};

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

export function roleAllows(role: Role, permission: Permission): boolean {
  return GRANTS[role].includes(permission);
}

/** The most capable of several roles (OIDC tokens may carry a list). */
export function strongestRole(roles: readonly unknown[]): Role | undefined {
  let best = -1;
  for (const r of roles) if (isRole(r)) best = Math.max(best, ROLES.indexOf(r));
  return best < 0 ? undefined : ROLES[best];
}
