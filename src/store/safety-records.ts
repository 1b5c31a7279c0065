/**
 * Digested records of model analysis and alignment (migration 015): what each ledger entry
 * commits to, built the same way by the writer and by `audit verify`'s loaders.
 */

/** A finished model analysis or alignment evaluation (`safety.run.completed`). */
export interface SafetyRunFields {
  run_id: string;
  kind: string;
  model_url: string;
  request: string;
  status: string;
  trace_id: string | null;
  result: string | null;
  error: string | null;
  created_at: string;
  created_by: string;
  completed_at: string | null;
}

export function safetyRunRecord(r: SafetyRunFields): Record<string, unknown> {
  return {
    run_id: r.run_id,
    kind: r.kind,
    model_url: r.model_url,
    request: r.request,
    status: r.status,
    trace_id: r.trace_id,
    result: r.result,
    error: r.error,
    created_at: r.created_at,
    created_by: r.created_by,
    completed_at: r.completed_at,
  };
}

/** A set of processed alignment objectives (`alignment.objectives`). */
export interface ObjectiveSetFields {
  set_id: string;
  request: string;
  objectives: string;
  created_at: string;
  created_by: string;
}

export function objectiveSetRecord(r: ObjectiveSetFields): Record<string, unknown> {
  return {
    set_id: r.set_id,
    request: r.request,
    objectives: r.objectives,
    created_at: r.created_at,
    created_by: r.created_by,
  };
}
