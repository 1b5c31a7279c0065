import { auditEventsRequestSchema, ingestAuditEvents } from '../../../ingest/audit-events.js';
import { defineRoute } from '../../route.js';

export const eventsIngestRoute = defineRoute({
  method: 'POST',
  url: '/api/v1/events',
  summary: 'ingest one audit event or an array of them (all or none)',
  description:
    'Each event needs agent and type; timestamp defaults to the time of intake. Stored in the same events table as trace events (with no trace) and ledgered. 409 for an event_id already ingested; 503 while the kill switch is active for an agent of the request.',
  tag: 'events',
  auth: 'ingest',
  // Validated by the domain, which names the field of the bad item (`[3].agent`).
  schema: {
    body: { type: ['object', 'array'] },
    response: {
      201: {
        type: 'object',
        description: 'accepted',
        additionalProperties: false,
        required: ['status', 'events_ingested', 'findings_generated', 'events'],
        properties: {
          status: { type: 'string', enum: ['accepted'] },
          events_ingested: { type: 'integer' },
          findings_generated: { type: 'integer' },
          events: {
            type: 'array',
            description: 'each stored event, in request order',
            items: {
              type: 'object',
              additionalProperties: false,
              required: ['event_id', 'agent', 'type', 'timestamp'],
              properties: {
                event_id: { type: 'string' },
                agent: { type: 'string' },
                type: { type: 'string' },
                timestamp: { type: 'string' },
              },
            },
          },
        },
      },
    },
  },
  docs: { body: auditEventsRequestSchema },
  handler(req, reply, ctx) {
    const result = ingestAuditEvents(ctx.store, req.body, { actor: req.principal!.actor });
    reply.code(201);
    return result;
  },
});
