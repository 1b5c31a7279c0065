import type { FastifyBaseLogger } from 'fastify';
import { STATUS_CODES } from 'node:http';
import {
  ConflictError,
  EvidError,
  JobCancelledError,
  NotFoundError,
  UpstreamError,
} from '../errors.js';
import { ulid } from '../ids.js';
import type { ProgressFn } from '../progress.js';
import type { ServerContext } from './route.js';

/**
 * The one background job mechanism of the server (docs/server.md "Jobs"): report generation,
 * pack builds, ledger verify runs and the safety API's long runs all start here. A job is
 * registered `queued` before the request is answered, runs (one at a time per `lane`
 * when given: a report reads the whole ledger, one at a time keeps the server answering),
 * reports progress, and ends `done` with a result or `failed` with an error body.
 * GET /api/v1/jobs/{id} shows it to the principal that started it (or an admin).
 *
 * Cancelling (cancelJob) has one mechanism: a queued job is `cancelled` at once and its run
 * never starts; a running job's progress listener throws JobCancelledError at the run's
 * next report, so the run unwinds through the error path it already has (temp files
 * removed, its row marked failed) and the job ends `cancelled`.
 *
 * Jobs live in memory: what they produce (reports, packs, safety runs) is in the store,
 * and a restarted server has no running jobs. Nor has its store: a job row whose process
 * died (kill -9, OOM) is ended `failed` (interrupted) when a server starts and every
 * minute while it runs (src/recovery/interrupted.ts), so its own status URL reaches an
 * end; GET /api/v1/jobs/{id} of an earlier server's job is 404 (docs/server.md
 * "Interrupted work"). The newest KEEP_FINISHED finished jobs stay readable; shutdown
 * waits for running ones (ServerContext.background).
 */
export type JobState = 'queued' | 'running' | 'done' | 'failed' | 'cancelled';
export const JOB_STATES: readonly JobState[] = ['queued', 'running', 'done', 'failed', 'cancelled'];

export interface JobProgress {
  done: number;
  total: number;
  phase: string;
}

export interface Job {
  id: string;
  kind: string;
  /** The principal id (`ak_...`, `usr_...`) that started it: only it (or an admin) reads it. */
  owner: string;
  state: JobState;
  progress: JobProgress;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  /** Where the outcome is (a download, a report's or run's own status URL), once done. */
  result_url: string | null;
  /** The outcome's body when it has no URL of its own (a verify run's verdict). */
  result: unknown;
  /** The REST error body's `error` member of a failed or cancelled job. */
  error: Record<string, unknown> | null;
  /** Someone asked to cancel it: a running job stops at its run's next progress report. */
  cancel_requested: boolean;
}

export interface JobSpec<T> {
  kind: string;
  owner: string;
  /** Reuse the domain's id (a report or safety run id); default a new `job_<ULID>`. */
  id?: string;
  /** Jobs of one lane run one at a time, in order; without a lane a job starts at once. */
  lane?: string;
  log: FastifyBaseLogger;
  run: (progress: ProgressFn) => Promise<T>;
  /** The job's result_url and inline result from what run() returned. */
  outcome?: (value: T) => { url?: string | null; body?: unknown };
  /**
   * For a job cancelled while queued, whose run never starts: undo what the request did
   * before queueing it (a report's or safety run's row, left `queued` otherwise).
   */
  cancelQueued?: () => void;
}

export const JOB_ID = /^[A-Za-z0-9_-]{1,64}$/;
const KEEP_FINISHED = 500;

interface Registry {
  jobs: Map<string, Job>;
  lanes: Map<string, Promise<unknown>>;
}
const registries = new WeakMap<ServerContext, Registry>();
/** Each queued job's cancelQueued, wrapped so that a failure is logged, not thrown. */
const queuedUndo = new WeakMap<Job, () => void>();

function registry(ctx: ServerContext): Registry {
  let reg = registries.get(ctx);
  if (!reg) {
    reg = { jobs: new Map(), lanes: new Map() };
    registries.set(ctx, reg);
  }
  return reg;
}

/**
 * Registers and starts a job. `finished` settles with run()'s value or its error (callers
 * that answer synchronously await it; nobody else has to: a rejection is already handled).
 */
export function startJob<T>(
  ctx: ServerContext,
  spec: JobSpec<T>,
): { job: Job; finished: Promise<T> } {
  const reg = registry(ctx);
  const job: Job = {
    id: spec.id ?? `job_${ulid()}`,
    kind: spec.kind,
    owner: spec.owner,
    state: 'queued',
    progress: { done: 0, total: 0, phase: 'queued' },
    created_at: new Date().toISOString(),
    started_at: null,
    finished_at: null,
    result_url: null,
    result: null,
    error: null,
    cancel_requested: false,
  };
  reg.jobs.set(job.id, job);
  const { cancelQueued } = spec;
  if (cancelQueued) {
    queuedUndo.set(job, () => {
      try {
        cancelQueued();
      } catch (err) {
        spec.log.error({ err, job_id: job.id, kind: job.kind }, 'cancelled job not undone');
      }
    });
  }
  const onProgress: ProgressFn = (done, total, phase) => {
    job.progress = { done, total, phase };
    // Every run reports here, so a cancel is delivered here. A report saying the work is
    // complete (done == total) does not throw: the outcome exists, maybe ledgered, by then.
    if (job.cancel_requested && done < total) {
      throw new JobCancelledError(`job ${job.id} was cancelled`, { job_id: job.id });
    }
  };
  const execute = async (): Promise<T> => {
    // Cancelled while queued: the run never starts, and the lane moves on to the next job.
    if (job.state === 'cancelled') throw cancelledBeforeRun(job);
    queuedUndo.delete(job);
    job.state = 'running';
    job.started_at = new Date().toISOString();
    try {
      const value = await spec.run(onProgress);
      const out = spec.outcome?.(value) ?? {};
      job.result_url = out.url ?? null;
      job.result = out.body ?? null;
      job.state = 'done';
      if (job.progress.total === 0) job.progress = { done: 1, total: 1, phase: 'done' };
      return value;
    } catch (err) {
      const cancelled = job.cancel_requested && err instanceof JobCancelledError;
      job.state = cancelled ? 'cancelled' : 'failed';
      job.error = jobError(err);
      if (cancelled) spec.log.info({ job_id: job.id, kind: job.kind }, 'job cancelled');
      else spec.log.warn({ err, job_id: job.id, kind: job.kind }, 'job failed');
      throw err;
    } finally {
      job.finished_at = new Date().toISOString();
      forgetOldJobs(reg);
    }
  };
  const before = spec.lane ? (reg.lanes.get(spec.lane) ?? Promise.resolve()) : Promise.resolve();
  const finished = before.then(execute);
  const settled = finished.catch(() => undefined);
  if (spec.lane) reg.lanes.set(spec.lane, settled);
  ctx.background.add(settled);
  void settled.finally(() => ctx.background.delete(settled));
  return { job, finished };
}

/** The job, or undefined when unknown or not `principal`'s to see. */
export function findJob(
  ctx: ServerContext,
  id: string,
  principal: { id: string; role: string | undefined },
): Job | undefined {
  const job = registry(ctx).jobs.get(id);
  if (!job) return undefined;
  return job.owner === principal.id || principal.role === 'admin' ? job : undefined;
}

/**
 * Cancels a job `principal` may see (else NotFoundError, as GET answers): a queued one is
 * `cancelled` at once (its cancelQueued undone, its run never started); a running one is
 * marked cancel_requested and stops at its next progress report. A finished job is a
 * ConflictError naming its state. Asking again for a running job changes nothing.
 */
export function cancelJob(
  ctx: ServerContext,
  id: string,
  principal: { id: string; role: string | undefined },
): Job {
  const job = findJob(ctx, id, principal);
  if (!job) throw new NotFoundError(`job ${id} not found`, { job_id: id });
  if (job.state !== 'queued' && job.state !== 'running') {
    throw new ConflictError(
      `job ${id} is already ${job.state}: only a queued or running job can be cancelled`,
      {
        job_id: id,
        state: job.state,
      },
    );
  }
  job.cancel_requested = true;
  if (job.state === 'queued') {
    job.state = 'cancelled';
    job.error = jobError(cancelledBeforeRun(job));
    job.finished_at = new Date().toISOString();
    queuedUndo.get(job)?.();
    queuedUndo.delete(job);
    forgetOldJobs(registry(ctx));
  }
  return job;
}

const cancelledBeforeRun = (job: Job): JobCancelledError =>
  new JobCancelledError(`job ${job.id} was cancelled before it ran`, { job_id: job.id });

/** The jobs `principal` may see (all for an admin), newest first, filtered, one page. */
export function listJobs(
  ctx: ServerContext,
  principal: { id: string; role: string | undefined },
  filter: { state?: string | undefined; kind?: string | undefined },
  page: { limit: number; offset: number },
): { jobs: Record<string, unknown>[]; total: number } {
  const seen = [...registry(ctx).jobs.values()].filter(
    (job) =>
      (job.owner === principal.id || principal.role === 'admin') &&
      (filter.state === undefined || job.state === filter.state) &&
      (filter.kind === undefined || job.kind === filter.kind),
  );
  // Insertion order is creation order: newest first is the reverse.
  seen.reverse();
  return {
    jobs: seen.slice(page.offset, page.offset + page.limit).map(showJob),
    total: seen.length,
  };
}

/** A job as the API shows it (the owner stays inside: it names a credential). */
export function showJob(job: Job): Record<string, unknown> {
  const { owner: _owner, ...shown } = job;
  return { ...shown, status_url: jobUrl(job.id) };
}

export const jobUrl = (id: string): string => `/api/v1/jobs/${id}`;

/** `Prefer: respond-async` (RFC 7240): the client wants the 202 and a job to poll. */
export const prefersAsync = (prefer: unknown): boolean =>
  /\brespond-async\b/i.test(String(prefer ?? ''));

/** The error member of the REST error body, without request details (they are the job's). */
function jobError(err: unknown): Record<string, unknown> {
  // An upstream's failure (a model under test that answered nothing) is the user's to read,
  // like a client error: its message names the upstream's own error, not a server fault.
  if (err instanceof EvidError && (err.httpStatus < 500 || err instanceof UpstreamError)) {
    const field = err.details?.field;
    return {
      code: err.httpStatus,
      message: STATUS_CODES[err.httpStatus] ?? 'Error',
      type: err.code,
      details: err.message,
      ...(typeof field === 'string' ? { field } : {}),
    };
  }
  // As for a 500 answer: the cause stays in the server log (logged above with the job id).
  return {
    code: 500,
    message: STATUS_CODES[500],
    type: 'internal',
    details: 'the job failed; see the server log',
  };
}

function forgetOldJobs(reg: Registry): void {
  let finished = 0;
  for (const job of reg.jobs.values()) if (job.finished_at) finished++;
  if (finished <= KEEP_FINISHED) return;
  // Map order is insertion order: the oldest first.
  for (const [id, job] of reg.jobs) {
    if (finished <= KEEP_FINISHED) break;
    if (job.finished_at) {
      reg.jobs.delete(id);
      finished--;
    }
  }
}
