import { describe, expect, it } from 'vitest';
import { describeControls } from '../../../src/compliance/describe.js';
import { controlById } from '../../../src/compliance/controls.js';
import { combineOutcomes, evidence } from '../../../src/compliance/score/outcome.js';
import { REGULATION_IDS, REGULATIONS } from '../../../src/compliance/score/regulations.js';
import {
  parseRegulation,
  scoreRegulation,
  weightedScore,
} from '../../../src/compliance/score/score.js';
import { UsageError } from '../../../src/errors.js';
import { agent, finding, ledger, NOW, snapshot } from './compliance-fixtures.js';

describe('weighted score', () => {
  it('counts pass 1, partial 0.5, fail 0, by weight, to one decimal', () => {
    expect(weightedScore([{ weight: 3, status: 'pass' }])).toBe(100);
    expect(weightedScore([{ weight: 1, status: 'fail' }])).toBe(0);
    expect(
      weightedScore([
        { weight: 2, status: 'partial' },
        { weight: 2, status: 'pass' },
      ]),
    ).toBe(75);
    // (3 + 0.5) / 6 = 58.33..
    expect(
      weightedScore([
        { weight: 3, status: 'pass' },
        { weight: 1, status: 'partial' },
        { weight: 2, status: 'fail' },
      ]),
    ).toBe(58.3);
    expect(weightedScore([])).toBe(0);
  });
});

describe('regulations', () => {
  it('accepts the four regulations and names them in the usage error', () => {
    expect(REGULATION_IDS).toEqual(['eu-ai-act', 'gdpr', 'nist-ai-rmf', 'iso-42001']);
    expect(parseRegulation('gdpr')).toBe('gdpr');
    expect(() => parseRegulation('hipaa')).toThrow(UsageError);
    expect(() => parseRegulation('hipaa')).toThrow(/eu-ai-act, gdpr, nist-ai-rmf, iso-42001/);
  });
  it('scores only controls from the CONTROLS table, of the same regulation, once each', () => {
    for (const id of REGULATION_IDS) {
      const ids = REGULATIONS[id].controls.map((c) => c.id);
      expect(new Set(ids).size).toBe(ids.length);
      for (const c of REGULATIONS[id].controls) {
        expect(controlById(c.id)?.regulation).toBe(id);
        expect(c.weight).toBeGreaterThan(0);
        expect(c.checks.length).toBeGreaterThan(0);
      }
    }
  });
});

describe('scoreRegulation', () => {
  it('scores a clean store: only storage limitation and pseudonymisation are partial under GDPR', () => {
    const s = scoreRegulation(snapshot(), 'gdpr', { now: NOW });
    const partial = s.controls.filter((c) => c.status !== 'pass').map((c) => c.id);
    expect(partial).toEqual(['gdpr:art-32-1-a', 'gdpr:art-5-1-e']);
    // weights: 3+3+2+2+2+2+1+1 = 16; two partial controls of weight 2 lose 2 points
    expect(s.score).toBe(87.5);
    expect(s.counts).toEqual({ pass: 6, partial: 2, fail: 0 });
    expect(s.generated_at).toBe(NOW.toISOString());
    expect(s.controls[0]).toMatchObject({
      ref: 'Art. 5(1)(c)',
      title: 'Data minimisation',
      weight: 3,
    });
    expect(s.controls[0]!.citation).toContain('limited to what is necessary');
  });

  it('fails the record-keeping control when the ledger is broken, and drops the score', () => {
    const broken = snapshot({
      ledger: ledger({ ok: false, first_bad_seq: 3, reason: 'tampered' }),
    });
    const s = scoreRegulation(broken, 'eu-ai-act', { now: NOW });
    const rk = s.controls.find((c) => c.id === 'eu-ai-act:art-12-1')!;
    expect(rk.status).toBe('fail');
    expect(rk.checks).toEqual(['ledger_integrity', 'logging_coverage']);
    expect(rk.evidence.ledger?.first_bad_seq).toBe(3);
    expect(s.score).toBeLessThan(scoreRegulation(snapshot(), 'eu-ai-act', { now: NOW }).score);
    expect(s.ledger.ok).toBe(false);
  });

  it('scores per agent from that agent’s facts only', () => {
    const s = snapshot({
      agents: [agent('clean'), agent('leaky')],
      findings: [
        finding({
          agent: 'leaky',
          category: 'secret',
          type: 'secret.github_token',
          severity: 'critical',
        }),
      ],
    });
    const all = scoreRegulation(s, 'eu-ai-act', { now: NOW });
    expect(all.agents.map((a) => a.agent)).toEqual(['clean', 'leaky']);
    const clean = scoreRegulation(s, 'eu-ai-act', { now: NOW, agent: 'clean' });
    const leaky = scoreRegulation(s, 'eu-ai-act', { now: NOW, agent: 'leaky' });
    expect(clean.agent).toBe('clean');
    expect(clean.controls.find((c) => c.id === 'eu-ai-act:art-15')!.status).toBe('pass');
    expect(leaky.controls.find((c) => c.id === 'eu-ai-act:art-15')!.status).toBe('fail');
    expect(all.agents.find((a) => a.agent === 'leaky')!.score).toBe(leaky.score);
    expect(all.agents.find((a) => a.agent === 'clean')!.score).toBe(clean.score);
    expect(leaky.agents).toEqual([{ agent: 'leaky', score: leaky.score, ...leaky.counts }]);
  });

  it('is deterministic for the same snapshot and now', () => {
    const s = snapshot({ findings: [finding({ severity: 'high' })] });
    expect(scoreRegulation(s, 'nist-ai-rmf', { now: NOW })).toEqual(
      scoreRegulation(s, 'nist-ai-rmf', { now: NOW }),
    );
  });
});

describe('combineOutcomes', () => {
  it('takes the worst status and merges evidence', () => {
    const out = combineOutcomes([
      {
        check: 'a',
        outcome: {
          status: 'pass',
          summary: 'A ok',
          evidence: evidence({ counts: { n: 1 }, agents: ['x'] }),
        },
      },
      {
        check: 'b',
        outcome: {
          status: 'partial',
          summary: 'B meh',
          evidence: evidence({ counts: { n: 2 }, finding_ids: ['fd_1'], agents: ['x', 'y'] }),
        },
      },
    ]);
    expect(out.status).toBe('partial');
    expect(out.summary).toBe('A ok; B meh');
    expect(out.evidence.counts).toEqual({ n: 1, 'b.n': 2 });
    expect(out.evidence.agents).toEqual(['x', 'y']);
    expect(out.evidence.finding_ids).toEqual(['fd_1']);
  });
});

describe('describeControls', () => {
  it('describes known ids from CONTROLS and keeps unknown ones', () => {
    const [known, unknown] = describeControls(['gdpr:art-5-1-c', 'acme:rule-9']);
    expect(known).toMatchObject({
      id: 'gdpr:art-5-1-c',
      regulation: 'gdpr',
      ref: 'Art. 5(1)(c)',
      title: 'Data minimisation',
    });
    expect(known!.citation.length).toBeGreaterThan(20);
    expect(unknown).toEqual({
      id: 'acme:rule-9',
      regulation: 'acme',
      ref: 'rule-9',
      title: 'unknown control',
      citation: '',
    });
    expect(describeControls([])).toEqual([]);
  });
});
