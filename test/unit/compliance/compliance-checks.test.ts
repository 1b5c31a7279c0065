import { describe, expect, it } from 'vitest';
import {
  humanReview,
  incidentResponse,
  openFindingsCheck,
  pseudonymisation,
  reviewAccountability,
  windowLabel,
} from '../../../src/compliance/score/checks-findings.js';
import { killSwitch } from '../../../src/compliance/score/checks-oversight.js';
import {
  analysisCoverage,
  ledgerIntegrity,
  loggingCoverage,
  logRetention,
  storageLimitation,
} from '../../../src/compliance/score/checks-records.js';
import { agent, CTX, daysAgo, finding, ledger, snapshot } from './compliance-fixtures.js';

describe('ledger integrity', () => {
  it('passes on a verified ledger and links the tree head', () => {
    const out = ledgerIntegrity(snapshot(), CTX);
    expect(out.status).toBe('pass');
    expect(out.evidence.ledger).toMatchObject({
      ok: true,
      tree_size: 10,
      key_fingerprint: 'cd'.repeat(32),
    });
  });
  it('is partial on an empty ledger', () => {
    const out = ledgerIntegrity(
      snapshot({ ledger: ledger({ entries_checked: 0, tree_size: 0 }) }),
      CTX,
    );
    expect(out.status).toBe('partial');
  });
  it('fails on a broken ledger, naming the first bad seq', () => {
    const broken = ledger({
      ok: false,
      first_bad_seq: 7,
      reason: 'tampered',
      message: 'entry 7 altered',
    });
    const out = ledgerIntegrity(snapshot({ ledger: broken }), CTX);
    expect(out.status).toBe('fail');
    expect(out.summary).toContain('seq 7');
    expect(out.evidence.ledger?.first_bad_seq).toBe(7);
  });
});

describe('logging coverage', () => {
  it('passes when every event of every agent is ledgered', () => {
    expect(loggingCoverage(snapshot({ agents: [agent('a'), agent('b')] }), CTX).status).toBe(
      'pass',
    );
  });
  it('is partial with no agent activity', () => {
    expect(loggingCoverage(snapshot({ agents: [] }), CTX).status).toBe('partial');
  });
  it('is partial when some events of a covered agent are missing from the ledger', () => {
    const out = loggingCoverage(snapshot({ agents: [agent('a', { events_ledgered: 4 })] }), CTX);
    expect(out.status).toBe('partial');
    expect(out.evidence.agents).toEqual(['a']);
  });
  it('fails when an agent has events but none ledgered', () => {
    const out = loggingCoverage(
      snapshot({ agents: [agent('a'), agent('ghost', { events_ledgered: 0 })] }),
      CTX,
    );
    expect(out.status).toBe('fail');
    expect(out.evidence.agents).toEqual(['ghost']);
  });
});

describe('log retention (six months)', () => {
  it('passes with no purge configured, saying so', () => {
    const out = logRetention(snapshot(), CTX);
    expect(out.status).toBe('pass');
    expect(out.summary).toContain('no purge configured');
    expect(out.evidence.counts.oldest_kept_days).toBe(30);
  });
  it('passes with a policy of exactly 183 days', () => {
    const out = logRetention(
      snapshot({ retention: { policy: { days: 183, enforce: true } } }),
      CTX,
    );
    expect(out.status).toBe('pass');
  });
  it('fails with an enforced policy of 182 days', () => {
    const out = logRetention(
      snapshot({ retention: { policy: { days: 182, enforce: true } } }),
      CTX,
    );
    expect(out.status).toBe('fail');
  });
  it('is partial with a short policy that is not enforced', () => {
    const out = logRetention(
      snapshot({ retention: { policy: { days: 30, enforce: false } } }),
      CTX,
    );
    expect(out.status).toBe('partial');
  });
  it('fails when any record was purged before six months', () => {
    const out = logRetention(
      snapshot({ agents: [agent('bot', { events_purged: 3, early_purges: 1 })] }),
      CTX,
    );
    expect(out.status).toBe('fail');
    expect(out.evidence.counts.early_purges).toBe(1);
  });
});

describe('storage limitation', () => {
  it('is partial without a retention policy', () => {
    expect(storageLimitation(snapshot(), CTX).status).toBe('partial');
  });
  it('is partial when the policy is not enforced', () => {
    const s = snapshot({ retention: { policy: { days: 90, enforce: false } } });
    expect(storageLimitation(s, CTX).status).toBe('partial');
  });
  it('passes when enforced and nothing is older than the window (plus a day)', () => {
    const s = snapshot({
      retention: { policy: { days: 90, enforce: true } },
      agents: [agent('bot', { oldest_kept_at: daysAgo(91) })],
    });
    expect(storageLimitation(s, CTX).status).toBe('pass');
  });
  it('fails when evidence outlives an enforced policy', () => {
    const s = snapshot({
      retention: { policy: { days: 90, enforce: true } },
      agents: [agent('bot', { oldest_kept_at: daysAgo(92) })],
    });
    expect(storageLimitation(s, CTX).status).toBe('fail');
  });
});

describe('analysis coverage', () => {
  it('passes when every trace was analysed', () => {
    expect(analysisCoverage(snapshot(), CTX).status).toBe('pass');
  });
  it('is partial with no traces', () => {
    expect(
      analysisCoverage(snapshot({ agents: [agent('bot', { traces: 0, traces_analysed: 0 })] }), CTX)
        .status,
    ).toBe('partial');
  });
  it('is partial at exactly 10% failed, fails above', () => {
    const at = agent('bot', { traces: 10, traces_analysed: 9, traces_failed: 1 });
    expect(analysisCoverage(snapshot({ agents: [at] }), CTX).status).toBe('partial');
    const above = agent('bot', { traces: 10, traces_analysed: 8, traces_failed: 2 });
    expect(analysisCoverage(snapshot({ agents: [above] }), CTX).status).toBe('fail');
  });
  it('is partial while traces are pending analysis', () => {
    const pending = agent('bot', { traces: 3, traces_analysed: 2 });
    expect(analysisCoverage(snapshot({ agents: [pending] }), CTX).status).toBe('partial');
  });
});

describe('open findings', () => {
  const pii = openFindingsCheck(['pii'], 'high', 'PII');
  it('passes with no findings, and with only resolved ones', () => {
    expect(pii(snapshot(), CTX).status).toBe('pass');
    const resolved = [
      finding({ severity: 'critical', status: 'closed' }),
      finding({ status: 'remediated' }),
    ];
    expect(pii(snapshot({ findings: resolved }), CTX).status).toBe('pass');
  });
  it('is partial with open findings below the threshold', () => {
    const out = pii(snapshot({ findings: [finding({ severity: 'medium' })] }), CTX);
    expect(out.status).toBe('partial');
    expect(out.evidence.finding_ids).toHaveLength(1);
  });
  it('is partial when a severe finding is under review', () => {
    const out = pii(
      snapshot({ findings: [finding({ severity: 'high', status: 'reviewing' })] }),
      CTX,
    );
    expect(out.status).toBe('partial');
  });
  it('is partial, not a pass, while any finding is under review, whatever its severity', () => {
    const low = finding({ severity: 'low', status: 'reviewing' });
    const out = pii(snapshot({ findings: [low, finding({ status: 'closed' })] }), CTX);
    expect(out).toMatchObject({ status: 'partial', summary: '1 PII finding still under review' });
    expect(out.evidence.finding_ids).toEqual([low.id]);
    const both = pii(snapshot({ findings: [finding({ severity: 'medium' }), low] }), CTX);
    expect(both.summary).toBe(
      '1 open PII finding, none high or critical; 1 PII finding still under review',
    );
    expect(both.evidence.finding_count).toBe(2);
  });
  it('counts only remediated and closed findings as resolved in a pass', () => {
    const out = pii(
      snapshot({ findings: [finding({ status: 'closed' }), finding({ status: 'remediated' })] }),
      CTX,
    );
    expect(out.summary).toBe('no open PII findings (2 findings remediated or closed)');
  });
  it('fails on an open finding at the threshold, listing worst first', () => {
    const f = [
      finding({ severity: 'medium' }),
      finding({ severity: 'high' }),
      finding({ severity: 'critical' }),
    ];
    const out = pii(snapshot({ findings: f }), CTX);
    expect(out.status).toBe('fail');
    expect(out.evidence.finding_ids).toEqual([f[2]!.id, f[1]!.id]);
    expect(out.evidence.counts).toMatchObject({ open: 3, open_high: 1, open_critical: 1 });
  });
  it('is partial on an empty store: no evidence, nothing to vouch for', () => {
    const empty = snapshot({ agents: [] });
    for (const check of [pii, humanReview, incidentResponse, reviewAccountability]) {
      expect(check(empty, CTX)).toMatchObject({
        status: 'partial',
        summary: 'no evidence collected yet',
      });
    }
  });
  it('ignores other categories', () => {
    const other = finding({
      category: 'secret',
      type: 'secret.aws_access_key',
      severity: 'critical',
    });
    expect(pii(snapshot({ findings: [other] }), CTX).status).toBe('pass');
  });
  it('secrets fail only at critical', () => {
    const secrets = openFindingsCheck(['secret'], 'critical', 'secret');
    const high = finding({ category: 'secret', severity: 'high' });
    expect(secrets(snapshot({ findings: [high] }), CTX).status).toBe('partial');
    const critical = finding({ category: 'secret', severity: 'critical' });
    expect(secrets(snapshot({ findings: [critical] }), CTX).status).toBe('fail');
  });
  it('caps listed ids at 20 and keeps the total', () => {
    const many = Array.from({ length: 25 }, () => finding({ severity: 'high' }));
    const out = pii(snapshot({ findings: many }), CTX);
    expect(out.evidence.finding_ids).toHaveLength(20);
    expect(out.evidence.finding_count).toBe(25);
  });
});

describe('human review of high/critical findings within 7 days', () => {
  const reviewed = (days: number) =>
    finding({
      severity: 'high',
      created_at: daysAgo(20),
      reviewed_at: daysAgo(20 - days),
      status: 'remediated',
    });
  const late = () => finding({ severity: 'high', created_at: daysAgo(20) });
  it('passes when nothing is due: no findings, or all newer than the window', () => {
    expect(humanReview(snapshot(), CTX).status).toBe('pass');
    const fresh = finding({ severity: 'critical', created_at: daysAgo(6) });
    const out = humanReview(snapshot({ findings: [fresh] }), CTX);
    expect(out.status).toBe('pass');
    expect(out.evidence.counts.not_yet_due).toBe(1);
  });
  it('ignores low and medium findings', () => {
    expect(humanReview(snapshot({ findings: [finding({ severity: 'medium' })] }), CTX).status).toBe(
      'pass',
    );
  });
  it('counts a review at exactly 7 days as in time, 8 days as late', () => {
    expect(humanReview(snapshot({ findings: [reviewed(7)] }), CTX).status).toBe('pass');
    const out = humanReview(snapshot({ findings: [reviewed(8)] }), CTX);
    expect(out.status).toBe('fail');
    expect(out.evidence.counts.late).toBe(1);
  });
  it('passes at 90% in time, partial just below', () => {
    const nine = [...Array.from({ length: 9 }, () => reviewed(1)), late()];
    expect(humanReview(snapshot({ findings: nine }), CTX).status).toBe('pass');
    const eight = [...Array.from({ length: 8 }, () => reviewed(1)), late(), late()];
    expect(humanReview(snapshot({ findings: eight }), CTX).status).toBe('partial');
  });
  it('is partial at 50%, fails below', () => {
    expect(humanReview(snapshot({ findings: [reviewed(1), late()] }), CTX).status).toBe('partial');
    const third = [reviewed(1), late(), late()];
    const out = humanReview(snapshot({ findings: third }), CTX);
    expect(out.status).toBe('fail');
    expect(out.evidence.finding_ids).toHaveLength(2);
  });
  it('follows the configured window', () => {
    const s = snapshot({ findings: [reviewed(2)] });
    expect(humanReview(s, { ...CTX, reviewWithinDays: 1 }).status).toBe('fail');
    expect(humanReview(s, { ...CTX, reviewWithinDays: 2 }).status).toBe('pass');
  });
});

describe('incident response (critical within 72 hours)', () => {
  it('needs every due critical finding assessed in time', () => {
    const inTime = finding({
      severity: 'critical',
      created_at: daysAgo(10),
      reviewed_at: daysAgo(7),
    });
    const slow = finding({
      severity: 'critical',
      created_at: daysAgo(10),
      reviewed_at: daysAgo(6),
    });
    expect(incidentResponse(snapshot({ findings: [inTime] }), CTX).status).toBe('pass');
    const out = incidentResponse(snapshot({ findings: [inTime, slow] }), CTX);
    expect(out.status).toBe('partial');
    expect(out.summary).toContain('72 hours');
    expect(incidentResponse(snapshot({ findings: [slow] }), CTX).status).toBe('fail');
  });
  it('labels windows as people say them', () => {
    expect(windowLabel(7)).toBe('7 days');
    expect(windowLabel(3)).toBe('72 hours');
    expect(windowLabel(0.5)).toBe('12 hours');
    expect(windowLabel(30 / 1440)).toBe('30 minutes');
  });
});

describe('accountability and pseudonymisation', () => {
  it('passes with no decisions or all commented, partial at 50%, fails below', () => {
    expect(reviewAccountability(snapshot(), CTX).status).toBe('pass');
    const all = [finding({ status_changes: 2, commented_changes: 2 })];
    expect(reviewAccountability(snapshot({ findings: all }), CTX).status).toBe('pass');
    const half = [finding({ status_changes: 2, commented_changes: 1 })];
    expect(reviewAccountability(snapshot({ findings: half }), CTX).status).toBe('partial');
    const few = [finding({ status_changes: 3, commented_changes: 1 })];
    expect(reviewAccountability(snapshot({ findings: few }), CTX).status).toBe('fail');
  });
  it('passes with redaction on; without it, partial until PII is seen, then fail', () => {
    const redacting = snapshot({
      policy: { version: 2, redact_content: true },
      findings: [finding()],
    });
    expect(pseudonymisation(redacting, CTX).status).toBe('pass');
    expect(pseudonymisation(snapshot(), CTX).status).toBe('partial');
    expect(pseudonymisation(snapshot({ findings: [finding()] }), CTX).status).toBe('fail');
  });
});

describe('kill switch', () => {
  it('is partial when no kill switch state is recorded', () => {
    const s = snapshot({
      kill_switch: { recorded: false, active: [], ledgered_changes: 0, last_change_at: null },
    });
    const out = killSwitch(s, CTX);
    expect(out.status).toBe('partial');
    expect(out.summary).toBe('no kill switch state recorded');
  });
  it('passes when available, and when active (oversight working)', () => {
    expect(killSwitch(snapshot(), CTX).status).toBe('pass');
    const active = snapshot({
      kill_switch: {
        recorded: true,
        active: [{ scope: 'global', reason: 'incident 42', actor: 'cli:ops', at: daysAgo(1) }],
        ledgered_changes: 1,
        last_change_at: daysAgo(1),
      },
    });
    const out = killSwitch(active, CTX);
    expect(out.status).toBe('pass');
    expect(out.summary).toContain('ACTIVE globally');
    expect(out.summary).toContain('incident 42');
  });
});
