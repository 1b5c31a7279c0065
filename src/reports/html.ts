/**
 * report.html from templates/report.html: one self-contained file (inline CSS, inline SVG,
 * no scripts, no external requests). Markup is XHTML-compatible (void elements closed,
 * only XML's five named entities), and every value from the store is escaped.
 */
import { readFileSync } from 'node:fs';
import type { ControlStatus } from '../compliance/score/outcome.js';
import type { ControlScore } from '../compliance/score/score.js';
import type { ReportModel } from './model.js';
import { layoutChart, SEVERITIES, type Timeline } from './timeline.js';

const TEMPLATE_URL = new URL('../../templates/report.html', import.meta.url);

export const STATUS_MARK: Record<ControlStatus, string> = { pass: '✓', partial: '◐', fail: '✗' };
export const SEVERITY_COLOUR: Record<string, string> = {
  low: '#4a90c2',
  medium: '#e0b341',
  high: '#e07b2e',
  critical: '#b42318',
};

export function escapeHtml(value: unknown): string {
  const text = value === null || value === undefined ? '' : String(value);
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * Fills `{{name}}` (escaped) and `{{{name}}}` (a fragment this module built from escaped
 * parts). A placeholder without a value is an error, so template drift cannot go unseen.
 */
export function fillTemplate(
  template: string,
  values: Record<string, unknown>,
  fragments: Record<string, string>,
): string {
  return template.replace(/\{\{(\{?)\s*([a-z_]+)\s*\}?\}\}/g, (_m, raw: string, name: string) => {
    if (raw) {
      if (!(name in fragments)) throw new Error(`report template: no fragment for {{{${name}}}}`);
      return fragments[name]!;
    }
    if (!(name in values)) throw new Error(`report template: no value for {{${name}}}`);
    return escapeHtml(values[name]);
  });
}

export function scoreClass(score: number): ControlStatus {
  return score >= 80 ? 'pass' : score >= 50 ? 'partial' : 'fail';
}

export function renderReportHtml(model: ReportModel, template?: string): string {
  const s = model.score;
  const tpl = template ?? readFileSync(TEMPLATE_URL, 'utf8');
  return fillTemplate(
    tpl,
    {
      title: model.title,
      regulation: s.regulation,
      regulation_name: s.regulation_name,
      scope: s.agent ? `agent ${s.agent}` : `all agents (${s.agents.length})`,
      period: periodText(s.period),
      generated_at: s.generated_at,
      report_id: model.report_id,
      origin: model.ledger.origin,
      generator: model.generator,
      score: s.score.toFixed(1),
      score_class: scoreClass(s.score),
      score_note: `${s.controls.length} controls weighted by importance; human review window ${s.review_within_days} days.`,
      agent_arg: s.agent ? ` ${s.agent}` : '',
    },
    {
      tally: (['pass', 'partial', 'fail'] as const)
        .map((k) => `<span class="tally-${k}">${STATUS_MARK[k]} ${s.counts[k]} ${k}</span>`)
        .join(''),
      control_rows: s.controls.map(controlRow).join('\n'),
      chart: chartSvg(model.timeline),
      severity_rows: SEVERITIES.map(
        (sev) =>
          `<tr><td>${swatch(sev)} ${escapeHtml(sev)}</td><td class="num">${model.severity_totals[sev]}</td></tr>`,
      ).join('\n'),
      ledger_rows: ledgerRows(model),
      checkpoint: model.ledger.checkpoint
        ? `<p>Signed checkpoint (C2SP signed note):</p>\n<pre id="checkpoint">${escapeHtml(model.ledger.checkpoint)}</pre>`
        : '',
      agent_rows:
        model.agents.length === 0
          ? '<tr><td colspan="8">No agent activity recorded.</td></tr>'
          : model.agents
              .map(
                (a) =>
                  `<tr><td>${escapeHtml(a.agent)}</td><td class="num">${a.traces}</td><td class="num">${a.events}</td>` +
                  `<td class="num">${a.findings}</td><td class="num">${a.open_findings}</td>` +
                  `<td>${escapeHtml(a.first_event_at ?? '-')}</td><td>${escapeHtml(a.last_event_at ?? '-')}</td>` +
                  `<td class="num">${a.score.toFixed(1)}</td></tr>`,
              )
              .join('\n'),
    },
  );
}

export function periodText(p: { from: string | null; to: string | null }): string {
  return p.from ? `${p.from} to ${p.to ?? p.from}` : 'no evidence recorded';
}

/** "3 open, 1 reviewing" from an evidence counts map, skipping zeros and internals. */
export function countsText(counts: Record<string, number>): string {
  return Object.entries(counts)
    .filter(([, v]) => v !== 0)
    .map(([k, v]) => `${k.replace(/_/g, ' ')}: ${v}`)
    .join(', ');
}

function controlRow(c: ControlScore): string {
  const ev = c.evidence;
  const parts = [`<div>${escapeHtml(c.summary)}</div>`];
  const counts = countsText(ev.counts);
  if (counts) parts.push(`<div class="counts">${escapeHtml(counts)}</div>`);
  if (ev.finding_ids.length > 0) {
    const more =
      ev.finding_count > ev.finding_ids.length
        ? ` and ${ev.finding_count - ev.finding_ids.length} more`
        : '';
    parts.push(
      `<div class="ids">findings: ${escapeHtml(ev.finding_ids.join(', '))}${escapeHtml(more)}</div>`,
    );
  }
  if (ev.agents.length > 0)
    parts.push(`<div class="counts">agents: ${escapeHtml(ev.agents.join(', '))}</div>`);
  if (ev.ledger) {
    parts.push(
      `<div class="ids">ledger ${ev.ledger.ok ? 'verified' : 'BROKEN'}: size ${ev.ledger.tree_size}, root ${escapeHtml(ev.ledger.root_hash ?? '-')}</div>`,
    );
  }
  return (
    `<tr id="control-${escapeHtml(c.id)}" data-status="${c.status}">` +
    `<td><span class="status ${c.status}">${STATUS_MARK[c.status]} ${c.status}</span></td>` +
    `<td><span class="ref">${escapeHtml(c.ref)}</span> ${escapeHtml(c.title)}<div class="citation">${escapeHtml(c.citation)}</div></td>` +
    `<td class="num">${c.weight}</td><td>${parts.join('')}</td></tr>`
  );
}

function ledgerRows(model: ReportModel): string {
  const l = model.ledger;
  const row = (name: string, value: string, cls = ''): string =>
    `<tr><th scope="row">${escapeHtml(name)}</th><td${cls ? ` class="${cls}"` : ''}>${value}</td></tr>`;
  return [
    row(
      'Verification',
      `<span class="${l.ok ? 'ok' : 'broken'}">${l.ok ? '✓ intact' : '✗ BROKEN'}</span> ${escapeHtml(l.message)}`,
    ),
    row('Entries checked', escapeHtml(l.entries_checked)),
    row('Signed tree size', escapeHtml(l.tree_size ?? '-')),
    row('Root hash', escapeHtml(l.root_hash ?? '-'), 'mono'),
    row('Key fingerprint', escapeHtml(l.key_fingerprint ?? '-'), 'mono'),
    row('Signed at', escapeHtml(l.signed_at ?? '-')),
  ].join('\n');
}

function swatch(severity: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" aria-hidden="true"><rect width="10" height="10" fill="${SEVERITY_COLOUR[severity]}"/></svg>`;
}

/** Stacked bars per bucket, the same geometry the pdf draws (timeline.ts layoutChart). */
export function chartSvg(timeline: Timeline): string {
  if (timeline.buckets.length === 0)
    return '<p id="chart">No findings recorded in this period.</p>';
  const c = layoutChart(timeline, 720, 240);
  const out: string[] = [];
  const bottom = c.plot.y + c.plot.height;
  for (const t of c.yTicks) {
    out.push(
      `<line x1="${c.plot.x}" y1="${t.y}" x2="${c.plot.x + c.plot.width}" y2="${t.y}" stroke="#e3e7ee" stroke-width="1"/>`,
      `<text x="${c.plot.x - 6}" y="${t.y + 4}" text-anchor="end" font-size="11" fill="#5d6778">${t.value}</text>`,
    );
  }
  for (const b of c.bars) {
    for (const seg of b.segments) {
      out.push(
        `<rect x="${b.x}" y="${seg.y}" width="${b.width}" height="${seg.height}" fill="${SEVERITY_COLOUR[seg.severity]}"><title>${escapeHtml(`${b.label}: ${seg.count} ${seg.severity}`)}</title></rect>`,
      );
    }
  }
  out.push(
    `<line x1="${c.plot.x}" y1="${bottom}" x2="${c.plot.x + c.plot.width}" y2="${bottom}" stroke="#1d2433" stroke-width="1"/>`,
  );
  for (const l of c.xLabels) {
    out.push(
      `<text x="${l.x}" y="${bottom + 16}" text-anchor="middle" font-size="11" fill="#5d6778">${escapeHtml(l.text)}</text>`,
    );
  }
  const legend = SEVERITIES.map(
    (s, i) =>
      `<rect x="${c.plot.x + i * 90}" y="${c.height - 12}" width="10" height="10" fill="${SEVERITY_COLOUR[s]}"/>` +
      `<text x="${c.plot.x + i * 90 + 14}" y="${c.height - 3}" font-size="11" fill="#1d2433">${s}</text>`,
  );
  return (
    `<figure id="chart"><svg xmlns="http://www.w3.org/2000/svg" role="img" viewBox="0 0 ${c.width} ${c.height}" width="100%" style="max-width:${c.width}px">` +
    `<title>Findings by severity per ${timeline.unit}</title>${out.join('')}${legend.join('')}</svg>` +
    `<figcaption>Findings per ${timeline.unit} (by the time of the evidence), stacked by severity.</figcaption></figure>`
  );
}
