import { ulid } from '../ids.js';
import { NotFoundError } from '../errors.js';
import { canonicalize } from '../ledger/jcs.js';
import {
  objectiveSetRecord,
  safetyRunRecord,
  type ObjectiveSetFields,
  type SafetyRunFields,
} from './safety-records.js';
import { formatRunner } from './runner.js';
import type { Reader, Transactor } from './store.js';

/** The session id of a safety run's trace, which holds one event per probe it made. */
export const safetyRunSession = (runId: string): string => `safety:${runId}`;

/**
 * Model analysis runs and alignment objective sets (migration 015). A run is written when
 * it starts (`running`, not yet evidence) and once more when it ends, with its result, in
 * the transaction that ledgers it; a finished run never changes.
 */

export type RunKind = 'model_analysis' | 'alignment_evaluation';

export function createRun(
  tx: Transactor,
  input: { kind: RunKind; model_url: string; request: unknown },
): SafetyRunFields {
  const row: SafetyRunFields = {
    run_id: `${input.kind === 'model_analysis' ? 'ma' : 'ae'}_${ulid()}`,
    kind: input.kind,
    model_url: input.model_url,
    request: canonicalize(input.request),
    status: 'running',
    trace_id: null,
    result: null,
    error: null,
    created_at: tx.now(),
    created_by: tx.actor,
    completed_at: null,
  };
  tx.prepare(
    `INSERT INTO safety_runs (run_id, kind, model_url, request, status, trace_id, result, error,
       created_at, created_by, completed_at, runner)
     VALUES (@run_id, @kind, @model_url, @request, @status, NULL, NULL, NULL, @created_at,
       @created_by, NULL, @runner)`,
  ).run({ ...row, runner: formatRunner() });
  return row;
}

/** Ends a run (done with its result, or failed with the reason) and ledgers it. */
export function completeRun(
  tx: Transactor,
  runId: string,
  outcome: { trace_id: string | null; result?: unknown; error?: string },
): SafetyRunFields {
  const id = (
    tx.prepare('SELECT id FROM safety_runs WHERE run_id = ?').get(runId) as
      { id: number } | undefined
  )?.id;
  if (id === undefined) throw new NotFoundError(`run ${runId} not found`);
  const now = tx.now();
  tx.prepare(
    `UPDATE safety_runs SET status = ?, trace_id = ?, result = ?, error = ?, completed_at = ?
     WHERE id = ?`,
  ).run(
    outcome.error === undefined ? 'done' : 'failed',
    outcome.trace_id,
    outcome.result === undefined ? null : canonicalize(outcome.result),
    outcome.error ?? null,
    now,
    id,
  );
  const row = tx.prepare('SELECT * FROM safety_runs WHERE id = ?').get(id) as SafetyRunFields;
  tx.ledger.append('safety.run.completed', runId, id, safetyRunRecord(row), now);
  return row;
}

export function getRun(r: Reader, runId: string, kind?: RunKind): SafetyRunFields {
  const row = r.prepare('SELECT * FROM safety_runs WHERE run_id = ?').get(runId) as
    SafetyRunFields | undefined;
  if (!row || (kind && row.kind !== kind)) throw new NotFoundError(`run ${runId} not found`);
  return row;
}

export function saveObjectiveSet(
  tx: Transactor,
  input: { request: unknown; objectives: unknown },
): ObjectiveSetFields {
  const row: ObjectiveSetFields = {
    set_id: `ao_${ulid()}`,
    request: canonicalize(input.request),
    objectives: canonicalize(input.objectives),
    created_at: tx.now(),
    created_by: tx.actor,
  };
  const { lastInsertRowid } = tx
    .prepare(
      `INSERT INTO alignment_objectives (set_id, request, objectives, created_at, created_by)
       VALUES (@set_id, @request, @objectives, @created_at, @created_by)`,
    )
    .run(row);
  tx.ledger.append(
    'alignment.objectives',
    row.set_id,
    Number(lastInsertRowid),
    objectiveSetRecord(row),
    row.created_at,
  );
  return row;
}

export function getObjectiveSet(r: Reader, setId: string): ObjectiveSetFields | undefined {
  return r.prepare('SELECT * FROM alignment_objectives WHERE set_id = ?').get(setId) as
    ObjectiveSetFields | undefined;
}
