import { getTrace } from '../../../store/traces.js';
import { defineRoute, errorAnswer, idParams } from '../../route.js';
import { traceDetailSchema } from './schema.js';

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
        ...traceDetailSchema,
        description: 'the trace with its attributes, its events in order, and its findings',
      },
      404: errorAnswer('no trace with this trace_id or session_id'),
    },
  },
  handler(req, _reply, ctx) {
    const { id } = req.params as { id: string };
    return ctx.store.read((r) => getTrace(r, id));
  },
});
