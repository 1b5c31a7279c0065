import { getSource } from '../../../sources/registry.js';
import { defineRoute, errorAnswer, idParams } from '../../route.js';
import { sourceResponse } from './schema.js';

export const sourcesGetRoute = defineRoute({
  method: 'GET',
  url: '/api/v1/sources/:id',
  summary: 'one source with its status and counters (404 once removed)',
  tag: 'sources',
  auth: 'read',
  schema: {
    params: idParams,
    response: {
      200: { ...sourceResponse, description: 'the source' },
      404: errorAnswer('no source with this id, or it was removed'),
    },
  },
  handler(req, _reply, ctx) {
    const { id } = req.params as { id: string };
    return ctx.store.read((r) => getSource(r, id));
  },
});
