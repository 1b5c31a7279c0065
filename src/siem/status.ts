import type { Reader } from '../store/store.js';
import { activeTargetRows, toTarget } from './targets.js';
import type { SiemTarget, TargetState } from './types.js';

/** `siem status`: per target, its delivery state and counters (never its secret). */
export interface TargetStatus extends SiemTarget {
  state: TargetState;
  last_event_at: string | null;
  forwarded_count: number;
  error_count: number;
  queue_depth: number;
  last_error: string | null;
  last_error_at: string | null;
  next_attempt_at: string | null;
}

export function targetStatuses(r: Reader): TargetStatus[] {
  const depth = r.prepare(
    'SELECT COUNT(*) FROM outbox WHERE target_id = ? AND delivered_at IS NULL',
  );
  return activeTargetRows(r).map((row) => {
    const queue = depth.pluck().get(row.target_id) as number;
    return {
      ...toTarget(row),
      state: row.failures > 0 ? 'error' : queue > 0 ? 'sending' : 'idle',
      last_event_at: row.last_event_at,
      forwarded_count: row.forwarded_count,
      error_count: row.error_count,
      queue_depth: queue,
      last_error: row.last_error,
      last_error_at: row.last_error_at,
      next_attempt_at: row.failures > 0 ? row.next_attempt_at : null,
    };
  });
}
