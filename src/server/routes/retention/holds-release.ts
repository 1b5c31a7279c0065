import { releaseHold } from '../../../retention/holds.js';
import { defineRoute, idParams } from '../../route.js';

export const holdsReleaseRoute = defineRoute({
  method: 'POST',
  url: '/api/v1/retention/holds/:id/release',
  summary: 'release a legal hold with a reason (admin; ledgered; `evid retention hold release`)',
  tag: 'retention',
  auth: 'admin',
  schema: {
    params: idParams,
    body: {
      type: 'object',
      additionalProperties: false,
      required: ['reason'],
      properties: { reason: { type: 'string', minLength: 1, maxLength: 1000 } },
    },
    response: {
      200: { type: 'object', description: 'the hold, with released_at/by and the reason' },
    },
  },
  handler(req, _reply, ctx) {
    const { id } = req.params as { id: string };
    const { reason } = req.body as { reason: string };
    return ctx.store.transact((tx) => releaseHold(tx, id, reason), req.principal!.actor);
  },
});
