import { ValidationError } from '../errors.js';

export interface PageQuery {
  limit?: number;
  offset?: number;
  page?: number;
  page_size?: number;
}

/** The query of a list route: a time window (`timeQuery`) and a page (`pageQuery`). */
export interface WindowedPageQuery extends PageQuery {
  since?: string;
  until?: string;
}

/** limit/offset from either paging style (limit/offset win when both are given). */
export function pageOf(q: PageQuery): {
  limit: number;
  offset: number;
} {
  const limit = q.limit ?? q.page_size ?? 50;
  const offset = q.offset ?? (q.page !== undefined ? (q.page - 1) * limit : 0);
  return { limit, offset };
}

const UNITS: Record<string, number> = { s: 1e3, m: 6e4, h: 3.6e6, d: 8.64e7, w: 6.048e8 };
const ISO = /^\d{4}-\d{2}-\d{2}([Tt ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?([Zz]|[+-]\d{2}:?\d{2})?)?$/;

/** A `since`/`until` query value: ISO 8601 date/date-time or a duration (7d) before now. */
export function timeBound(value: string | undefined, field: string, now: Date): string | undefined {
  if (value === undefined) return undefined;
  const v = value.trim();
  const d = /^(\d+)([smhdw])$/.exec(v);
  if (d) return new Date(now.getTime() - Number(d[1]) * UNITS[d[2]!]!).toISOString();
  const ms = ISO.test(v) ? Date.parse(v) : NaN;
  if (Number.isNaN(ms)) {
    throw new ValidationError(
      `${field}: expected an ISO 8601 date (2026-01-31, 2026-01-31T12:00:00Z) or a duration like 7d (got "${value}")`,
      { field },
    );
  }
  return new Date(ms).toISOString();
}

/** A list route's time window and page, as the store's list functions take them. */
export function windowAndPage(q: WindowedPageQuery): {
  since: string | undefined;
  until: string | undefined;
  limit: number;
  offset: number;
} {
  const now = new Date();
  return {
    since: timeBound(q.since, 'since', now),
    until: timeBound(q.until, 'until', now),
    ...pageOf(q),
  };
}
