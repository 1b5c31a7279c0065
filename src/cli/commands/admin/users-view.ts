import type { UserInfo } from '../../../admin/users.js';
import type { Ui } from '../../output/human.js';

/** One user as fields (add, set-role, reset-password, remove all show the result). */
export const userFields = (ui: Ui, u: UserInfo): string =>
  ui.fields([
    ['id', u.user_id],
    ['email', u.email],
    ['role', u.role],
    ['created', `${u.created_at} by ${u.created_by}`],
    ['updated', u.updated_at],
    ['removed', u.removed_at],
    ['last login', u.last_login_at],
  ]);
