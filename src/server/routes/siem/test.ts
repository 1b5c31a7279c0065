import { getTargetRow } from '../../../siem/targets.js';
import { testTarget } from '../../../siem/test-target.js';
import { defineRoute, idParams } from '../../route.js';

export const siemTestRoute = defineRoute({
  method: 'POST',
  url: '/api/v1/siem/targets/:id/test',
  summary:
    "send one test event straight to a SIEM target and answer the receiver's own answer (admin; `evid siem test`)",
  description:
    'Not queued and not ledgered. 200 with ok true or false and the answer (HEC code and text, HTTP status, ...), secrets masked.',
  tag: 'siem',
  auth: 'admin',
  schema: {
    params: idParams,
    response: { 200: { type: 'object', description: '{target_id, kind, ok, answer}' } },
  },
  async handler(req, _reply, ctx) {
    const { id } = req.params as { id: string };
    const row = ctx.store.read((r) => getTargetRow(r, id));
    return testTarget(ctx.app.config.dataDir, row, ctx.version, ctx.app.clock());
  },
});
