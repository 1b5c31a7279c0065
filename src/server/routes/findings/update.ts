import { FINDING_STATUSES, getFinding, updateFindingStatus } from '../../../store/findings.js';
import { defineRoute, errorAnswer, idParams } from '../../route.js';
import { findingDetailSchema } from './schema.js';

export const findingsUpdateRoute = defineRoute({
  method: 'PATCH',
  url: '/api/v1/findings/:id',
  summary: 'move a finding to another status with an optional comment (recorded and ledgered)',
  tag: 'findings',
  auth: 'review',
  schema: {
    params: idParams,
    body: {
      type: 'object',
      required: ['status'],
      additionalProperties: false,
      properties: {
        status: { type: 'string', enum: [...FINDING_STATUSES] },
        comment: { type: 'string', maxLength: 10_000 },
      },
    },
    response: {
      200: { ...findingDetailSchema, description: 'the finding after the move, with its history' },
      404: errorAnswer('no finding with this id'),
    },
  },
  handler(req, _reply, ctx) {
    const { id } = req.params as { id: string };
    const { status, comment } = req.body as { status: string; comment?: string };
    ctx.store.transact((tx) => updateFindingStatus(tx, id, status, comment), req.principal!.actor);
    return ctx.store.read((r) => getFinding(r, id));
  },
});
