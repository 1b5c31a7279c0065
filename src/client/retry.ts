/**
 * Retries on 429 and 503 (seed 000: rate limits; the kill switch and overload): exponential
 * backoff with full jitter (a random wait from 0 to base * 2^attempt, capped), and when the
 * server says Retry-After, exactly that long instead.
 */

export interface RetryOptions {
  /** Retries after the first attempt (default 3; 0 turns retrying off). */
  retries?: number;
  /** First backoff ceiling in ms (default 250). */
  baseDelayMs?: number;
  /** Largest wait in ms, Retry-After included (default 30000). */
  maxDelayMs?: number;
  /** For tests and custom schedulers: how to wait, and the random source in [0, 1). */
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

export const RETRY_STATUSES: ReadonlySet<number> = new Set([429, 503]);

/** Milliseconds a Retry-After header asks for (seconds or an HTTP date), else undefined. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

export function backoffMs(attempt: number, response: Response, options: RetryOptions): number {
  const max = options.maxDelayMs ?? 30_000;
  const asked = retryAfterMs(response.headers.get('retry-after'));
  if (asked !== undefined) return Math.min(asked, max);
  const ceiling = Math.min(max, (options.baseDelayMs ?? 250) * 2 ** attempt);
  return Math.floor((options.random ?? Math.random)() * ceiling);
}

export const defaultSleep = (ms: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, ms));
