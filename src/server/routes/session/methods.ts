import { defineRoute } from '../../route.js';
import { oidcLoginOf } from './oidc-login.js';

export const sessionMethodsRoute = defineRoute({
  method: 'GET',
  url: '/api/v1/session/methods',
  summary: 'how the dashboard may sign in: password, and OIDC when configured',
  tag: 'session',
  auth: 'public',
  schema: {
    response: {
      200: {
        type: 'object',
        properties: { password: { type: 'boolean' }, oidc: { type: 'boolean' } },
      },
    },
  },
  handler(_req, _reply, ctx) {
    return { password: true, oidc: oidcLoginOf(ctx) !== undefined };
  },
});
