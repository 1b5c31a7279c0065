import { useEffect, useState } from 'preact/hooks';
import { api, ApiError } from './api';

/** A background job as GET /api/v1/jobs/{id} shows it (docs/server.md "Jobs"). */
export interface Job<R = unknown> {
  id: string;
  kind: string;
  state: 'queued' | 'running' | 'done' | 'failed' | 'cancelled';
  progress: { done: number; total: number; phase: string };
  result_url: string | null;
  result: R | null;
  error: { details?: string } | null;
}

const POLL_MS = 400;

/** A job in one of these states has ended: polling stops. */
const ended = (job: Job): boolean =>
  job.state === 'done' || job.state === 'failed' || job.state === 'cancelled';

/**
 * Starts jobs and follows one: start() takes the job id from whatever started it, then
 * the job is polled until it is done, failed or cancelled (POST /jobs/{id}/cancel). The page renders job.progress with
 * <JobProgress> and the outcome from job.result_url / job.result.
 */
export function useJob<R = unknown>(): {
  job: Job<R> | undefined;
  error: string | undefined;
  busy: boolean;
  start: (begin: () => Promise<string>) => Promise<void>;
} {
  const [job, setJob] = useState<Job<R>>();
  const [error, setError] = useState<string>();
  const [starting, setStarting] = useState(false);
  useEffect(() => {
    if (!job || ended(job)) return;
    const t = setTimeout(() => {
      api<Job<R>>(`/jobs/${job.id}`).then(setJob, (err: unknown) =>
        setError(err instanceof ApiError ? err.message : String(err)),
      );
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
      setError(err instanceof ApiError ? err.message : String(err));
    } finally {
      setStarting(false);
    }
  };
  const running = Boolean(job && !ended(job));
  return {
    job,
    error:
      error ?? (job?.state === 'failed' || job?.state === 'cancelled' ? jobError(job) : undefined),
    busy: starting || running,
    start,
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
 * A real progress bar over a job, with an accessible name and the step in words. A done
 * job keeps its full bar beside the outcome, so the finished state reads as finished.
 */
export function JobProgress({ job, label }: { job: Job | undefined; label: string }) {
  if (!job || job.state === 'failed' || job.state === 'cancelled') return null;
  const { done, total, phase } = job.progress;
  return (
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
  );
}
