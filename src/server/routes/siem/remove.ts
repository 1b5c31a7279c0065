import { removeSecret } from '../../../siem/secrets.js';
import { removeTarget } from '../../../siem/targets.js';
import { defineRoute, errorAnswer, idParams } from '../../route.js';

export const siemRemoveRoute = defineRoute({
  method: 'DELETE',
  url: '/api/v1/siem/targets/:id',
  summary:
    'remove a SIEM target (admin; ledgered; `evid siem remove`): what is still queued for it stays unsent, its secret file is deleted',
  tag: 'siem',
  auth: 'admin',
  schema: {
    params: idParams,
    response: {
      200: {
        type: 'object',
        description: 'the target removed',
        additionalProperties: false,
        required: ['target_id', 'removed_at', 'undelivered'],
        properties: {
          target_id: { type: 'string' },
          removed_at: { type: 'string' },
          undelivered: {
            type: 'integer',
            description: 'rows still queued for it: kept for verify, never sent',
          },
        },
      },
      404: errorAnswer('no SIEM target with this id (or it was removed)'),
    },
  },
  handler(req, _reply, ctx) {
    const { id } = req.params as { id: string };
    const removed = ctx.store.transact((tx) => removeTarget(tx, id), req.principal!.actor);
    removeSecret(ctx.app.config.dataDir, removed.target_id); // only once the removal committed
    return removed;
  },
});
