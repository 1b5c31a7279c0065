import type { Reader } from './store.js';

/**
 * What the operator quotas (src/admin/quota.ts) measure, cheaply enough to run before every
 * intake: bytes in use by the database (pages minus free pages: space a purge freed is
 * reused before the file grows, so it does not count), and stored events. Counting a
 * million events walks an index, so the count runs only when the highest event row id (an
 * upper bound, one index seek) reaches `countFrom`; below it that bound is exact enough.
 */
export interface StoreUsage {
  store_bytes: number;
  events: number;
}

export function measureUsage(r: Reader, countFrom = 0): StoreUsage {
  const pages = r.prepare('PRAGMA page_count').pluck().get() as number;
  const free = r.prepare('PRAGMA freelist_count').pluck().get() as number;
  const size = r.prepare('PRAGMA page_size').pluck().get() as number;
  const bound = (r.prepare('SELECT MAX(id) FROM events').pluck().get() as number | null) ?? 0;
  const events =
    bound >= countFrom ? (r.prepare('SELECT COUNT(*) FROM events').pluck().get() as number) : bound;
  return { store_bytes: (pages - free) * size, events };
}
