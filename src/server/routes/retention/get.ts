import { retentionStatus } from '../../../retention/status.js';
import { defineRoute } from '../../route.js';

export const retentionGetRoute = defineRoute({
  method: 'GET',
  url: '/api/v1/retention',
  summary:
    'the retention policy and its state (the same document as `evid retention status --json`)',
  tag: 'retention',
  auth: 'read',
  schema: {
    response: {
      200: {
        type: 'object',
        description:
          'days, enforce, changed_at/by, storage_used_percent, store_bytes, oldest_record_at, legal_holds, records_purged, last_run_at, next_run_at, warning',
      },
    },
  },
  handler(_req, _reply, ctx) {
    return retentionStatus(ctx.store, {
      now: new Date(),
      intervalMs: ctx.app.config.retentionIntervalMs,
    });
  },
});
