import { listAgents } from '../../../workflows/registry.js';
import { defineRoute } from '../../route.js';
import { agentSchema } from './schema.js';

export const agentsListRoute = defineRoute({
  method: 'GET',
  url: '/v1/agents',
  summary: 'registered agents (latest version of each) with their capabilities',
  tag: 'execution',
  auth: 'read',
  schema: {
    response: {
      200: {
        type: 'object',
        required: ['agents'],
        properties: { agents: { type: 'array', items: agentSchema } },
      },
    },
  },
  handler(_req, _reply, ctx) {
    const agents = ctx.store.read((r) => listAgents(r));
    return {
      agents: agents.map(({ definition, ...a }) => {
        const { name: _n, type, description, capabilities, ...configuration } = definition;
        return { ...a, type, description, capabilities, configuration };
      }),
    };
  },
});
