import { livePolicy, setLivePolicy } from '../../../detect/live-policy.js';
import { defineRoute } from '../../route.js';
import { livePolicySchema } from './schema.js';

export const policiesUpdateRoute = defineRoute({
  method: 'PUT',
  url: '/api/v1/policies',
  summary: 'replace the live detector policy (admin; refused whole if invalid; ledgered)',
  description: 'The same document as `evid policies set <file>`.',
  tag: 'policies',
  auth: 'admin',
  schema: {
    body: { type: 'object', description: 'a policy document (see `evid policies get --json`)' },
    response: { 200: { ...livePolicySchema, description: 'the new live policy and its version' } },
  },
  handler(req, _reply, ctx) {
    ctx.store.transact((tx) => setLivePolicy(tx, req.body), req.principal!.actor);
    return ctx.store.read((r) => livePolicy(r));
  },
});
