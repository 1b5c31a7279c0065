import { USER_ROLES } from '../../../admin/users.js';
import { MIN_PASSWORD_LENGTH } from '../../../admin/password.js';
import { errorAnswer, orNull } from '../../route.js';

/** A dashboard user as every users route answers it (UserInfo): never the password hash. */
export const userResponse = {
  $id: 'User',
  type: 'object',
  additionalProperties: false,
  required: [
    'user_id',
    'email',
    'role',
    'created_at',
    'created_by',
    'updated_at',
    'removed_at',
    'last_login_at',
  ],
  properties: {
    user_id: { type: 'string', description: 'usr_<ULID>' },
    email: { type: 'string', description: 'lower-cased; the sign-in name' },
    role: { type: 'string', enum: [...USER_ROLES] },
    created_at: { type: 'string' },
    created_by: { type: 'string' },
    updated_at: { type: 'string', description: 'the last change of role, password or removal' },
    removed_at: orNull('string'),
    last_login_at: orNull('string'),
  },
} as const;

/** The users routes that name a user answer 404 for one that does not exist (or was removed). */
export const noSuchUser = errorAnswer('no live user with this user_id or e-mail');

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
