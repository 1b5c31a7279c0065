import { CHANNEL_TYPES, METRICS } from '../../../../safety/monitoring/config.js';
import { createMonitoringSession } from '../../../../safety/monitoring/session.js';
import { defineRoute, orNull } from '../../../route.js';
import { SAFETY_LIMITS, SAFETY_TAG } from '../limits.js';

export const safetyMonitoringSessionRoute = defineRoute({
  method: 'POST',
  url: '/v1/monitoring/session',
  summary: 'start a runtime monitoring session (a trace of source monitoring)',
  description:
    'system_id is the monitored system (recorded as the agent). monitoring_config: metrics (default all), interval (metrics bucket, default 5m), threshold (findings at or above it alert; default 0.7), latency_max (ms) and confidence_min (0..1) for metric alerts. alert_channels: webhook (an http(s) URL; alerts POSTed signed with the signing_secret shown once here) or email (SMTP from EVID_SMTP_*). 201 with the session.',
  tag: SAFETY_TAG,
  auth: 'ingest',
  rateLimit: SAFETY_LIMITS.session,
  schema: {
    body: {
      type: 'object',
      required: ['system_id'],
      properties: {
        system_id: { type: 'string', minLength: 1, maxLength: 256 },
        monitoring_config: {
          type: 'object',
          properties: {
            metrics: { type: 'array', items: { type: 'string', enum: [...METRICS] }, maxItems: 16 },
            interval: { type: 'string', maxLength: 16 },
            threshold: { type: 'number' },
            latency_max: { type: 'number', minimum: 0 },
            confidence_min: { type: 'number' },
          },
          additionalProperties: false,
        },
        alert_channels: {
          type: 'array',
          maxItems: 10,
          items: {
            type: 'object',
            required: ['type', 'destination'],
            properties: {
              type: { type: 'string', enum: [...CHANNEL_TYPES] },
              destination: { type: 'string', minLength: 1, maxLength: 2048 },
            },
            additionalProperties: false,
          },
        },
      },
      additionalProperties: false,
    },
    response: {
      201: {
        type: 'object',
        description: 'the session (a monitoring trace), its configuration with defaults filled in',
        additionalProperties: false,
        required: [
          'session_id',
          'trace_id',
          'system_id',
          'status',
          'created_at',
          'monitoring_config',
          'alert_channels',
        ],
        properties: {
          session_id: { type: 'string', description: 'mon_<ULID>' },
          trace_id: { type: 'string' },
          system_id: { type: 'string' },
          status: { type: 'string', enum: ['active'] },
          created_at: { type: 'string', format: 'date-time' },
          monitoring_config: {
            type: 'object',
            additionalProperties: false,
            required: ['metrics', 'interval', 'threshold', 'latency_max', 'confidence_min'],
            properties: {
              metrics: { type: 'array', items: { type: 'string', enum: [...METRICS] } },
              interval: { type: 'string', description: 'metrics bucket, e.g. 5m' },
              threshold: { type: 'number', description: 'detector threshold for its events' },
              latency_max: orNull('number', 'ms; null: no latency alert'),
              confidence_min: orNull('number', 'null: no confidence alert'),
            },
          },
          alert_channels: {
            type: 'array',
            items: {
              type: 'object',
              additionalProperties: false,
              required: ['channel_id', 'type', 'destination'],
              properties: {
                channel_id: { type: 'string' },
                type: { type: 'string', enum: [...CHANNEL_TYPES] },
                destination: { type: 'string' },
                signing_secret: {
                  type: 'string',
                  description:
                    'webhook channels only, shown this once: HMAC key of X-Evid-Signature',
                },
              },
            },
          },
        },
      },
    },
  },
  handler(req, reply, ctx) {
    const session = createMonitoringSession(
      ctx.store,
      req.body as Parameters<typeof createMonitoringSession>[1],
      { actor: req.principal!.actor, dataDir: ctx.app.config.dataDir, now: ctx.app.clock() },
    );
    return reply.code(201).send(session);
  },
});
