/**
 * Checks over findings: what is still open, and how quickly people reviewed what mattered.
 * A finding is "open" while its status is `open`; `reviewing` means someone is on it, which
 * is not yet a decision: only `remediated` and `closed` count as reviewed or resolved.
 */
import { DAY_MS, evidence, percent, plural, type Check, type CheckOutcome } from './outcome.js';
import type { ComplianceSnapshot, FindingFact, Severity } from './snapshot.js';

const RANK: Record<Severity, number> = { low: 0, medium: 1, high: 2, critical: 3 };

const atLeast = (f: FindingFact, severity: Severity): boolean =>
  (RANK[f.severity] ?? 0) >= RANK[severity];

const bySeverity = (findings: FindingFact[]): Record<string, number> => {
  const counts: Record<string, number> = { low: 0, medium: 0, high: 0, critical: 0 };
  for (const f of findings) counts[f.severity] = (counts[f.severity] ?? 0) + 1;
  return counts;
};

/**
 * Nothing collected at all: "no open findings" would be vacuous, so findings-based checks
 * say partial until there is evidence to judge (an empty store must not score high).
 */
const noEvidence = (s: ComplianceSnapshot): boolean =>
  s.findings.length === 0 && s.agents.every((a) => a.events === 0 && a.traces === 0);

const NO_EVIDENCE = (): CheckOutcome => ({
  status: 'partial',
  summary: 'no evidence collected yet',
  evidence: evidence(),
});

/** Most severe first, then oldest first: the ids a reviewer should open first. */
const worstFirst = (findings: FindingFact[]): string[] =>
  [...findings]
    .sort(
      (a, b) =>
        RANK[b.severity] - RANK[a.severity] ||
        a.created_at.localeCompare(b.created_at) ||
        a.id.localeCompare(b.id),
    )
    .map((f) => f.id);

/**
 * Open findings of some categories. Fail: any `open` at or above `failAt`. Partial: open
 * ones below it, or any still under review (an in-progress review is not a pass). Pass:
 * every finding remediated or closed.
 */
export function openFindingsCheck(
  categories: readonly string[],
  failAt: Severity,
  noun: string,
): Check {
  return (s) => {
    if (noEvidence(s)) return NO_EVIDENCE();
    const mine = s.findings.filter((f) => categories.includes(f.category));
    const open = mine.filter((f) => f.status === 'open');
    const severeOpen = open.filter((f) => atLeast(f, failAt));
    const reviewing = mine.filter((f) => f.status === 'reviewing');
    const counts = {
      total: mine.length,
      open: open.length,
      reviewing: reviewing.length,
      ...prefix('open_', bySeverity(open)),
    };
    const agents = [...new Set(open.map((f) => f.agent))].sort();
    if (severeOpen.length > 0) {
      return {
        status: 'fail',
        summary: `${plural(severeOpen.length, `open ${severityFloor(failAt)} ${noun} finding`)} (${open.length} open in all)`,
        evidence: evidence({
          finding_ids: worstFirst(severeOpen),
          finding_count: severeOpen.length,
          counts,
          agents,
        }),
      };
    }
    if (open.length > 0 || reviewing.length > 0) {
      const left = [...open, ...reviewing];
      const underReview = `${plural(reviewing.length, `${noun} finding`)} still under review`;
      return {
        status: 'partial',
        summary:
          open.length === 0
            ? underReview
            : `${plural(open.length, `open ${noun} finding`)}, none ${severityFloor(failAt)}` +
              (reviewing.length > 0 ? `; ${underReview}` : ''),
        evidence: evidence({
          finding_ids: worstFirst(left),
          finding_count: left.length,
          counts,
          agents,
        }),
      };
    }
    return {
      status: 'pass',
      summary:
        mine.length === 0
          ? `no ${noun} findings recorded`
          : `no open ${noun} findings (${plural(mine.length, 'finding')} remediated or closed)`,
      evidence: evidence({ counts }),
    };
  };
}

/**
 * Findings of at least `minSeverity` should be decided (remediated or closed) within `days`;
 * `reviewed_at` is the first such decision, so a finding parked in `reviewing` is late once
 * its window passes. Only findings whose window has passed (or that were reviewed) are
 * "due"; newer ones are not yet late.
 */
export function reviewTimelinessCheck(opts: {
  minSeverity: Severity;
  days: (ctxDays: number) => number;
  passShare: number;
  partialShare: number;
  what: string;
}): Check {
  return (s, ctx) => {
    if (noEvidence(s)) return NO_EVIDENCE();
    const days = opts.days(ctx.reviewWithinDays);
    const windowMs = days * DAY_MS;
    const now = ctx.now.getTime();
    const relevant = s.findings.filter((f) => atLeast(f, opts.minSeverity));
    const due = relevant.filter(
      (f) => f.reviewed_at !== null || Date.parse(f.created_at) + windowMs <= now,
    );
    const inTime = new Set(
      due.filter(
        (f) =>
          f.reviewed_at !== null &&
          Date.parse(f.reviewed_at) - Date.parse(f.created_at) <= windowMs,
      ),
    );
    const late = due.filter((f) => !inTime.has(f));
    const counts = {
      findings: relevant.length,
      due: due.length,
      reviewed_in_time: inTime.size,
      late: late.length,
      not_yet_due: relevant.length - due.length,
      window_days: days,
    };
    const ev = evidence({
      finding_ids: worstFirst(late),
      finding_count: late.length,
      counts,
      agents: [...new Set(late.map((f) => f.agent))].sort(),
    });
    const windowText = windowLabel(days);
    if (due.length === 0) {
      return {
        status: 'pass',
        summary:
          relevant.length === 0
            ? `no ${opts.what} findings to review`
            : `${plural(relevant.length, `${opts.what} finding`)}, none past the ${windowText} review window yet`,
        evidence: ev,
      };
    }
    const share = inTime.size / due.length;
    const status =
      share >= opts.passShare ? 'pass' : share >= opts.partialShare ? 'partial' : 'fail';
    return {
      status,
      summary: `${inTime.size} of ${due.length} ${opts.what} findings reviewed within ${windowText} (${percent(inTime.size, due.length)})`,
      evidence: ev,
    };
  };
}

/** Human oversight: 90% of high/critical findings reviewed within the window (default 7 days). */
export const humanReview = reviewTimelinessCheck({
  minSeverity: 'high',
  days: (d) => d,
  passShare: 0.9,
  partialShare: 0.5,
  what: 'high/critical',
});

/** Incidents: every critical finding assessed within 72 hours (GDPR Art. 33's clock). */
export const incidentResponse = reviewTimelinessCheck({
  minSeverity: 'critical',
  days: () => 3,
  passShare: 1,
  partialShare: 0.5,
  what: 'critical',
});

/** Accountability: status decisions are documented (a comment on each move). */
export const reviewAccountability: Check = (s) => {
  if (noEvidence(s)) return NO_EVIDENCE();
  const changes = s.findings.reduce((n, f) => n + f.status_changes, 0);
  const commented = s.findings.reduce((n, f) => n + f.commented_changes, 0);
  const undocumented = s.findings.filter((f) => f.commented_changes < f.status_changes);
  const ev = evidence({
    finding_ids: worstFirst(undocumented),
    finding_count: undocumented.length,
    counts: { status_changes: changes, with_comment: commented },
  });
  if (changes === 0) {
    return { status: 'pass', summary: 'no finding status decisions recorded yet', evidence: ev };
  }
  const share = commented / changes;
  const status = share === 1 ? 'pass' : share >= 0.5 ? 'partial' : 'fail';
  return {
    status,
    summary: `${commented} of ${plural(changes, 'status decision')} documented with a comment (${percent(commented, changes)}); every decision is ledgered with its actor`,
    evidence: ev,
  };
};

/** Pseudonymisation: prompts and completions are stored with detected spans redacted. */
export const pseudonymisation: Check = (s) => {
  const pii = s.findings.filter((f) => f.category === 'pii');
  const ev = evidence({
    counts: { pii_findings: pii.length, policy_version: s.policy.version ?? 0 },
  });
  if (s.policy.redact_content) {
    return {
      status: 'pass',
      summary:
        'the live policy stores prompts and completions with detected PII and secrets redacted',
      evidence: ev,
    };
  }
  return pii.length === 0
    ? {
        status: 'partial',
        summary:
          'content is stored unredacted (redact_content is off), though no PII has been detected',
        evidence: ev,
      }
    : {
        status: 'fail',
        summary: `content is stored unredacted (redact_content is off) and ${plural(pii.length, 'PII finding')} show personal data in it`,
        evidence: { ...ev, agents: [...new Set(pii.map((f) => f.agent))].sort() },
      };
};

/** "critical", "high or critical", "medium or worse". */
function severityFloor(s: Severity): string {
  return s === 'critical' ? 'critical' : s === 'high' ? 'high or critical' : `${s} or worse`;
}

/** 7 days, 72 hours, 30 minutes: the review window as people say it. */
export function windowLabel(days: number): string {
  const hours = days * 24;
  if (Number.isInteger(days) && hours > 72) return plural(days, 'day');
  if (Number.isInteger(hours)) return plural(hours, 'hour');
  return plural(Math.max(1, Math.round(hours * 60)), 'minute');
}

function prefix(p: string, counts: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(counts).map(([k, v]) => [`${p}${k}`, v]));
}
