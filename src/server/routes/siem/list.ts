import { targetStatuses } from '../../../siem/status.js';
import { defineRoute } from '../../route.js';

export const siemListRoute = defineRoute({
  method: 'GET',
  url: '/api/v1/siem/targets',
  summary:
    'SIEM targets and monitoring alert channels with their delivery state; secrets as **** (read; `evid siem list`, `evid siem status`)',
  tag: 'siem',
  auth: 'read',
  schema: {
    response: {
      200: {
        type: 'object',
        description:
          '{targets: [{target_id, kind, endpoint, options, events, secret, created_at, created_by, state (idle, sending, error), last_event_at, forwarded_count, error_count, queue_depth, last_error, last_error_at, next_attempt_at}]}',
      },
    },
  },
  handler(_req, _reply, ctx) {
    return { targets: ctx.store.read((r) => targetStatuses(r)) };
  },
});
