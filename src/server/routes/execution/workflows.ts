import { listWorkflows } from '../../../workflows/registry.js';
import { defineRoute } from '../../route.js';
import { workflowSchema } from './schema.js';

export const workflowsListRoute = defineRoute({
  method: 'GET',
  url: '/v1/workflows',
  summary: 'registered workflows (latest version of each) with their configurations',
  tag: 'execution',
  auth: 'read',
  schema: {
    response: {
      200: {
        type: 'object',
        required: ['workflows'],
        properties: { workflows: { type: 'array', items: workflowSchema } },
      },
    },
  },
  handler(_req, _reply, ctx) {
    const workflows = ctx.store.read((r) => listWorkflows(r));
    return {
      workflows: workflows.map(({ definition, ...w }) => ({
        ...w,
        description: definition.description,
        agents: [...new Set(definition.steps.map((s) => s.agent))],
        configuration: {
          steps: definition.steps,
          output: definition.output,
          limits: definition.limits,
          block_severity: definition.block_severity,
        },
      })),
    };
  },
});
