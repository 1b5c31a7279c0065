import { getTrace } from '../../../store/traces.js';
import { defineRoute, errorAnswer, idParams } from '../../route.js';

export const tracesGetRoute = defineRoute({
  method: 'GET',
  url: '/api/v1/traces/:id',
  summary: 'one trace with its events and findings (id: trace_id or session_id)',
  tag: 'traces',
  auth: 'read',
  schema: {
    params: idParams,
    response: {
      200: {
        type: 'object',
        description:
          'trace detail: trace_id, status, events, and findings (each as GET /findings lists it: id, type, severity, status, detector, event_id, excerpt, ...)',
      },
      404: errorAnswer('no trace with this trace_id or session_id'),
    },
  },
  handler(req, _reply, ctx) {
    const { id } = req.params as { id: string };
    return ctx.store.read((r) => getTrace(r, id));
  },
});
