/**
 * Progress of a long domain operation (pack build, report, ledger verify), reported to
 * whoever started it: the server's job registry (src/server/jobs.ts) or nobody. `done`
 * counts up to `total` within the whole operation; `phase` names the step in words.
 */
export type ProgressFn = (done: number, total: number, phase: string) => void;

/** Reports no more often than this, except phase changes and the final call. */
const MIN_INTERVAL_MS = 100;

/**
 * A cheap reporter over an optional callback: a no-op when there is none, and otherwise
 * throttled so a loop may call it per chunk. A new phase and done == total always pass, so
 * the listener sees every step change and the end; `done` never goes backwards.
 */
export function progressReporter(fn: ProgressFn | undefined): ProgressFn {
  if (!fn) return () => {};
  let lastAt = 0;
  let lastPhase = '';
  let lastDone = -1;
  return (done, total, phase) => {
    const now = Date.now();
    const final = done >= total;
    if (done < lastDone) return;
    if (!final && phase === lastPhase && done === lastDone) return;
    if (!final && phase === lastPhase && now - lastAt < MIN_INTERVAL_MS) return;
    lastAt = now;
    lastPhase = phase;
    lastDone = done;
    fn(done, total, phase);
  };
}
