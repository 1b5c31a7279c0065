import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { EvidError } from '../errors.js';
import type { ProgressFn } from '../progress.js';
import { completeRun, createRun, getRun, type RunKind } from '../store/safety-runs.js';
import type { SafetyRunFields } from '../store/safety-records.js';
import type { Store } from '../store/store.js';
import { storeActingAs } from './acting-store.js';
import { prefersAsync, startJob } from './jobs.js';
import type { ServerContext } from './route.js';

/**
 * Model analysis and alignment evaluation runs (docs/safety-models.md "Long runs"). The run
 * row is written before the model is called; the server then waits up to SYNC_WAIT_MS for
 * the run: a run done by then is answered 200 with its result, a longer one 202 with its id
 * and `status_url` to poll (`Prefer: respond-async` asks for the 202 at once, RFC 7240).
 * The run goes on in the background either way; shutdown waits for it.
 */
export const SYNC_WAIT_MS = 20_000;

const STATUS_PATH: Record<RunKind, string> = {
  model_analysis: '/v1/analysis/safety/model',
  alignment_evaluation: '/v1/alignment/evaluate',
};

/** A run as the API shows it: id and status, then its result once done. */
export function showRun(row: SafetyRunFields): Record<string, unknown> {
  const base = {
    id: row.run_id,
    run_id: row.run_id,
    kind: row.kind,
    status: row.status,
    model_url: row.model_url,
    created_at: row.created_at,
    completed_at: row.completed_at,
    status_url: `${STATUS_PATH[row.kind as RunKind]}/${row.run_id}`,
  };
  if (row.status === 'done' && row.result) {
    return { ...base, ...(JSON.parse(row.result) as object), status: row.status, id: row.run_id };
  }
  if (row.status === 'failed') return { ...base, trace_id: row.trace_id, error: row.error };
  return base;
}

export async function startRun(
  ctx: ServerContext,
  req: FastifyRequest,
  reply: FastifyReply,
  spec: {
    kind: RunKind;
    modelUrl: string;
    request: unknown;
    /** The run itself; `progress` before each model call (where a cancel stops it). */
    work: (
      store: Store,
      runId: string,
      progress: ProgressFn,
    ) => Promise<{ trace_id: string | null }>;
  },
): Promise<Record<string, unknown>> {
  const actor = req.principal!.actor;
  const store = storeActingAs(ctx.store, actor);
  const row = store.transact((tx) =>
    createRun(tx, { kind: spec.kind, model_url: spec.modelUrl, request: spec.request }),
  );
  // The run is a job of the one mechanism (jobs.ts) under the run's own id, so
  // GET /api/v1/jobs/{run_id} shows it too; the run row stays what this API answers.
  const { finished } = startJob(ctx, {
    kind: spec.kind,
    owner: req.principal!.id,
    id: row.run_id,
    log: req.log,
    outcome: (final: SafetyRunFields) => ({ url: showRun(final).status_url as string }),
    // Cancelled before it started (no lane: only in the instant before it starts): the row
    // ends failed, as a cancelled running run's does through the catch below.
    cancelQueued: () =>
      store.transact((tx) =>
        completeRun(tx, row.run_id, { trace_id: null, error: `run ${row.run_id} was cancelled` }),
      ),
    run: async (progress) => {
      try {
        const result = await spec.work(store, row.run_id, progress);
        return store.transact((tx) =>
          completeRun(tx, row.run_id, { trace_id: result.trace_id, result }),
        );
      } catch (err) {
        req.log.warn({ err, run_id: row.run_id }, 'safety run failed');
        // A run that reached the model keeps the trace of its attempts (UpstreamError).
        const traceId = err instanceof EvidError ? err.details?.trace_id : undefined;
        store.transact((tx) =>
          completeRun(tx, row.run_id, {
            trace_id: typeof traceId === 'string' ? traceId : null,
            error: (err as Error).message,
          }),
        );
        throw err;
      }
    },
  });
  const job = finished.then(
    (final) => final,
    (err: unknown) => {
      // A failed run is answered from its row; if even the failure could not be written
      // (the store went away) it is logged and answered 202.
      try {
        return store.read((r) => getRun(r, row.run_id, spec.kind));
      } catch {
        req.log.error({ err, run_id: row.run_id }, 'safety run could not be completed');
        return undefined;
      }
    },
  );
  const asyncOnly = prefersAsync(req.headers.prefer);
  const abort = new AbortController();
  const done = asyncOnly
    ? undefined
    : await Promise.race([
        job,
        sleep(SYNC_WAIT_MS, undefined, { signal: abort.signal }).catch(() => undefined),
      ]);
  abort.abort();
  if (done) return showRun(done);
  const shown = showRun(row);
  reply.code(202).header('location', shown.status_url as string);
  return shown;
}
