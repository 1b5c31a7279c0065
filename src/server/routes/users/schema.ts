import { USER_ROLES } from '../../../admin/users.js';
import { MIN_PASSWORD_LENGTH } from '../../../admin/password.js';

/** A user as every users route answers it: never the password hash. */
export const userResponse = {
  type: 'object',
  description:
    'a dashboard user: user_id, email, role, created_at, created_by, updated_at, removed_at, last_login_at (never the password hash)',
} as const;

export const roleProperty = { type: 'string', description: USER_ROLES.join(', ') } as const;

/**
 * A password in a body: the length rule itself is checkPassword's (src/admin/password.ts), so
 * the REST answer names the same rule as the CLI; the schema only caps what is read.
 */
export const passwordProperty = {
  type: 'string',
  maxLength: 4096,
  description: `at least ${MIN_PASSWORD_LENGTH} characters; stored as a scrypt hash, never answered`,
} as const;

/** A user named by user_id (usr_...) or e-mail, as the CLI takes it. */
export const userParams = {
  type: 'object',
  required: ['id'],
  properties: {
    id: { type: 'string', minLength: 1, maxLength: 256, description: 'user_id or e-mail' },
  },
} as const;
