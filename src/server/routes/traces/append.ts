import { ValidationError } from '../../../errors.js';
import { appendSessions } from '../../../ingest/append.js';
import { eventSchema } from '../../../ingest/schema.js';
import { getTraceHead } from '../../../store/traces.js';
import { defineRoute, errorAnswer, idParams } from '../../route.js';
import { refusal } from './ingest.js';

export const tracesAppendRoute = defineRoute({
  method: 'POST',
  url: '/api/v1/traces/:id/events',
  summary: 'append events to a trace that grows (id: trace_id or session_id)',
  description:
    'Later events of a known session: validated, run through the detectors, stored and each ledgered, in one transaction; the trace\'s event_count and time range follow. Body `{"events": [...]}` or an array of events. An event whose event_id is already stored is skipped and counted in `duplicates` (a retry adds nothing). 404 for an unknown trace; 503 while the kill switch is active for the trace\'s agent.',
  tag: 'traces',
  auth: 'ingest',
  schema: {
    params: idParams,
    body: { type: ['object', 'array'] },
    response: {
      201: {
        type: 'object',
        description: 'appended',
        additionalProperties: false,
        required: [
          'trace_id',
          'session_id',
          'status',
          'events_ingested',
          'duplicates',
          'findings_generated',
        ],
        properties: {
          trace_id: { type: 'string' },
          session_id: { type: 'string' },
          status: { type: 'string', enum: ['accepted'] },
          events_ingested: { type: 'integer' },
          duplicates: { type: 'integer', description: 'events skipped: their event_id was stored' },
          findings_generated: { type: 'integer' },
        },
      },
      404: errorAnswer('no trace with this trace_id or session_id'),
    },
  },
  docs: {
    body: {
      type: 'object',
      required: ['events'],
      properties: { events: { type: 'array', minItems: 1, items: eventSchema } },
    },
  },
  handler(req, reply, ctx) {
    const { id } = req.params as { id: string };
    const events = Array.isArray(req.body) ? req.body : (req.body as { events?: unknown }).events;
    if (!Array.isArray(events)) {
      throw new ValidationError('events: is required (an array of events)', { field: 'events' });
    }
    const trace = ctx.store.read((r) => getTraceHead(r, id));
    const principal = req.principal!;
    const report = appendSessions(
      ctx.store,
      [
        {
          session_id: trace.session_id,
          agent: trace.agent,
          framework: trace.framework,
          events,
        },
      ],
      {
        source: 'rest',
        actor: principal.actor,
        ...(principal.source ? { sourceId: principal.source } : {}),
      },
    );
    if (report.rejected[0]) throw refusal(report.rejected[0]);
    const { index: _index, created: _created, ...appended } = report.appended[0]!;
    reply.code(201).header('location', `/api/v1/traces/${appended.trace_id}`);
    return appended;
  },
});
