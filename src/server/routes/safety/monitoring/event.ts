import { CHANNEL_TYPES } from '../../../../safety/monitoring/config.js';
import { logMonitoringEvent, type EventRequest } from '../../../../safety/monitoring/event.js';
import { defineRoute } from '../../../route.js';
import { SAFETY_LIMITS, SAFETY_TAG } from '../limits.js';

export const safetyMonitoringEventRoute = defineRoute({
  method: 'POST',
  url: '/v1/monitoring/event',
  summary: 'log an event of a monitoring session; answers with the alerts it triggered',
  description:
    "event_type is free (inference, feedback, ...). For inference events event_data.input and .output are scanned by the detectors (stored as prompt and completion), .latency (milliseconds) and .confidence (0..1) feed metrics and metric alerts; other fields are kept. Alerts are queued for the session's channels in the same transaction and delivered by the outbox (retried with backoff). 201; 404 for an unknown session; 503 while the kill switch stops the system.",
  tag: SAFETY_TAG,
  auth: 'ingest',
  rateLimit: SAFETY_LIMITS.event,
  schema: {
    body: {
      type: 'object',
      required: ['session_id', 'event_type', 'event_data'],
      properties: {
        session_id: { type: 'string', minLength: 1, maxLength: 256 },
        event_type: { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9_.-]{0,127}$' },
        event_data: { type: 'object' },
      },
      additionalProperties: false,
    },
    response: {
      201: {
        type: 'object',
        description: 'logged, with the alerts it raised and the channels told',
        additionalProperties: false,
        required: [
          'status',
          'session_id',
          'event_id',
          'trace_id',
          'findings',
          'alerts',
          'notified',
        ],
        properties: {
          status: { type: 'string', enum: ['logged'] },
          session_id: { type: 'string' },
          event_id: { type: 'string', description: 'mev_<ULID>' },
          trace_id: { type: 'string' },
          findings: { type: 'integer', description: 'findings the detectors made of it' },
          alerts: {
            type: 'array',
            items: {
              type: 'object',
              description:
                'finding alerts carry finding_id, type, score, detector; latency and confidence alerts value and limit',
              additionalProperties: false,
              required: ['alert_id', 'rule', 'severity', 'message', 'event_id', 'at'],
              properties: {
                alert_id: { type: 'string' },
                rule: { type: 'string', enum: ['finding', 'latency', 'confidence'] },
                severity: { type: 'string' },
                message: { type: 'string' },
                event_id: { type: 'string' },
                at: { type: 'string' },
                finding_id: { type: 'string' },
                type: { type: 'string' },
                score: { type: 'number' },
                detector: { type: 'string' },
                value: { type: 'number' },
                limit: { type: 'number' },
              },
            },
          },
          notified: {
            type: 'array',
            description: 'the channels the alerts are queued to (delivered by the outbox)',
            items: {
              type: 'object',
              additionalProperties: false,
              required: ['channel_id', 'type'],
              properties: {
                channel_id: { type: 'string' },
                type: { type: 'string', enum: [...CHANNEL_TYPES] },
              },
            },
          },
        },
      },
    },
  },
  handler(req, reply, ctx) {
    const logged = logMonitoringEvent(ctx.store, req.body as EventRequest, {
      actor: req.principal!.actor,
      now: ctx.app.clock(),
    });
    return reply.code(201).send(logged);
  },
});
