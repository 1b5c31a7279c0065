import { UsageError } from '../../../errors.js';
import { defineCommand } from '../../command.js';
import { optionalString } from '../../options.js';
import { killSwitchView } from './view.js';

export const killSwitchDeactivateCommand = defineCommand({
  writes: true,
  path: ['kill-switch', 'deactivate'],
  description: 'resume intake for every agent or one; reason required; ledgered',
  examples: [
    'audit kill-switch deactivate --reason "incident 42 closed"',
    'audit kill-switch deactivate --agent support-bot --reason "fixed in v2.3"',
  ],
  options: (cmd) =>
    cmd
      .option('--agent <name>', "release only this agent's switch (default: the global one)")
      .option('--reason <text>', 'why (required; recorded in the ledger)'),
  async run(ctx, _args, opts) {
    const reason = optionalString(opts.reason);
    if (reason === undefined)
      throw new UsageError('--reason: is required (say why intake resumes)');
    const { deactivateKillSwitch } = await import('../../../killswitch/killswitch.js');
    const change = ctx
      .app()
      .store.transact((tx) =>
        deactivateKillSwitch(tx, { agent: optionalString(opts.agent), reason }),
      );
    const refused = change.state.refused;
    return {
      data: change,
      notes: change.changed
        ? [`${refused} intake${refused === 1 ? '' : 's'} refused while it was active`]
        : ['it was not active: nothing changed'],
      view: (ui) => killSwitchView(ui, change.status),
    };
  },
});
