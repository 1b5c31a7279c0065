import { releaseHold } from '../../../retention/holds.js';
import { defineRoute, errorAnswer, idParams } from '../../route.js';
import { holdSchema } from './schema.js';

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
      200: { ...holdSchema, description: 'the hold, with released_at/by and release_reason' },
      404: errorAnswer('no legal hold with this id'),
      409: errorAnswer('the hold was already released'),
    },
  },
  handler(req, _reply, ctx) {
    const { id } = req.params as { id: string };
    const { reason } = req.body as { reason: string };
    return ctx.store.transact((tx) => releaseHold(tx, id, reason), req.principal!.actor);
  },
});
