import { describe, expect, it } from 'vitest';
import { latin1 } from '../../../src/packs/report-pdf.js';
import { escapeHtml, renderPackHtml, renderTemplate } from '../../../src/packs/report-html.js';
import type { PackSummary } from '../../../src/packs/summary.js';

const summary = (over: Partial<PackSummary> = {}): PackSummary => ({
  period: { since: '2026-01-01T00:00:00.000Z', until: '2026-02-01T00:00:00.000Z', session: null },
  empty: false,
  counts: { traces: 1, events: 2, purged_events: 0, findings: 1, finding_updates: 0 },
  findings_by_severity: { low: 0, medium: 1, high: 0, critical: 0 },
  findings_by_status: { open: 1, reviewing: 0, remediated: 0, closed: 0 },
  traces: [
    {
      trace_id: 'tr_1',
      session_id: 'sess_<img src=x onerror=alert(1)>',
      agent: 'agent "quoted" & <b>bold</b>',
      framework: null,
      status: 'completed',
      event_count: 2,
      first_event_at: '2026-01-02T00:00:00.000Z',
      last_event_at: '2026-01-02T00:01:00.000Z',
    },
  ],
  traces_listed: 1,
  tree_head: {
    tree_size: 3,
    root_hash: 'ab'.repeat(32),
    signed_at: '2026-02-01T00:00:00.000Z',
    key_fingerprint: 'cd'.repeat(32),
  },
  ...over,
});

const input = (s: PackSummary) => ({
  pack_id: 'pk_1',
  created_at: '2026-02-01T00:00:00.000Z',
  origin: 'evid/store',
  generator: 'evid test',
  include_controls: false,
  summary: s,
  controls: null,
});

describe('HTML report', () => {
  it('escapes every value', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;',
    );
    const html = renderPackHtml(input(summary()));
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<b>bold</b>');
    expect(html).toContain('sess_&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('agent &quot;quoted&quot; &amp; &lt;b&gt;bold&lt;/b&gt;');
  });

  it('fills every placeholder and says so when the period is empty', () => {
    const html = renderPackHtml(
      input(
        summary({
          empty: true,
          traces: [],
          traces_listed: 0,
          counts: { traces: 0, events: 0, purged_events: 0, findings: 0, finding_updates: 0 },
        }),
      ),
    );
    expect(html).not.toMatch(/\{\{/);
    expect(html).toContain('No evidence in this period');
    expect(html).toContain('No traces in this period.');
  });

  it('is strict about placeholders', () => {
    expect(renderTemplate('<p>{{a}} {{{b}}}</p>', { a: '<x>' }, { b: '<i>ok</i>' })).toBe(
      '<p>&lt;x&gt; <i>ok</i></p>',
    );
    expect(() => renderTemplate('{{missing}}', {})).toThrow(/missing/);
    expect(() => renderTemplate('{{{frag}}}', {}, {})).toThrow(/frag/);
  });
});

describe('PDF text', () => {
  it('keeps Latin-1 and replaces what the standard fonts cannot draw', () => {
    expect(latin1('Zürich café')).toBe('Zürich café');
    expect(latin1('東京 ✓ 🚀')).toBe('?? ? ??');
    expect(latin1(null)).toBe('-');
  });
});
