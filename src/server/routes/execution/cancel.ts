import { requestCancel } from '../../../workflows/executions.js';
import { waitFor } from '../../../workflows/running.js';
import { defineRoute, errorAnswer, idParams } from '../../route.js';
import { DEFAULT_WAIT_MS, executionSchema, waitQuery } from './schema.js';

export const executionCancelRoute = defineRoute({
  method: 'POST',
  url: '/v1/executions/:id/cancel',
  summary: "cancel a running execution: its agent's processes are ended, status cancelled",
  description:
    'The request is stored, so an execution run by another process on the same store (evid execute) stops too. Answers 200 once it has stopped, 202 if it has not within wait_ms; 409 when it had already finished.',
  tag: 'execution',
  auth: 'ingest',
  schema: {
    params: idParams,
    querystring: waitQuery,
    response: {
      200: executionSchema,
      202: executionSchema,
      404: errorAnswer('no execution with this id'),
      409: errorAnswer('the execution had already finished'),
    },
  },
  async handler(req, reply, ctx) {
    const { id } = req.params as { id: string };
    const { wait_ms: waitMs = DEFAULT_WAIT_MS } = req.query as { wait_ms?: number };
    requestCancel(ctx.store, id, req.principal!.actor);
    const execution = await waitFor(ctx.store, id, waitMs);
    reply.code(execution.finished_at === null ? 202 : 200);
    return execution;
  },
});
