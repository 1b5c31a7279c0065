import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { escapeHtml, fillTemplate, renderReportHtml } from '../../../src/reports/html.js';
import { buildReportModel } from '../../../src/reports/model.js';
import { renderReportPdf } from '../../../src/reports/pdf.js';
import { buildTimeline, chooseUnit, layoutChart, niceAxis } from '../../../src/reports/timeline.js';
import { checkXml } from '../../support/report-xml.js';
import { agent, daysAgo, finding, NOW, snapshot } from '../compliance/compliance-fixtures.js';

const HOSTILE = '<script>alert("x")</script> & co\'s "bot"';

function model(over: { agent?: string | null } = {}) {
  const s = snapshot({
    agents: [agent('support-bot'), agent(HOSTILE)],
    findings: [
      finding({
        agent: HOSTILE,
        severity: 'critical',
        category: 'secret',
        occurred_at: daysAgo(10),
      }),
      finding({ agent: 'support-bot', severity: 'high', occurred_at: daysAgo(3) }),
      finding({ agent: 'support-bot', severity: 'low', occurred_at: daysAgo(3), status: 'closed' }),
    ],
  });
  return buildReportModel(s, {
    regulation: 'eu-ai-act',
    agent: over.agent ?? null,
    now: NOW,
    reportId: 'rp_TEST0000000000000000000000',
    generator: 'evid test',
  });
}

export function pdfPageCount(pdf: Buffer): number {
  return (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
}

const hasPdftotext = spawnSync('pdftotext', ['-v']).error === undefined;
const tmp = mkdtempSync(join(tmpdir(), 'evid-report-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('html report', () => {
  it('is well-formed XML with every hostile value escaped', () => {
    const m = model();
    const html = renderReportHtml(m);
    const check = checkXml(html);
    expect(check.errors).toEqual([]);
    expect(check.elements).not.toContain('script');
    expect(check.text).toContain(HOSTILE);
    expect(html).toContain('&#60;script&#62;');
  });

  it('shows the score, every control with its status, the chart and the tree head', () => {
    const m = model();
    const html = renderReportHtml(m);
    expect(html).toContain(`data-score="${m.score.score.toFixed(1)}"`);
    for (const c of m.score.controls) {
      expect(html).toContain(`<tr id="control-${c.id}" data-status="${c.status}">`);
    }
    const segments = m.timeline.buckets.reduce(
      (n, b) => n + Object.values(b.counts).filter((v) => v > 0).length,
      0,
    );
    const chart = /<figure id="chart">([\s\S]*?)<\/figure>/.exec(html)![1]!;
    expect((chart.match(/<rect [^>]*><title>/g) ?? []).length).toBe(segments);
    expect(html).toContain('ab'.repeat(32));
    expect(html).toContain('cd'.repeat(32));
    const text = checkXml(html).text;
    expect(text).toContain('Ledger');
    expect(text).toContain('Agents covered');
  });

  it('fills placeholders and refuses a template with an unknown one', () => {
    expect(fillTemplate('<p>{{a}}{{{b}}}</p>', { a: '<&>' }, { b: '<i>x</i>' })).toBe(
      '<p>&#60;&#38;&#62;<i>x</i></p>',
    );
    expect(() => fillTemplate('{{missing}}', {}, {})).toThrow(/missing/);
    expect(() => fillTemplate('{{{frag}}}', {}, {})).toThrow(/frag/);
    expect(escapeHtml(null)).toBe('');
  });

  it('scopes a per-agent report to that agent', () => {
    const m = model({ agent: 'support-bot' });
    expect(m.title).toBe('EU AI Act compliance report: support-bot');
    expect(m.agents.map((a) => a.agent)).toEqual(['support-bot']);
    expect(m.severity_totals).toEqual({ low: 1, medium: 0, high: 1, critical: 0 });
  });
});

describe('timeline', () => {
  it('chooses days, weeks, then months', () => {
    expect(chooseUnit(0)).toBe('day');
    expect(chooseUnit(31)).toBe('day');
    expect(chooseUnit(32)).toBe('week');
    expect(chooseUnit(183)).toBe('week');
    expect(chooseUnit(184)).toBe('month');
  });
  it('buckets by evidence time, keeping empty buckets', () => {
    const t = buildTimeline([
      finding({ occurred_at: '2026-03-01T10:00:00Z', severity: 'high' }),
      finding({ occurred_at: '2026-03-01T23:59:59Z', severity: 'high' }),
      finding({ occurred_at: '2026-03-04T00:00:00Z', severity: 'low' }),
    ]);
    expect(t.unit).toBe('day');
    expect(t.buckets.map((b) => [b.start, b.total])).toEqual([
      ['2026-03-01', 2],
      ['2026-03-02', 0],
      ['2026-03-03', 0],
      ['2026-03-04', 1],
    ]);
    expect(t.buckets[0]!.counts.high).toBe(2);
  });
  it('starts weeks on Monday and months on the 1st', () => {
    const weeks = buildTimeline([
      finding({ occurred_at: '2026-01-01T00:00:00Z' }), // a Thursday
      finding({ occurred_at: '2026-03-01T00:00:00Z' }),
    ]);
    expect(weeks.unit).toBe('week');
    expect(weeks.buckets[0]!.start).toBe('2025-12-29');
    const months = buildTimeline([
      finding({ occurred_at: '2026-01-15T00:00:00Z' }),
      finding({ occurred_at: '2026-09-02T00:00:00Z' }),
    ]);
    expect(months.unit).toBe('month');
    expect(months.buckets.map((b) => b.start)[8]).toBe('2026-09-01');
    expect(months.buckets).toHaveLength(9);
  });
  it('rounds the axis to 1-2-5 steps and keeps bars inside the plot', () => {
    expect(niceAxis(0)).toEqual({ max: 4, step: 1 });
    expect(niceAxis(7)).toEqual({ max: 8, step: 2 });
    expect(niceAxis(130)).toEqual({ max: 150, step: 50 });
    const t = buildTimeline(
      Array.from({ length: 9 }, (_, i) => finding({ occurred_at: daysAgo(i) })),
    );
    const c = layoutChart(t, 500, 200);
    for (const b of c.bars) {
      expect(b.x).toBeGreaterThanOrEqual(c.plot.x);
      expect(b.x + b.width).toBeLessThanOrEqual(c.plot.x + c.plot.width + 0.01);
      for (const s of b.segments) expect(s.y).toBeGreaterThanOrEqual(c.plot.y - 0.01);
    }
  });
});

describe('pdf report', () => {
  it('is a PDF with the same bytes for the same model (fixed creation date)', async () => {
    const m = model();
    const a = await renderReportPdf(m);
    const b = await renderReportPdf(m);
    expect(a.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfPageCount(a)).toBeGreaterThanOrEqual(2);
    expect(a.equals(b)).toBe(true);
  });

  it.skipIf(!hasPdftotext)(
    'has extractable text, including ✓ and hostile names verbatim',
    async () => {
      const m = model();
      const file = join(tmp, 'r.pdf');
      writeFileSync(file, await renderReportPdf(m));
      const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
      expect(text).toContain('EU AI Act compliance report');
      expect(text).toContain(m.score.score.toFixed(1));
      expect(text).toContain('✓');
      expect(text).toContain('Art. 14(4)(e)');
      expect(text.replace(/\s+/g, ' ')).toContain('alert("x")');
      expect(text).toContain(`page 1 of ${pdfPageCount(await renderReportPdf(m))}`);
    },
  );
});
