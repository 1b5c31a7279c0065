import { defineCommand } from '../../command.js';
import { userFields } from './users-view.js';

export const adminUsersRemoveCommand = defineCommand({
  writes: true,
  path: ['admin', 'users', 'remove'],
  description:
    'remove a dashboard user: the password hash is erased, the record and its history stay (ledgered)',
  examples: ['evid admin users remove ana@example.com', 'evid admin users remove usr_01JD...'],
  args: ['<user>'],
  async run(ctx, [user]) {
    const { removeUser } = await import('../../../admin/users.js');
    const data = ctx.app().store.transact((tx) => removeUser(tx, user!));
    return { data, view: (ui) => userFields(ui, data) };
  },
});
