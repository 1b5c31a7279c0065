import { listTraces } from '../../../store/traces.js';
import { windowAndPage, type WindowedPageQuery } from '../../query.js';
import { defineRoute, filterString, listResponse, pageQuery, timeQuery } from '../../route.js';
import { traceSummarySchema } from './schema.js';

interface Query extends WindowedPageQuery {
  session?: string;
  agent?: string;
  framework?: string;
  type?: string;
  q?: string;
}

export const tracesListRoute = defineRoute({
  method: 'GET',
  url: '/api/v1/traces',
  summary: 'list traces, newest first (the filters of `evid traces list`)',
  tag: 'traces',
  auth: 'read',
  schema: {
    querystring: {
      type: 'object',
      additionalProperties: false,
      properties: {
        session: { ...filterString, description: 'session_id' },
        agent: filterString,
        framework: filterString,
        type: { ...filterString, description: 'traces holding an event of this type' },
        q: {
          ...filterString,
          description:
            'text search: trace_id, session_id or agent containing it, or an event whose prompt or completion contains it (case-insensitive for ASCII; `evid traces list --search`)',
        },
        ...timeQuery,
        ...pageQuery,
      },
    },
    response: { 200: listResponse('traces', 'a page of trace summaries', traceSummarySchema) },
  },
  handler(req, _reply, ctx) {
    const q = req.query as Query;
    const filter = {
      session: q.session,
      agent: q.agent,
      framework: q.framework,
      type: q.type,
      search: q.q,
      ...windowAndPage(q),
    };
    return ctx.store.read((r) => listTraces(r, filter));
  },
});
