import { getEvent } from '../../../store/events.js';
import { defineRoute, errorAnswer, idParams } from '../../route.js';
import { storedEventSchema } from './schema.js';

export const eventsGetRoute = defineRoute({
  method: 'GET',
  url: '/api/v1/events/:id',
  summary: 'one event by event_id',
  tag: 'events',
  auth: 'read',
  schema: {
    params: idParams,
    response: {
      200: { ...storedEventSchema, description: 'the event' },
      404: errorAnswer('no event with this event_id'),
    },
  },
  handler(req, _reply, ctx) {
    const { id } = req.params as { id: string };
    return ctx.store.read((r) => getEvent(r, id));
  },
});
