import { statfs, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { DB_FILE } from '../store/data-dir.js';
import { retentionFacts } from '../store/retention.js';
import type { Store } from '../store/store.js';
import { getRetentionPolicy, shortWindowWarning } from './policy.js';

export interface RetentionStatus {
  days: number | null;
  enforce: boolean;
  changed_at: string | null;
  changed_by: string | null;
  /** Used share of the data directory's file system, 0..100. */
  storage_used_percent: number;
  volume_bytes: number;
  volume_free_bytes: number;
  /** The database file and its write-ahead log. */
  store_bytes: number;
  /** Timestamp of the oldest event that still has its content. */
  oldest_record_at: string | null;
  legal_holds: number;
  /** Events and findings whose content has been purged, ever. */
  records_purged: number;
  last_run_at: string | null;
  /** When `evid serve` runs retention next (null unless enforce is on). */
  next_run_at: string | null;
  warning: string | null;
}

async function fileBytes(path: string): Promise<number> {
  try {
    return (await stat(path)).size;
  } catch {
    return 0;
  }
}

export async function retentionStatus(
  store: Store,
  options: { now: Date; intervalMs: number },
): Promise<RetentionStatus> {
  const { policy, facts } = store.read((r) => ({
    policy: getRetentionPolicy(r),
    facts: retentionFacts(r),
  }));
  const fs = await statfs(store.dataDir);
  const total = fs.blocks * fs.bsize;
  const free = fs.bavail * fs.bsize;
  const db = join(store.dataDir, DB_FILE);
  const storeBytes = (await fileBytes(db)) + (await fileBytes(`${db}-wal`));
  // A server enforces at start and then every interval after the last run.
  const next = !policy.enforce
    ? null
    : facts.last_run_at === null
      ? options.now.toISOString()
      : new Date(Date.parse(facts.last_run_at) + options.intervalMs).toISOString();
  return {
    days: policy.days,
    enforce: policy.enforce,
    changed_at: policy.changed_at,
    changed_by: policy.changed_by,
    storage_used_percent: total > 0 ? Math.round(((total - free) / total) * 1000) / 10 : 0,
    volume_bytes: total,
    volume_free_bytes: free,
    store_bytes: storeBytes,
    oldest_record_at: facts.oldest_record_at,
    legal_holds: facts.legal_holds,
    records_purged: facts.records_purged,
    last_run_at: facts.last_run_at,
    next_run_at: next,
    warning: policy.days === null ? null : shortWindowWarning(policy.days),
  };
}
