import { defineCommand } from '../../command.js';
import { killSwitchView } from './view.js';

export const killSwitchStatusCommand = defineCommand({
  path: ['kill-switch', 'status'],
  description:
    'show whether intake is stopped (globally or per agent), since when, by whom, and what was refused',
  examples: ['audit kill-switch status', 'audit kill-switch status --json'],
  async run(ctx) {
    const { killSwitchStatus } = await import('../../../killswitch/killswitch.js');
    const data = ctx.app().store.read((r) => killSwitchStatus(r));
    return { data, view: (ui) => killSwitchView(ui, data) };
  },
});
