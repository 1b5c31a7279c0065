import { describe, expect, it } from 'vitest';
import { roleAllows, ROLES, strongestRole, type Permission } from '../../../src/auth/roles.js';

describe('roles (DESIGN.md)', () => {
  const table: Record<string, Permission[]> = {
    ingest: ['ingest'],
    viewer: ['read'],
    analyst: ['read', 'review'],
    admin: ['ingest', 'read', 'review', 'admin'],
  };
  it.each(ROLES)('%s carries exactly its permissions', (role) => {
    for (const p of ['ingest', 'read', 'review', 'admin'] as Permission[]) {
      expect(roleAllows(role, p), `${role} ${p}`).toBe(table[role]!.includes(p));
    }
  });

  it('the strongest known role wins; unknown names are ignored', () => {
    expect(strongestRole(['viewer', 'analyst'])).toBe('analyst');
    expect(strongestRole(['superuser', 'ingest'])).toBe('ingest');
    expect(strongestRole(['superuser', 42])).toBeUndefined();
    expect(strongestRole([])).toBeUndefined();
  });
});
