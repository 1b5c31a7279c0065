import { UsageError } from '../../../errors.js';
import { defineCommand } from '../../command.js';
import { userFields } from './users-view.js';

export const adminUsersSetRoleCommand = defineCommand({
  writes: true,
  path: ['admin', 'users', 'set-role'],
  description: "change a dashboard user's role (ledgered with the actor)",
  examples: ['evid admin users set-role ana@example.com --role admin'],
  args: ['<user>'],
  options: (cmd) => cmd.option('--role <role>', 'viewer, analyst or admin'),
  async run(ctx, [user], opts) {
    if (typeof opts.role !== 'string')
      throw new UsageError('--role: is required (viewer, analyst, admin)');
    const { setUserRole } = await import('../../../admin/users.js');
    const data = ctx.app().store.transact((tx) => setUserRole(tx, user!, String(opts.role)));
    return { data, view: (ui) => userFields(ui, data) };
  },
});
