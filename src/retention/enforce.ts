/**
 * A retention run: purges the content of every record older than the policy's window, in
 * short transactions of `batchSize` events (each one purge batch, one ledger entry, one
 * signed tree head), yielding to the event loop between them (and resting, when asked, so a
 * server's scheduled run leaves room to requests). Legal holds are applied by purge.ts.
 */
import { setTimeout as sleep, setImmediate as yieldToLoop } from 'node:timers/promises';
import { UsageError } from '../errors.js';
import { purgeBatch } from '../store/purge.js';
import {
  countExpired,
  markRetentionRun,
  selectExpired,
  type ExpiredCounts,
} from '../store/retention.js';
import type { Store } from '../store/store.js';
import { reclaimSpace, type SpaceReport } from '../store/vacuum.js';
import { getRetentionPolicy } from './policy.js';

export const DEFAULT_BATCH = 1000;
/** A server's scheduled runs: short transactions, so a request never waits long for a read. */
export const SCHEDULED_BATCH = 250;
export const SCHEDULED_PAUSE = 2;
const DAY_MS = 86_400_000;

export interface EnforceOptions {
  now: Date;
  dryRun?: boolean;
  batchSize?: number;
  /** Recorded on the purge batches' ledger entries (default: the store's actor). */
  actor?: string;
  /**
   * After each batch, rest this many times as long as the batch took (a server's scheduled
   * run uses 2: a third of the time purging, the rest leaving the CPU and the write lock to
   * requests; measured in bench/suites/55-retention.mjs).
   */
  pauseRatio?: number;
  /** Checked between batches: a server shutting down stops the run there. */
  shouldStop?: () => boolean;
}

export interface EnforceResult {
  dry_run: boolean;
  days: number;
  /** Records whose age (event time; a trace's last event) is before this lose their content. */
  cutoff: string;
  events_purged: number;
  findings_purged: number;
  /** Expired events kept because a legal hold covers them. */
  events_held: number;
  batches: number;
  /** Dry run only: traces touched and the oldest record that would go. */
  traces?: number;
  oldest?: string | null;
  space?: SpaceReport;
}

export function cutoffFor(days: number, now: Date): string {
  return new Date(now.getTime() - days * DAY_MS).toISOString();
}

export async function enforceRetention(
  store: Store,
  options: EnforceOptions,
): Promise<EnforceResult> {
  const policy = store.read((r) => getRetentionPolicy(r));
  if (policy.days === null) {
    throw new UsageError('retention: no policy is set; run `evid retention set --days N` first');
  }
  const cutoff = cutoffFor(policy.days, options.now);
  const base = { days: policy.days, cutoff };
  if (options.dryRun) {
    const c: ExpiredCounts = store.read((r) => countExpired(r, cutoff));
    return {
      dry_run: true,
      ...base,
      events_purged: c.events,
      findings_purged: c.findings,
      events_held: c.held,
      batches: 0,
      traces: c.traces,
      oldest: c.oldest,
    };
  }
  const limit = options.batchSize ?? DEFAULT_BATCH;
  const result: EnforceResult = {
    dry_run: false,
    ...base,
    events_purged: 0,
    findings_purged: 0,
    events_held: 0,
    batches: 0,
  };
  let after = 0;
  for (;;) {
    const started = performance.now();
    // Selection and purge in one short transaction: nothing seen here can change under it.
    // Counted from its return value: a busy retry may run the function twice.
    const step = store.transact((tx) => {
      const next = selectExpired(tx, cutoff, after, limit);
      if (next.last === null) return null;
      const batch = purgeBatch(tx, {
        events: next.events,
        findings: next.findings,
        reason: 'retention',
        policyDays: policy.days,
        cutoff,
      });
      return { last: next.last, selected: next.events.length, batch };
    }, options.actor);
    const done = step === null;
    if (step) {
      after = step.last;
      result.events_purged += step.batch?.events ?? 0;
      result.findings_purged += step.batch?.findings ?? 0;
      result.events_held += step.selected - (step.batch?.events ?? 0);
      if (step.batch) result.batches++;
    }
    if (done || options.shouldStop?.()) break;
    const rest = (performance.now() - started) * (options.pauseRatio ?? 0);
    await (rest >= 1 ? sleep(rest) : yieldToLoop());
  }
  store.transact((tx) => markRetentionRun(tx), options.actor);
  result.space = reclaimSpace(store);
  return result;
}
