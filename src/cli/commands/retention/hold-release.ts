import { defineCommand } from '../../command.js';

export const retentionHoldReleaseCommand = defineCommand({
  writes: true,
  path: ['retention', 'hold', 'release'],
  description: 'release a legal hold; its records follow the retention policy again (ledgered)',
  examples: ['evid retention hold release hold_01JD2Y7Q0000000000000000 --reason "case closed"'],
  args: ['<id>'],
  options: (cmd) => cmd.option('--reason <text>', 'why (required; recorded and ledgered)'),
  async run(ctx, [id], opts) {
    const { releaseHold } = await import('../../../retention/holds.js');
    const data = ctx
      .app()
      .store.transact((tx) =>
        releaseHold(tx, id!, typeof opts.reason === 'string' ? opts.reason : undefined),
      );
    return { data, view: () => `${data.hold_id} released (${data.release_reason})` };
  },
});
