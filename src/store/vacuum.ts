import type { Store } from './store.js';

/**
 * Space after a purge. A store made with `auto_vacuum = INCREMENTAL` (every store created
 * since migration 010, open.ts) hands its free pages back to the file system here. An older
 * store cannot switch without a full `VACUUM` (which rewrites the whole file under an
 * exclusive lock, so it is left to the operator, offline): its free pages are reused by
 * later writes, and the figure is reported as reusable, not freed.
 */
export interface SpaceReport {
  auto_vacuum: 'incremental' | 'none' | 'full';
  /** Bytes returned to the file system by this call. */
  bytes_freed: number;
  /** Free pages left inside the file (reused by later writes). */
  bytes_reusable: number;
}

export function reclaimSpace(store: Store): SpaceReport {
  const db = store.db;
  const pragma = (name: string): number => db.pragma(name, { simple: true }) as number;
  const pageSize = pragma('page_size');
  const mode = pragma('auto_vacuum');
  const before = pragma('page_count');
  if (mode === 2) db.pragma('incremental_vacuum');
  const after = pragma('page_count');
  return {
    auto_vacuum: mode === 2 ? 'incremental' : mode === 1 ? 'full' : 'none',
    bytes_freed: (before - after) * pageSize,
    bytes_reusable: pragma('freelist_count') * pageSize,
  };
}
