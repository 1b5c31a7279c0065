import { defineCommand } from '../../command.js';

export const siemRemoveCommand = defineCommand({
  writes: true,
  path: ['siem', 'remove'],
  description:
    'remove a SIEM target (ledgered); what was still queued for it stays in the outbox, unsent, and its secret file is deleted',
  examples: ['evid siem remove siem_01JD2Y7Q0000000000000000'],
  args: ['<id>'],
  async run(ctx, [id]) {
    const { removeTarget } = await import('../../../siem/targets.js');
    const { removeSecret } = await import('../../../siem/secrets.js');
    const app = ctx.app();
    const data = app.store.transact((tx) => removeTarget(tx, id!));
    removeSecret(app.config.dataDir, data.target_id); // only once the removal has committed
    return {
      data,
      notes:
        data.undelivered > 0 ? [`${data.undelivered} queued event(s) will not be sent to it`] : [],
      view: () => `${data.target_id} removed at ${data.removed_at}`,
    };
  },
});
