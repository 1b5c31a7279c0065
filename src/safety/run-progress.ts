import { JobCancelledError } from '../errors.js';
import type { ProgressFn } from '../progress.js';

/**
 * A safety run's progress: one report before each model call (no throttle: a call takes
 * far longer than a report), then done == total. A run cancelled meanwhile stops at the
 * report; the cancellation then carries the trace its earlier calls were recorded in, so
 * the run's failed row names it (what was recorded stays: the ledger is append-only).
 */
export function runProgress(
  onProgress: ProgressFn | undefined,
  total: number,
): (done: number, traceId: string | null) => void {
  return (done, traceId) => {
    try {
      onProgress?.(done, total, done >= total ? 'done' : 'calling the model');
    } catch (err) {
      if (err instanceof JobCancelledError && traceId !== null) {
        throw new JobCancelledError(err.message, { ...err.details, trace_id: traceId });
      }
      throw err;
    }
  };
}
