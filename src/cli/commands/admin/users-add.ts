import { UsageError } from '../../../errors.js';
import { defineCommand } from '../../command.js';
import { readPasswordFromStdin } from './read-password.js';
import { userFields } from './users-view.js';

export const adminUsersAddCommand = defineCommand({
  writes: true,
  path: ['admin', 'users', 'add'],
  description:
    'add a dashboard user (viewer, analyst or admin); the password is read from stdin and stored as a scrypt hash (ledgered)',
  examples: [
    'printf %s "$PASSWORD" | evid admin users add --email ana@example.com --role analyst',
    'evid admin users add --email ops@example.com --role admin < password.txt',
  ],
  options: (cmd) =>
    cmd
      .option('--email <email>', 'the login name')
      .option('--role <role>', 'viewer (read), analyst (viewer + review), admin (everything)'),
  async run(ctx, _args, opts) {
    if (typeof opts.email !== 'string') throw new UsageError('--email: is required');
    if (typeof opts.role !== 'string')
      throw new UsageError('--role: is required (viewer, analyst, admin)');
    const [{ addUser, normaliseEmail, parseUserRole }, { hashPassword }] = await Promise.all([
      import('../../../admin/users.js'),
      import('../../../admin/password.js'),
    ]);
    // Bad flags fail before stdin is read or scrypt runs.
    normaliseEmail(opts.email);
    parseUserRole(opts.role);
    const passwordHash = await hashPassword(await readPasswordFromStdin(ctx.io));
    const data = ctx
      .app()
      .store.transact((tx) =>
        addUser(tx, { email: String(opts.email), role: String(opts.role), passwordHash }),
      );
    return { data, view: (ui) => userFields(ui, data) };
  },
});
