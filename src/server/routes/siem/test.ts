import { getTargetRow } from '../../../siem/targets.js';
import { testTarget } from '../../../siem/test-target.js';
import { defineRoute, errorAnswer, idParams } from '../../route.js';
import { targetResponse } from './schema.js';

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
    response: {
      200: {
        type: 'object',
        description: 'what the receiver answered (ok false is still a 200)',
        additionalProperties: false,
        required: ['target_id', 'kind', 'ok', 'answer'],
        properties: {
          target_id: { type: 'string' },
          kind: targetResponse.properties.kind,
          ok: { type: 'boolean' },
          answer: {
            type: 'string',
            description:
              "the receiver's own answer (HEC code and text, HTTP status, ...), secrets masked",
          },
        },
      },
      404: errorAnswer('no SIEM target with this id (or it was removed)'),
    },
  },
  async handler(req, _reply, ctx) {
    const { id } = req.params as { id: string };
    const row = ctx.store.read((r) => getTargetRow(r, id));
    return testTarget(ctx.app.config.dataDir, row, ctx.version, ctx.app.clock());
  },
});
