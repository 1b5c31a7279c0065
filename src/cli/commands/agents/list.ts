import { defineCommand } from '../../command.js';

export const agentsListCommand = defineCommand({
  path: ['agents', 'list'],
  description: 'list registered agents (latest version of each) with their type and capabilities',
  examples: ['evid agents list', 'evid agents list --json'],
  async run(ctx) {
    const { listAgents } = await import('../../../workflows/registry.js');
    const data = ctx.app().store.read((r) => listAgents(r));
    return {
      data,
      view: (ui) =>
        data.length === 0
          ? 'no agents: register a workflow file that defines them'
          : ui.table(
              ['name', 'version', 'type', 'runs', 'capabilities', 'timeout ms'],
              data.map(({ name, version, definition: d }) => [
                name,
                version,
                d.type,
                d.type === 'command' ? d.command.join(' ') : d.url,
                d.capabilities.join(', '),
                d.timeout_ms,
              ]),
            ),
    };
  },
});
