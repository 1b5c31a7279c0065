/**
 * The records the workflow ledger entries commit to (docs/workflows.md): a workflow version,
 * an agent version, an execution's start and its end. Built the same way by the writer
 * (src/workflows/) and the verifier (record-loaders.ts), like records.ts. JSON columns are
 * stored canonical (JCS), so the text itself is what is committed.
 */

export interface WorkflowRecordFields {
  workflow_id: string;
  name: string;
  version: number;
  document: string;
  added_at: string;
  actor: string;
}

export function workflowRecord(w: WorkflowRecordFields): Record<string, unknown> {
  return {
    workflow_id: w.workflow_id,
    name: w.name,
    version: w.version,
    document: w.document,
    added_at: w.added_at,
    actor: w.actor,
  };
}

export interface AgentRecordFields {
  agent_id: string;
  name: string;
  version: number;
  config: string;
  added_at: string;
  actor: string;
}

export function agentRecord(a: AgentRecordFields): Record<string, unknown> {
  return {
    agent_id: a.agent_id,
    name: a.name,
    version: a.version,
    config: a.config,
    added_at: a.added_at,
    actor: a.actor,
  };
}

export interface ExecutionStartFields {
  execution_id: string;
  workflow_id: string;
  workflow: string;
  agents: string;
  input: string;
  started_at: string;
  started_by: string;
}

export function executionStartRecord(e: ExecutionStartFields): Record<string, unknown> {
  return {
    execution_id: e.execution_id,
    workflow_id: e.workflow_id,
    workflow: e.workflow,
    agents: e.agents,
    input: e.input,
    started_at: e.started_at,
    started_by: e.started_by,
  };
}

export interface ExecutionEndFields {
  execution_id: string;
  status: string;
  result: string | null;
  error: string | null;
  metrics: string | null;
  finished_at: string;
  finished_by: string;
}

export function executionEndRecord(e: ExecutionEndFields): Record<string, unknown> {
  return {
    execution_id: e.execution_id,
    status: e.status,
    result: e.result,
    error: e.error,
    metrics: e.metrics,
    finished_at: e.finished_at,
    finished_by: e.finished_by,
  };
}

/** The ledger kinds, with the row table each one's `present` count is kept under. */
export const WORKFLOW_KINDS = {
  'workflow.added': 'workflows',
  'agent.added': 'agents',
  'execution.started': 'executions',
  'execution.finished': 'executions_finished',
} as const;
