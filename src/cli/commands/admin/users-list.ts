import { defineCommand } from '../../command.js';

export const adminUsersListCommand = defineCommand({
  path: ['admin', 'users', 'list'],
  description: 'list dashboard users (never their password hashes); removed ones with --all',
  examples: ['evid admin users list', 'evid admin users list --all --json'],
  options: (cmd) => cmd.option('--all', 'include removed users'),
  async run(ctx, _args, opts) {
    const { listUsers } = await import('../../../admin/users.js');
    const data = ctx.app().store.read((r) => listUsers(r, { includeRemoved: Boolean(opts.all) }));
    return {
      data,
      notes: [`${data.length} user${data.length === 1 ? '' : 's'}`],
      view: (ui) =>
        data.length === 0
          ? 'no dashboard users'
          : ui.table(
              ['id', 'email', 'role', 'created', 'last login', 'removed'],
              data.map((u) => [
                u.user_id,
                u.email,
                u.role,
                u.created_at,
                u.last_login_at,
                u.removed_at,
              ]),
            ),
    };
  },
});
