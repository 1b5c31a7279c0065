import { defineCommand, type CommandSpec } from '../../command.js';

export function revokeKeyCommand(path: string[], examples: string[]): CommandSpec {
  return defineCommand({
    writes: true,
    path,
    description:
      'revoke an API key at once (a running server refuses it from the next request; ledgered)',
    examples,
    args: ['<id>'],
    async run(ctx, [id]) {
      const { revokeApiKey } = await import('../../../auth/keys.js');
      const data = ctx.app().store.transact((tx) => revokeApiKey(tx, id!));
      return { data, view: () => `${data.key_id} (${data.name}) revoked at ${data.revoked_at}` };
    },
  });
}

export const adminKeysRevokeCommand = revokeKeyCommand(
  ['admin', 'keys', 'revoke'],
  ['evid admin keys revoke ak_01JD2Y7Q0000000000000000'],
);
