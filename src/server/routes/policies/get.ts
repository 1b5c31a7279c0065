import { livePolicy } from '../../../detect/live-policy.js';
import { defineRoute } from '../../route.js';
import { livePolicySchema } from './schema.js';

export const policiesGetRoute = defineRoute({
  method: 'GET',
  url: '/api/v1/policies',
  summary: 'the live detector policy (version 0 = the built-in default)',
  tag: 'policies',
  auth: 'read',
  schema: {
    response: { 200: { ...livePolicySchema, description: 'the live policy and its version' } },
  },
  handler(_req, _reply, ctx) {
    return ctx.store.read((r) => livePolicy(r));
  },
});
