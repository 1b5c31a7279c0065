import { defineCommand, type CommandSpec } from '../../command.js';

export function listKeysCommand(path: string[], examples: string[]): CommandSpec {
  return defineCommand({
    path,
    description: 'list API keys (never their secrets); revoked ones with --all',
    examples,
    options: (cmd) => cmd.option('--all', 'include revoked keys'),
    async run(ctx, _args, opts) {
      const { listApiKeys } = await import('../../../auth/keys.js');
      const data = ctx
        .app()
        .store.read((r) => listApiKeys(r, { includeRevoked: Boolean(opts.all) }));
      return {
        data,
        notes: [`${data.length} key${data.length === 1 ? '' : 's'}`],
        view: (ui) =>
          data.length === 0
            ? 'no API keys'
            : ui.table(
                ['id', 'name', 'role', 'created', 'last used', 'revoked'],
                data.map((k) => [
                  k.key_id,
                  k.name,
                  k.role,
                  k.created_at,
                  k.last_used_at,
                  k.revoked_at,
                ]),
              ),
      };
    },
  });
}

export const adminKeysListCommand = listKeysCommand(
  ['admin', 'keys', 'list'],
  ['evid admin keys list', 'evid admin keys list --all --json'],
);
