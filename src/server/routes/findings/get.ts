import { getFinding } from '../../../store/findings.js';
import { defineRoute, errorAnswer, idParams } from '../../route.js';
import { findingDetailSchema } from './schema.js';

export const findingsGetRoute = defineRoute({
  method: 'GET',
  url: '/api/v1/findings/:id',
  summary: 'one finding with its evidence context, control mappings and status history',
  tag: 'findings',
  auth: 'read',
  schema: {
    params: idParams,
    response: {
      200: {
        ...findingDetailSchema,
        description: 'the finding with its evidence context, controls and history',
      },
      404: errorAnswer('no finding with this id'),
    },
  },
  handler(req, _reply, ctx) {
    const { id } = req.params as { id: string };
    return ctx.store.read((r) => getFinding(r, id));
  },
});
