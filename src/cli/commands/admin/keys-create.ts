import { ROLES } from '../../../auth/roles.js';
import { UsageError } from '../../../errors.js';
import { defineCommand, type CommandSpec } from '../../command.js';

/** `evid admin keys create` and `audit token create`: one behaviour, two names. */
export function createKeyCommand(path: string[], examples: string[]): CommandSpec {
  return defineCommand({
    writes: true,
    path,
    description: `create an API key with a role (${ROLES.join(', ')}); the key, and its id and secret for the safety API's token exchange, are shown once; only a hash is stored`,
    examples,
    options: (cmd) =>
      cmd
        .option('--name <name>', 'what the key is for (e.g. ci-ingest)')
        .option(
          '--role <role>',
          `ingest (write traces/events), viewer (read), analyst (viewer + review), admin`,
        ),
    async run(ctx, _args, opts) {
      if (typeof opts.name !== 'string') throw new UsageError('--name: is required');
      if (typeof opts.role !== 'string')
        throw new UsageError(`--role: is required (${ROLES.join(', ')})`);
      const { createApiKey } = await import('../../../auth/keys.js');
      const data = ctx
        .app()
        .store.transact((tx) =>
          createApiKey(tx, { name: String(opts.name), role: String(opts.role) }),
        );
      return {
        data,
        notes: [
          'the key and secret are shown once: store them now (only a SHA-256 is kept)',
          'use the key as a Bearer credential, or id and secret with POST /v1/auth/token',
        ],
        view: (ui) =>
          ui.fields([
            ['key', data.key],
            ['id', data.key_id],
            ['secret', data.secret],
            ['name', data.name],
            ['role', data.role],
            ['created', data.created_at],
          ]),
      };
    },
  });
}

export const adminKeysCreateCommand = createKeyCommand(
  ['admin', 'keys', 'create'],
  [
    'evid admin keys create --name ci-ingest --role ingest',
    'evid admin keys create --name dashboard --role viewer --json | jq -r .key',
    "evid admin keys create --name safety-ci --role analyst --json | jq -r '.key_id, .secret'",
  ],
);
