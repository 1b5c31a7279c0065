/**
 * Checks over the record itself: the ledger, logging coverage, retention, and whether
 * ingested traces were analysed. Pure functions of a snapshot (see snapshot.ts).
 */
import { daysBetween, evidence, ledgerEvidence, percent, plural, type Check } from './outcome.js';

/** EU AI Act Art. 19(1) and 26(6): logs are kept for at least six months (183 days). */
export const SIX_MONTHS_DAYS = 183;

/** A failing analysis share above this is a fail; any failure or backlog below it, partial. */
export const ANALYSIS_FAIL_SHARE = 0.1;

/** The ledger verifies end to end (digests, chain, Merkle root, signed tree head). */
export const ledgerIntegrity: Check = (s) => {
  const v = s.ledger;
  const ev = evidence({
    ledger: ledgerEvidence(v),
    counts: { entries: v.entries_checked, purged: v.purged },
  });
  if (!v.ok) {
    return {
      status: 'fail',
      summary: `ledger verification failed at seq ${v.first_bad_seq} (${v.reason}): ${v.message}`,
      evidence: ev,
    };
  }
  if (v.entries_checked === 0) {
    return {
      status: 'partial',
      summary: 'the ledger is empty: no records have been kept yet',
      evidence: ev,
    };
  }
  return { status: 'pass', summary: v.message, evidence: ev };
};

/** Every agent that produced events is logged, and every one of its events is ledgered. */
export const loggingCoverage: Check = (s) => {
  const events = sum(s.agents.map((a) => a.events));
  const ledgered = sum(s.agents.map((a) => a.events_ledgered));
  const uncovered = s.agents
    .filter((a) => a.events > 0 && a.events_ledgered === 0)
    .map((a) => a.agent);
  const gaps = s.agents.filter((a) => a.events_ledgered < a.events).map((a) => a.agent);
  const ev = evidence({
    agents: s.agents.map((a) => a.agent),
    counts: { agents: s.agents.length, events: events, events_ledgered: ledgered },
  });
  if (s.agents.length === 0) {
    return { status: 'partial', summary: 'no agent activity has been recorded yet', evidence: ev };
  }
  if (uncovered.length > 0) {
    return {
      status: 'fail',
      summary: `${plural(uncovered.length, 'agent')} with no ledgered events: ${uncovered.join(', ')}`,
      evidence: { ...ev, agents: uncovered },
    };
  }
  if (gaps.length > 0) {
    return {
      status: 'partial',
      summary: `${events - ledgered} of ${events} events are not in the ledger (agents: ${gaps.join(', ')})`,
      evidence: { ...ev, agents: gaps },
    };
  }
  return {
    status: 'pass',
    summary: `${plural(s.agents.length, 'agent')}, all ${plural(events, 'event')} logged automatically and ledgered`,
    evidence: ev,
  };
};

/**
 * Logs are kept at least six months. There is no purge unless a retention policy says so,
 * so "no policy" means everything is retained. Fails on an enforced policy shorter than six
 * months, or on any record whose content was purged before it was six months old.
 */
export const logRetention: Check = (s, ctx) => {
  const policy = s.retention.policy;
  const early = sum(s.agents.map((a) => a.early_purges));
  const purged = sum(s.agents.map((a) => a.events_purged));
  const oldest = minIso(s.agents.map((a) => a.oldest_kept_at));
  const oldestDays = oldest ? Math.max(0, daysBetween(oldest, ctx.now)) : 0;
  const counts: Record<string, number> = {
    oldest_kept_days: oldestDays,
    purged_events: purged,
    early_purges: early,
    minimum_days: SIX_MONTHS_DAYS,
  };
  if (policy) counts.policy_days = policy.days;
  const ev = evidence({ counts });
  const kept = oldest
    ? `oldest kept evidence ${plural(oldestDays, 'day')} old`
    : 'no evidence kept yet';
  if (early > 0) {
    return {
      status: 'fail',
      summary: `${plural(early, 'event')} purged before six months; ${kept}`,
      evidence: ev,
    };
  }
  if (policy && policy.days < SIX_MONTHS_DAYS) {
    return policy.enforce
      ? {
          status: 'fail',
          summary: `the enforced retention policy keeps evidence ${policy.days} days, less than six months (${SIX_MONTHS_DAYS} days)`,
          evidence: ev,
        }
      : {
          status: 'partial',
          summary: `retention is set to ${policy.days} days (under six months) but not enforced; ${kept}`,
          evidence: ev,
        };
  }
  const basis = policy
    ? `retention policy keeps ${policy.days} days${policy.enforce ? '' : ' (not enforced)'}`
    : 'no purge configured, so all evidence is retained';
  return { status: 'pass', summary: `${basis}; ${kept}`, evidence: ev };
};

/**
 * GDPR storage limitation: personal data is not kept longer than necessary. Needs an
 * enforced retention policy, and nothing kept (past a day's grace) beyond its window.
 */
export const storageLimitation: Check = (s, ctx) => {
  const policy = s.retention.policy;
  const oldest = minIso(s.agents.map((a) => a.oldest_kept_at));
  const oldestDays = oldest ? Math.max(0, daysBetween(oldest, ctx.now)) : 0;
  const counts: Record<string, number> = { oldest_kept_days: oldestDays };
  if (policy) counts.policy_days = policy.days;
  const ev = evidence({ counts });
  if (!policy) {
    return {
      status: 'partial',
      summary:
        'no retention policy is configured: evidence, including any personal data, is kept indefinitely',
      evidence: ev,
    };
  }
  if (!policy.enforce) {
    return {
      status: 'partial',
      summary: `a ${policy.days}-day retention policy is set but automatic purging is not enforced`,
      evidence: ev,
    };
  }
  if (oldest && oldestDays > policy.days + 1) {
    return {
      status: 'fail',
      summary: `evidence ${oldestDays} days old is still kept under a ${policy.days}-day retention policy`,
      evidence: ev,
    };
  }
  return {
    status: 'pass',
    summary: `an enforced ${policy.days}-day retention policy; oldest kept evidence ${plural(oldestDays, 'day')} old`,
    evidence: ev,
  };
};

/** Operation is monitored: every ingested trace went through detection. */
export const analysisCoverage: Check = (s) => {
  const traces = sum(s.agents.map((a) => a.traces));
  const analysed = sum(s.agents.map((a) => a.traces_analysed));
  const failed = sum(s.agents.map((a) => a.traces_failed));
  const pending = traces - analysed - failed;
  const ev = evidence({
    agents: s.agents.filter((a) => a.traces_failed > 0).map((a) => a.agent),
    counts: { traces, analysed, failed, pending },
  });
  if (traces === 0) {
    return { status: 'partial', summary: 'no traces have been collected to monitor', evidence: ev };
  }
  if (failed / traces > ANALYSIS_FAIL_SHARE) {
    return {
      status: 'fail',
      summary: `analysis failed on ${failed} of ${traces} traces (${percent(failed, traces)})`,
      evidence: ev,
    };
  }
  if (failed > 0 || pending > 0) {
    return {
      status: 'partial',
      summary: `${analysed} of ${traces} traces analysed (${failed} failed, ${pending} pending)`,
      evidence: ev,
    };
  }
  return {
    status: 'pass',
    summary: `all ${plural(traces, 'trace')} analysed by the detectors`,
    evidence: ev,
  };
};

export function sum(values: number[]): number {
  return values.reduce((a, b) => a + b, 0);
}

function minIso(values: Array<string | null>): string | null {
  let min: string | null = null;
  for (const v of values) if (v !== null && (min === null || v < min)) min = v;
  return min;
}
