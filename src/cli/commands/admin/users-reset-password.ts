import { defineCommand } from '../../command.js';
import { readPasswordFromStdin } from './read-password.js';
import { userFields } from './users-view.js';

export const adminUsersResetPasswordCommand = defineCommand({
  writes: true,
  path: ['admin', 'users', 'reset-password'],
  description:
    "replace a dashboard user's password with one read from stdin (a new salt and scrypt hash; ledgered)",
  examples: ['printf %s "$NEW_PASSWORD" | evid admin users reset-password ana@example.com'],
  args: ['<user>'],
  async run(ctx, [user]) {
    const [{ requireLiveUser, resetUserPassword }, { hashPassword }] = await Promise.all([
      import('../../../admin/users.js'),
      import('../../../admin/password.js'),
    ]);
    // An unknown user fails before stdin is read or scrypt runs.
    ctx.app().store.read((r) => requireLiveUser(r, user!));
    const passwordHash = await hashPassword(await readPasswordFromStdin(ctx.io));
    const data = ctx.app().store.transact((tx) => resetUserPassword(tx, user!, passwordHash));
    return { data, view: (ui) => userFields(ui, data) };
  },
});
