import { METRICS } from '../../../../safety/monitoring/config.js';
import { monitoringMetrics, type MetricsRequest } from '../../../../safety/monitoring/metrics.js';
import { defineRoute } from '../../../route.js';
import { SAFETY_LIMITS, SAFETY_TAG } from '../limits.js';

export const safetyMonitoringMetricsRoute = defineRoute({
  method: 'GET',
  url: '/v1/monitoring/metrics',
  summary: "a monitoring session's metrics per interval bucket",
  description: `metrics: comma-separated, of ${METRICS.join(', ')} (default: the session's). time_range: how far back from now, a number and s, m, h or d (default 24h). Buckets are the session's interval; at most 2000.`,
  tag: SAFETY_TAG,
  auth: 'read',
  rateLimit: SAFETY_LIMITS.metrics,
  schema: {
    querystring: {
      type: 'object',
      required: ['session_id'],
      properties: {
        session_id: { type: 'string', minLength: 1, maxLength: 256 },
        metrics: { type: 'string', maxLength: 512 },
        time_range: { type: 'string', maxLength: 16 },
      },
    },
    response: {
      200: {
        type: 'object',
        required: ['session_id', 'interval', 'metrics'],
        properties: {
          session_id: { type: 'string' },
          system_id: { type: 'string' },
          interval: { type: 'string' },
          time_range: { type: 'string' },
          from: { type: 'string', format: 'date-time' },
          to: { type: 'string', format: 'date-time' },
          metrics: {
            type: 'object',
            additionalProperties: {
              type: 'array',
              items: {
                type: 'object',
                properties: {
                  timestamp: { type: 'string', format: 'date-time' },
                  value: { type: ['number', 'null'] },
                },
              },
            },
          },
        },
      },
    },
  },
  handler(req, _reply, ctx) {
    const now = ctx.app.clock();
    return ctx.store.read((r) => monitoringMetrics(r, req.query as MetricsRequest, now));
  },
});
