import { UsageError } from '../../../errors.js';
import { defineCommand } from '../../command.js';
import { optionalString } from '../../options.js';
import { killSwitchView } from './view.js';

export const killSwitchActivateCommand = defineCommand({
  writes: true,
  path: ['kill-switch', 'activate'],
  description:
    'stop intake (REST traces/events, evid traces ingest) for every agent or one; reason required; ledgered; survives restarts',
  examples: [
    'audit kill-switch activate --reason "incident 42: agent leaking PII"',
    'audit kill-switch activate --agent support-bot --reason "prompt injection under investigation"',
  ],
  options: (cmd) =>
    cmd
      .option('--agent <name>', 'only this agent (default: all agents)')
      .option('--reason <text>', 'why (required; recorded in the ledger)'),
  async run(ctx, _args, opts) {
    const reason = optionalString(opts.reason);
    if (reason === undefined)
      throw new UsageError('--reason: is required (say why intake is stopped)');
    const { activateKillSwitch } = await import('../../../killswitch/killswitch.js');
    const change = ctx
      .app()
      .store.transact((tx) =>
        activateKillSwitch(tx, { agent: optionalString(opts.agent), reason }),
      );
    return {
      data: change,
      notes: change.changed ? [] : ['it was already active: nothing changed'],
      view: (ui) => killSwitchView(ui, change.status),
    };
  },
});
