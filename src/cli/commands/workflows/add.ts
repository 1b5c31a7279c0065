import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { NotFoundError } from '../../../errors.js';
import { defineCommand } from '../../command.js';

export const workflowsAddCommand = defineCommand({
  writes: true,
  path: ['workflows', 'add'],
  description:
    'register a workflow file (YAML or JSON) and the agents it defines; validated whole, ledgered, a changed file adds a version',
  examples: ['evid workflows add examples/support-workflow.yaml'],
  args: ['<file>'],
  async run(ctx, [file]) {
    let text: string;
    try {
      text = await readFile(file!, 'utf8');
    } catch {
      throw new NotFoundError(`file not found: ${file}`);
    }
    const { parseWorkflowText, validateWorkflow } = await import('../../../workflows/schema.js');
    const { agentNames, registerWorkflow } = await import('../../../workflows/registry.js');
    const store = ctx.app().store;
    const doc = parseWorkflowText(text, file!);
    const registered = store.transact((tx) =>
      registerWorkflow(tx, validateWorkflow(doc, dirname(resolve(file!)), agentNames(tx))),
    );
    const data = {
      workflow: {
        name: registered.workflow.name,
        version: registered.workflow.version,
        workflow_id: registered.workflow.workflow_id,
        added: registered.added,
      },
      agents: registered.agents.map(({ agent, added }) => ({
        name: agent.name,
        version: agent.version,
        agent_id: agent.agent_id,
        added,
      })),
    };
    return {
      data,
      view: () =>
        [
          `workflow ${data.workflow.name} version ${data.workflow.version}${data.workflow.added ? ' registered' : ' unchanged'}`,
          ...data.agents.map(
            (a) => `agent ${a.name} version ${a.version}${a.added ? ' registered' : ' unchanged'}`,
          ),
        ].join('\n'),
    };
  },
});
