/** Waits between tries for a target whose receiver failed (exponential, with jitter, capped). */
export interface BackoffPolicy {
  /** The first wait (EVID_SIEM_RETRY_MS, default 1 s). */
  baseMs: number;
  /** The longest wait; also the pace for answers that retrying cannot fix (default 5 min). */
  capMs: number;
}

export const DEFAULT_BACKOFF: BackoffPolicy = { baseMs: 1000, capMs: 300_000 };

/** The policy for a base wait: the cap is 300 bases (5 min for 1 s). */
export function backoffPolicy(baseMs: number | undefined): BackoffPolicy {
  return baseMs ? { baseMs, capMs: baseMs * 300 } : DEFAULT_BACKOFF;
}

/**
 * Milliseconds before the next try after `failures` failures in a row (>= 1): base * 2^(n-1),
 * capped, then "equal jitter" (half fixed, half random) so that targets failing together do
 * not retry together. An answer retrying cannot fix (a bad token) waits the cap: nothing is
 * dropped, the queue waits for someone to fix the target. A receiver's Retry-After is a floor.
 */
export function backoffMs(
  failures: number,
  policy: BackoffPolicy,
  options: { retry: boolean; retryAfterMs?: number | undefined },
  random: () => number = Math.random,
): number {
  const exp = options.retry
    ? Math.min(policy.capMs, policy.baseMs * 2 ** Math.min(Math.max(failures - 1, 0), 30))
    : policy.capMs;
  const wait = exp / 2 + (random() * exp) / 2;
  return Math.round(Math.max(wait, options.retryAfterMs ?? 0));
}
