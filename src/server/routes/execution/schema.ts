import { EXECUTION_STATUSES } from '../../../workflows/executions.js';

/** Answer schemas of the execution interface (seed 000), shared by its routes. */

const json = {} as const;

export const executionSchema = {
  type: 'object',
  required: ['execution_id', 'status', 'result', 'metrics'],
  properties: {
    execution_id: { type: 'string' },
    status: { type: 'string', enum: [...EXECUTION_STATUSES] },
    result: {
      description: "the workflow's output (null until it succeeds; blocked: the step and findings)",
      ...json,
    },
    metrics: {
      type: ['object', 'null'],
      properties: {
        duration_ms: { type: 'integer' },
        steps: { type: 'integer', description: 'steps completed' },
        tokens: { type: 'integer' },
        cost: { type: ['number', 'null'], description: 'USD when every model call reported one' },
      },
    },
    workflow: { type: 'string' },
    workflow_id: { type: 'string' },
    agents: { type: 'array', items: { type: 'string' } },
    input: { type: 'object', additionalProperties: true },
    error: { type: ['string', 'null'] },
    trace_id: { type: ['string', 'null'], description: 'the trace holding its events' },
    started_at: { type: 'string' },
    started_by: { type: 'string' },
    finished_at: { type: ['string', 'null'] },
  },
} as const;

const agentProperties = {
  name: { type: 'string' },
  type: { type: 'string', enum: ['command', 'http'] },
  description: { type: 'string' },
  capabilities: { type: 'array', items: { type: 'string' } },
  timeout_ms: { type: 'integer' },
} as const;

export const agentSchema = {
  type: 'object',
  required: ['agent_id', 'name', 'version', 'type', 'capabilities', 'configuration'],
  properties: {
    agent_id: { type: 'string' },
    name: { type: 'string' },
    version: { type: 'integer' },
    type: agentProperties.type,
    description: { type: 'string' },
    capabilities: agentProperties.capabilities,
    configuration: {
      type: 'object',
      additionalProperties: true,
      description: 'command, cwd, env allow-list (names only) or url, protocol, model',
    },
    added_at: { type: 'string' },
    actor: { type: 'string' },
  },
} as const;

export const workflowSchema = {
  type: 'object',
  required: ['workflow_id', 'name', 'version', 'configuration'],
  properties: {
    workflow_id: { type: 'string' },
    name: { type: 'string' },
    version: { type: 'integer' },
    description: { type: 'string' },
    agents: { type: 'array', items: { type: 'string' }, description: 'its default agents' },
    configuration: {
      type: 'object',
      additionalProperties: true,
      description: 'steps, output, limits, block_severity, as registered',
    },
    added_at: { type: 'string' },
    actor: { type: 'string' },
  },
} as const;

export const waitQuery = {
  type: 'object',
  properties: {
    wait_ms: {
      type: 'integer',
      minimum: 0,
      maximum: 600000,
      description: 'how long to wait for the end before answering 202 running (default 30000)',
    },
  },
} as const;

export const DEFAULT_WAIT_MS = 30_000;
