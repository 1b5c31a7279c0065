import { removeSource } from '../../../sources/manage.js';
import { defineRoute, errorAnswer, idParams } from '../../route.js';

export const sourcesRemoveRoute = defineRoute({
  method: 'DELETE',
  url: '/api/v1/sources/:id',
  summary:
    "remove a source (admin; ledgered): its token is revoked at once; purge=true blanks its events' content",
  tag: 'sources',
  auth: 'admin',
  schema: {
    params: idParams,
    querystring: {
      type: 'object',
      additionalProperties: false,
      properties: {
        purge: {
          type: 'boolean',
          description: 'also blank the prompt and completion of its events (default false)',
        },
      },
    },
    response: {
      200: {
        type: 'object',
        description: 'the source removed',
        additionalProperties: false,
        required: ['source_id', 'removed_at', 'purged_events'],
        properties: {
          source_id: { type: 'string' },
          removed_at: { type: 'string' },
          purged_events: {
            type: 'integer',
            description: 'events whose content was blanked (purge=true), else 0',
          },
        },
      },
      404: errorAnswer('no source with this id, or it was removed'),
    },
  },
  handler(req, _reply, ctx) {
    const { id } = req.params as { id: string };
    const { purge } = req.query as { purge?: boolean };
    return ctx.store.transact(
      (tx) => removeSource(tx, id, { purge: purge === true }),
      req.principal!.actor,
    );
  },
});
