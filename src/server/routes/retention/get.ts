import { retentionStatus } from '../../../retention/status.js';
import { defineRoute } from '../../route.js';
import { retentionStatusSchema } from './schema.js';

export const retentionGetRoute = defineRoute({
  method: 'GET',
  url: '/api/v1/retention',
  summary:
    'the retention policy and its state (the same document as `evid retention status --json`)',
  tag: 'retention',
  auth: 'read',
  schema: {
    response: { 200: retentionStatusSchema },
  },
  handler(_req, _reply, ctx) {
    return retentionStatus(ctx.store, {
      now: new Date(),
      intervalMs: ctx.app.config.retentionIntervalMs,
    });
  },
});
