import { ConflictError, NotFoundError } from '../errors.js';
import { canonicalize } from '../ledger/jcs.js';
import { formatRunner } from '../store/runner.js';
import type { Reader, Store, Transactor } from '../store/store.js';
import { executionEndRecord, executionStartRecord } from '../store/workflow-records.js';

/** Execution rows: a ledgered start, a ledgered end; status moves in between. */

export const EXECUTION_STATUSES = [
  'queued',
  'running',
  'succeeded',
  'failed',
  'cancelled',
  'blocked',
] as const;
export type ExecutionStatus = (typeof EXECUTION_STATUSES)[number];
export type FinalStatus = Exclude<ExecutionStatus, 'queued' | 'running'>;

export interface ExecutionMetrics {
  duration_ms: number;
  steps: number;
  tokens: number;
  /** USD, when every model call reported one; null when unknown. */
  cost: number | null;
}

export interface Execution {
  execution_id: string;
  workflow: string;
  workflow_id: string;
  status: ExecutionStatus;
  input: unknown;
  agents: string[];
  result: unknown;
  error: string | null;
  metrics: ExecutionMetrics | null;
  /** The trace holding the execution's events (null before its first event). */
  trace_id: string | null;
  started_at: string;
  started_by: string;
  finished_at: string | null;
}

interface Row {
  id: number;
  execution_id: string;
  workflow_id: string;
  workflow: string;
  agents: string;
  input: string;
  started_at: string;
  started_by: string;
  status: ExecutionStatus;
  result: string | null;
  error: string | null;
  metrics: string | null;
  finished_at: string | null;
  cancel_requested_at: string | null;
  cancel_requested_by: string | null;
  trace_id: string | null;
}

const toExecution = (row: Row): Execution => ({
  execution_id: row.execution_id,
  workflow: row.workflow,
  workflow_id: row.workflow_id,
  status: row.status,
  input: JSON.parse(row.input) as unknown,
  agents: JSON.parse(row.agents) as string[],
  result: row.result === null ? null : (JSON.parse(row.result) as unknown),
  error: row.error,
  metrics: row.metrics === null ? null : (JSON.parse(row.metrics) as ExecutionMetrics),
  trace_id: row.trace_id,
  started_at: row.started_at,
  started_by: row.started_by,
  finished_at: row.finished_at,
});

const SELECT = `SELECT x.*, t.trace_id AS trace_id FROM executions x
  LEFT JOIN traces t ON t.session_id = x.execution_id`;

export function startExecution(
  store: Store,
  fields: {
    execution_id: string;
    workflow_id: string;
    workflow: string;
    agents: string[];
    input: unknown;
  },
  actor: string,
  assertOpen: (r: Reader) => void,
): void {
  store.transact((tx) => {
    assertOpen(tx);
    const row = {
      ...fields,
      agents: canonicalize(fields.agents),
      input: canonicalize(fields.input),
      started_at: tx.now(),
      started_by: tx.actor,
    };
    const { lastInsertRowid } = tx
      .prepare(
        `INSERT INTO executions (execution_id, workflow_id, workflow, agents, input, started_at, started_by, status, runner)
         VALUES (@execution_id, @workflow_id, @workflow, @agents, @input, @started_at, @started_by, 'running', @runner)`,
      )
      .run({ ...row, runner: formatRunner() });
    tx.ledger.append(
      'execution.started',
      row.execution_id,
      Number(lastInsertRowid),
      executionStartRecord(row),
      row.started_at,
    );
  }, actor);
}

export function finishExecution(
  store: Store,
  executionId: string,
  end: ExecutionEnd,
  actor: string,
): void {
  store.transact((tx) => endExecution(tx, executionId, end), actor);
}

export interface ExecutionEnd {
  status: FinalStatus;
  result: unknown;
  error: string | null;
  metrics: ExecutionMetrics;
}

/** Records the end once (ledgered `execution.finished`); false if it already has one. */
export function endExecution(tx: Transactor, executionId: string, end: ExecutionEnd): boolean {
  const row = tx
    .prepare('SELECT id, finished_at FROM executions WHERE execution_id = ?')
    .get(executionId) as { id: number; finished_at: string | null } | undefined;
  if (!row || row.finished_at !== null) return false;
  const fields = {
    execution_id: executionId,
    status: end.status,
    result: end.result === undefined || end.result === null ? null : canonicalize(end.result),
    error: end.error,
    metrics: canonicalize(end.metrics),
    finished_at: tx.now(),
    finished_by: tx.actor,
  };
  tx.prepare(
    `UPDATE executions SET status = @status, result = @result, error = @error, metrics = @metrics,
       finished_at = @finished_at, finished_by = @finished_by WHERE execution_id = @execution_id`,
  ).run(fields);
  tx.ledger.append(
    'execution.finished',
    executionId,
    row.id,
    executionEndRecord(fields),
    fields.finished_at,
  );
  return true;
}

export function getExecution(r: Reader, id: string): Execution {
  const row = r.prepare(`${SELECT} WHERE x.execution_id = ?`).get(id) as Row | undefined;
  if (!row) throw new NotFoundError(`execution not found: ${id}`, { field: 'id' });
  return toExecution(row);
}

/** Who asked to cancel a running execution, if anyone (the runner polls this). */
export function cancelRequest(r: Reader, id: string): string | null {
  const row = r
    .prepare(
      'SELECT cancel_requested_by FROM executions WHERE execution_id = ? AND cancel_requested_at IS NOT NULL',
    )
    .get(id) as { cancel_requested_by: string } | undefined;
  return row ? row.cancel_requested_by : null;
}

/**
 * Asks the process running the execution to stop it (it may be another process: the flag
 * is in the store, which every runner polls). 409 when it has already finished.
 */
export function requestCancel(store: Store, id: string, actor: string): Execution {
  store.transact((tx) => {
    const current = getExecution(tx, id);
    if (current.finished_at !== null) {
      throw new ConflictError(`execution ${id} already finished (${current.status})`, {
        status: current.status,
      });
    }
    tx.prepare(
      `UPDATE executions SET cancel_requested_at = COALESCE(cancel_requested_at, ?),
         cancel_requested_by = COALESCE(cancel_requested_by, ?) WHERE execution_id = ?`,
    ).run(tx.now(), tx.actor, id);
  }, actor);
  return store.read((r) => getExecution(r, id));
}
