import { startRun } from '../../../workflows/runner.js';
import { trackRun, waitFor } from '../../../workflows/running.js';
import { defineRoute } from '../../route.js';
import { DEFAULT_WAIT_MS, executionSchema, waitQuery } from './schema.js';

export const executeRoute = defineRoute({
  method: 'POST',
  url: '/v1/execute',
  summary: 'run a registered workflow; its execution is recorded as a trace, step by step',
  description:
    "Runs the workflow with the input (agents: use these registered agents instead of the steps' own, matched by name then capability). Answers 200 with the finished execution, or 202 with status running when it takes longer than wait_ms; poll GET /v1/executions/{id}. Each step's input, model calls, tool calls and output are events of the trace (source execution) run through the detectors; a step whose input has a finding at or above the workflow's block_severity ends it as blocked. 503 while the kill switch is active for the workflow or one of its agents.",
  tag: 'execution',
  auth: 'ingest',
  schema: {
    querystring: waitQuery,
    body: {
      type: 'object',
      required: ['workflow', 'input'],
      additionalProperties: false,
      properties: {
        workflow: {
          type: 'string',
          minLength: 1,
          maxLength: 256,
          description: 'name or workflow_id',
        },
        input: {
          type: 'object',
          additionalProperties: true,
          description: 'input data for the workflow',
        },
        agents: {
          type: 'array',
          maxItems: 100,
          items: { type: 'string', minLength: 1, maxLength: 256 },
          description: "specific agents to use; default: the workflow's own",
        },
      },
    },
    response: { 200: executionSchema, 202: executionSchema },
  },
  async handler(req, reply, ctx) {
    const body = req.body as { workflow: string; input: object; agents?: string[] };
    const { wait_ms: waitMs = DEFAULT_WAIT_MS } = req.query as { wait_ms?: number };
    const handle = startRun(ctx.store, body, req.principal!.actor);
    trackRun(handle, ctx.background);
    const execution = await waitFor(ctx.store, handle.execution_id, waitMs);
    reply.code(execution.finished_at === null ? 202 : 200);
    reply.header('location', `/v1/executions/${execution.execution_id}`);
    return execution;
  },
});
