import type Database from 'better-sqlite3';

/**
 * The page cache for one-pass scans, in KiB. The store opens every connection with a 64 MiB
 * cache (open.ts), which serves point lookups; a pass over the whole store (an export, a
 * pack, the leaf and verify workers) gains nothing from it, and on a big store each such
 * connection would otherwise fill its 64 MiB, so memory grew with the data up to that cap.
 */
export const SCAN_CACHE_KIB = 8192;

/** Sets a connection's cache for a scan (workers: for their whole life). */
export function useScanCache(db: Database.Database): void {
  db.pragma(`cache_size = -${SCAN_CACHE_KIB}`);
}

/** Runs fn with the scan cache on db, restoring the connection's own cache afterwards. */
export async function withScanCache<T>(db: Database.Database, fn: () => Promise<T>): Promise<T> {
  const before = db.pragma('cache_size', { simple: true }) as number;
  useScanCache(db);
  try {
    return await fn();
  } finally {
    db.pragma(`cache_size = ${before}`);
  }
}
