import { defineCommand } from '../../command.js';

export const workflowsListCommand = defineCommand({
  path: ['workflows', 'list'],
  description: 'list registered workflows (latest version of each) with their steps and limits',
  examples: ['evid workflows list', 'evid workflows list --json'],
  async run(ctx) {
    const { listWorkflows } = await import('../../../workflows/registry.js');
    const data = ctx.app().store.read((r) => listWorkflows(r));
    return {
      data,
      view: (ui) =>
        data.length === 0
          ? 'no workflows: register one with evid workflows add FILE'
          : ui.table(
              ['name', 'version', 'steps', 'agents', 'timeout ms', 'blocks at', 'added'],
              data.map((w) => [
                w.name,
                w.version,
                w.definition.steps.map((s) => s.name).join(' > '),
                [...new Set(w.definition.steps.map((s) => s.agent))].join(', '),
                w.definition.limits.timeout_ms,
                w.definition.block_severity ?? 'off',
                w.added_at,
              ]),
            ),
    };
  },
});
