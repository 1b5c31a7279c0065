import { UsageError } from '../errors.js';

const UNITS: Record<string, number> = {
  s: 1_000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
  w: 604_800_000,
};

/** `30m`, `24h`, `7d`, `2w` -> milliseconds. */
export function parseDuration(value: string, flag: string): number {
  const m = /^(\d+)\s*([smhdw])$/.exec(value.trim());
  if (!m)
    throw new UsageError(
      `${flag}: expected a duration such as 30m, 24h, 7d or 2w (got "${value}")`,
    );
  return Number(m[1]) * UNITS[m[2]!]!;
}

/**
 * A time bound for --since/--until: an ISO 8601 date or date-time, or a duration meaning
 * "that long before now" (`--since 7d`). Returned as ISO 8601 UTC.
 */
export function parseTimeBound(value: string, flag: string, now: Date): string {
  if (/^\d+\s*[smhdw]$/.test(value.trim()))
    return new Date(now.getTime() - parseDuration(value, flag)).toISOString();
  const iso = /^\d{4}-\d{2}-\d{2}([Tt ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?([Zz]|[+-]\d{2}:?\d{2})?)?$/;
  const ms = iso.test(value.trim()) ? Date.parse(value.trim()) : NaN;
  if (Number.isNaN(ms)) {
    throw new UsageError(
      `${flag}: expected an ISO 8601 date (2026-01-31, 2026-01-31T12:00:00Z) or a duration like 7d (got "${value}")`,
    );
  }
  return new Date(ms).toISOString();
}

export const MAX_PAGE = 1000;

export function parseLimit(value: string | undefined, flag = '--limit', fallback = 50): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > MAX_PAGE) {
    throw new UsageError(`${flag}: must be a whole number from 1 to ${MAX_PAGE} (got "${value}")`);
  }
  return n;
}

export function parseOffset(value: string | undefined, flag = '--offset'): number {
  if (value === undefined) return 0;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0)
    throw new UsageError(`${flag}: must be a whole number >= 0 (got "${value}")`);
  return n;
}

export function parseChoice<T extends string>(
  value: string | undefined,
  flag: string,
  allowed: readonly T[],
): T | undefined {
  if (value === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(value)) {
    throw new UsageError(`${flag}: must be one of ${allowed.join(', ')} (got "${value}")`);
  }
  return value as T;
}

export function optionalString(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}
