/**
 * Retention (issue 14, docs/operations.md): how long evidence keeps its content. The policy
 * is versioned: every change is a `retention_policy` row, ledgered as `retention.updated`
 * with its actor; the latest row is the policy. No row means nothing is ever purged.
 */
import { UsageError, ValidationError } from '../errors.js';
import { retentionPolicyRecord } from '../store/retention-records.js';
import type { Reader, Transactor } from '../store/store.js';

export const MIN_DAYS = 7;
export const MAX_DAYS = 365;
/** EU AI Act Art. 19(1) and 26(6): logs are kept at least six months. */
export const SIX_MONTHS_DAYS = 183;

export interface RetentionPolicy {
  /** null: no policy, nothing is purged. */
  days: number | null;
  enforce: boolean;
  changed_at: string | null;
  changed_by: string | null;
}

export function getRetentionPolicy(r: Reader): RetentionPolicy {
  const row = r
    .prepare(
      'SELECT days, enforce, changed_at, changed_by FROM retention_policy ORDER BY id DESC LIMIT 1',
    )
    .get() as { days: number; enforce: number; changed_at: string; changed_by: string } | undefined;
  return row
    ? {
        days: row.days,
        enforce: row.enforce === 1,
        changed_at: row.changed_at,
        changed_by: row.changed_by,
      }
    : { days: null, enforce: false, changed_at: null, changed_by: null };
}

/** `days` from a flag or a body: an integer from 7 to 365, else a ValidationError naming the range. */
export function parseDays(value: unknown, field = 'days'): number {
  const n = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < MIN_DAYS || n > MAX_DAYS) {
    throw new ValidationError(
      `${field}: must be an integer from ${MIN_DAYS} to ${MAX_DAYS} (got ${JSON.stringify(value)})`,
      { field: 'days' },
    );
  }
  return n;
}

/** The warning a window under six months earns, or null. */
export function shortWindowWarning(days: number): string | null {
  return days < SIX_MONTHS_DAYS
    ? `${days} days is under six months: the EU AI Act (Art. 19 and 26(6)) asks deployers to keep logs for at least six months (${SIX_MONTHS_DAYS} days) unless other law says otherwise`
    : null;
}

export interface PolicyChange {
  days?: number;
  enforce?: boolean;
}

/**
 * Writes a new policy version (ledgered). Fields left out keep their current value; a store
 * with no policy needs `days`. Returns the new policy and the short-window warning, if any.
 */
export function setRetentionPolicy(
  tx: Transactor,
  change: PolicyChange,
): { policy: RetentionPolicy; warning: string | null } {
  const current = getRetentionPolicy(tx);
  const days = change.days ?? current.days;
  if (days === null) {
    throw new UsageError(
      `days: is required (no retention policy is set yet; ${MIN_DAYS} to ${MAX_DAYS})`,
    );
  }
  const row = {
    days,
    enforce: (change.enforce ?? current.enforce) ? 1 : 0,
    changed_at: tx.now(),
    changed_by: tx.actor,
  };
  const { lastInsertRowid } = tx
    .prepare(
      `INSERT INTO retention_policy (days, enforce, changed_at, changed_by)
       VALUES (@days, @enforce, @changed_at, @changed_by)`,
    )
    .run(row);
  const ref = Number(lastInsertRowid);
  tx.ledger.append(
    'retention.updated',
    `retention-v${ref}`,
    ref,
    retentionPolicyRecord(row),
    row.changed_at,
  );
  return { policy: getRetentionPolicy(tx), warning: shortWindowWarning(days) };
}
