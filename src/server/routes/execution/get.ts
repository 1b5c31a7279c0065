import { getExecution } from '../../../workflows/executions.js';
import { defineRoute, errorAnswer, idParams } from '../../route.js';
import { executionSchema } from './schema.js';

export const executionGetRoute = defineRoute({
  method: 'GET',
  url: '/v1/executions/:id',
  summary: 'status, result and metrics of an execution (poll a long-running one)',
  tag: 'execution',
  auth: 'read',
  schema: {
    params: idParams,
    response: { 200: executionSchema, 404: errorAnswer('no execution with this id') },
  },
  handler(req, _reply, ctx) {
    const { id } = req.params as { id: string };
    return ctx.store.read((r) => getExecution(r, id));
  },
});
