import { useEffect, useState } from 'preact/hooks';
import { api, ApiError } from './api';
import { canCancelJob, useUser } from './session';
import { Badge } from './ui';

/** A background job as GET /api/v1/jobs/{id} shows it (docs/server.md "Jobs"). */
export interface Job<R = unknown> {
  id: string;
  kind: string;
  state: 'queued' | 'running' | 'done' | 'failed' | 'cancelled';
  progress: { done: number; total: number; phase: string };
  result_url: string | null;
  result: R | null;
  error: { details?: string } | null;
  cancel_requested: boolean;
}

/** What useJob gives a page: the job it follows, and the means to start and cancel one. */
export interface JobRun<R = unknown> {
  job: Job<R> | undefined;
  error: string | undefined;
  busy: boolean;
  /** The user asked to cancel this job: the answer may not have reached a poll yet. */
  cancelling: boolean;
  start: (begin: () => Promise<string>) => Promise<void>;
  cancel: () => Promise<void>;
}

const POLL_MS = 400;

/** A job in one of these states has ended: polling stops. */
const ended = (job: Job): boolean =>
  job.state === 'done' || job.state === 'failed' || job.state === 'cancelled';

const message = (err: unknown): string => (err instanceof ApiError ? err.message : String(err));

/**
 * Starts jobs and follows one: start() takes the job id from whatever started it, then
 * the job is polled until it is done, failed or cancelled. cancel() asks the server to stop
 * it (POST /jobs/{id}/cancel); a running job ends `cancelled` at its next progress report,
 * which the polling sees. The page renders <JobProgress run={...}> and the outcome from
 * job.result_url / job.result.
 */
export function useJob<R = unknown>(): JobRun<R> {
  const [job, setJob] = useState<Job<R>>();
  const [error, setError] = useState<string>();
  const [starting, setStarting] = useState(false);
  // The id of the job the user asked to cancel: a poll answered before the cancel landed
  // still says cancel_requested false, and must not offer the button again.
  const [cancelAsked, setCancelAsked] = useState<string>();
  useEffect(() => {
    if (!job || ended(job)) return;
    const t = setTimeout(() => {
      api<Job<R>>(`/jobs/${job.id}`).then(setJob, (err: unknown) => setError(message(err)));
    }, POLL_MS);
    return () => clearTimeout(t);
  }, [job]);
  const start = async (begin: () => Promise<string>) => {
    setError(undefined);
    setJob(undefined);
    setStarting(true);
    try {
      const id = await begin();
      setJob(await api<Job<R>>(`/jobs/${id}`));
    } catch (err) {
      setError(message(err));
    } finally {
      setStarting(false);
    }
  };
  const cancel = async () => {
    if (!job || ended(job)) return;
    const id = job.id;
    setCancelAsked(id);
    try {
      setJob(await api<Job<R>>(`/jobs/${id}/cancel`, { method: 'POST' }));
    } catch (err) {
      // 409: the job ended before the cancel came (done, failed or cancelled). Nothing
      // went wrong for the user: show the job as it ended.
      if (err instanceof ApiError && err.status === 409) {
        api<Job<R>>(`/jobs/${id}`).then(setJob, (e: unknown) => setError(message(e)));
      } else {
        setCancelAsked(undefined);
        setError(message(err));
      }
    }
  };
  const running = Boolean(job && !ended(job));
  return {
    job,
    // A cancelled job is not an error: <JobProgress> says "Cancelled".
    error: error ?? (job?.state === 'failed' ? jobError(job) : undefined),
    busy: starting || running,
    cancelling: Boolean(job && (job.cancel_requested || cancelAsked === job.id)),
    start,
    cancel,
  };
}

const jobError = (job: Job): string => job.error?.details ?? `${job.kind} ${job.state}`;

/** POSTs asking for a job (Prefer: respond-async) and answers its id. */
export async function startAsync(path: string, body?: unknown): Promise<string> {
  const job = await api<{ id: string }>(path, {
    method: 'POST',
    body,
    headers: { prefer: 'respond-async' },
  });
  return job.id;
}

/**
 * A real progress bar over a job, with an accessible name and the step in words, and a
 * Cancel button while the job is queued or running. A done job keeps its full bar beside
 * the outcome, so the finished state reads as finished; a cancelled one says so.
 */
export function JobProgress({ run, label }: { run: JobRun<unknown>; label: string }) {
  // useJob follows only the job its own start() asked for, so the signed-in user is the
  // job's starter, whom the server lets cancel it whatever the role.
  const mayCancel = canCancelJob(useUser(), true);
  const { job, cancelling } = run;
  if (!job || job.state === 'failed') return null;
  if (job.state === 'cancelled')
    return (
      <span class="job-progress" role="status">
        <Badge kind="warn">Cancelled</Badge>
      </span>
    );
  const { done, total, phase } = job.progress;
  return (
    <>
      <span class="job-progress" role="status">
        {total > 0 ? (
          <progress aria-label={label} value={done} max={total} />
        ) : (
          <progress aria-label={label} />
        )}
        <span class="muted small">
          {job.state === 'queued' ? 'queued' : `${total > 0 ? `${done}/${total} · ` : ''}${phase}`}
        </span>
      </span>
      {mayCancel && !ended(job) && (
        <button
          class="small job-cancel"
          onClick={() => void run.cancel()}
          disabled={cancelling}
          aria-label={`${cancelling ? 'Cancelling' : 'Cancel'} ${label}`}
        >
          {cancelling ? 'Cancelling…' : 'Cancel'}
        </button>
      )}
    </>
  );
}
