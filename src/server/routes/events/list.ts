import { listEvents } from '../../../store/events.js';
import { windowAndPage, type WindowedPageQuery } from '../../query.js';
import { defineRoute, filterString, listResponse, pageQuery, timeQuery } from '../../route.js';
import { storedEventSchema } from './schema.js';

interface Query extends WindowedPageQuery {
  agent?: string;
  type?: string;
  trace?: string;
}

export const eventsListRoute = defineRoute({
  method: 'GET',
  url: '/api/v1/events',
  summary: 'query events (audit events and the events of traces), newest first',
  tag: 'events',
  auth: 'read',
  schema: {
    querystring: {
      type: 'object',
      additionalProperties: false,
      properties: {
        agent: filterString,
        type: filterString,
        trace: {
          ...filterString,
          description: 'only the events of this trace (trace_id or session_id)',
        },
        ...timeQuery,
        ...pageQuery,
      },
    },
    response: { 200: listResponse('events', 'a page of events', storedEventSchema) },
  },
  handler(req, _reply, ctx) {
    const q = req.query as Query;
    const filter = {
      agent: q.agent,
      type: q.type,
      trace: q.trace,
      ...windowAndPage(q),
    };
    return ctx.store.read((r) => listEvents(r, filter));
  },
});
