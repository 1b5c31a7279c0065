import { listSources } from '../../../sources/registry.js';
import { defineRoute } from '../../route.js';
import { sourceResponse } from './schema.js';

export const sourcesListRoute = defineRoute({
  method: 'GET',
  url: '/api/v1/sources',
  summary:
    'list sources with their status and counters (as `evid sources list`; never a credential)',
  tag: 'sources',
  auth: 'read',
  schema: {
    response: {
      200: {
        type: 'object',
        description: 'the sources not removed, oldest first',
        additionalProperties: false,
        required: ['sources', 'total'],
        properties: {
          sources: { type: 'array', items: sourceResponse },
          total: { type: 'integer' },
        },
      },
    },
  },
  handler(_req, _reply, ctx) {
    const sources = ctx.store.read((r) => listSources(r));
    return { sources, total: sources.length };
  },
});
