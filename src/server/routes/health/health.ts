import { killSwitchStatus } from '../../../killswitch/killswitch.js';
import { defineRoute } from '../../route.js';

/** The only route without a credential: for load balancers and the container HEALTHCHECK. */
export const healthRoute = defineRoute({
  method: 'GET',
  url: '/api/v1/health',
  summary: 'server health check (no authentication)',
  description:
    'Answers 200 when the store can be read. `intake` is `stopped` while a kill switch is active for all agents, `partial` while one is active for some agents.',
  tag: 'health',
  auth: 'public',
  schema: {
    response: {
      200: {
        type: 'object',
        properties: {
          status: { type: 'string', enum: ['ok'] },
          version: { type: 'string' },
          uptime_s: { type: 'integer' },
          tree_size: { type: 'integer' },
          intake: { type: 'string', enum: ['open', 'partial', 'stopped'] },
        },
      },
    },
  },
  handler(_req, _reply, ctx) {
    const { tree_size, ks } = ctx.store.read((r) => ({
      tree_size: ctx.store.latestTreeHead()?.tree_size ?? 0,
      ks: killSwitchStatus(r, 0),
    }));
    return {
      status: 'ok',
      version: ctx.version,
      uptime_s: Math.floor((Date.now() - ctx.startedAt.getTime()) / 1000),
      tree_size,
      intake: ks.global?.active ? 'stopped' : ks.active ? 'partial' : 'open',
    };
  },
});
