/**
 * report.html: templates/pack.html with `{{name}}` (HTML-escaped value) and `{{{name}}}`
 * (a fragment built here from escaped values) placeholders. Self-contained: inline CSS, no
 * scripts, no external resources. An unknown or unfilled placeholder is a bug and throws.
 */
import { readFileSync } from 'node:fs';
import type { ControlMapping } from './controls.js';
import type { PackSummary } from './summary.js';

export const TEMPLATE_URL = new URL('../../templates/pack.html', import.meta.url);

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: unknown): string {
  const text = value === null || value === undefined ? '-' : String(value);
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/** Fills `{{x}}` with escapeHtml(values[x]) and `{{{x}}}` with fragments[x], strictly. */
export function renderTemplate(
  template: string,
  values: Record<string, unknown>,
  fragments: Record<string, string> = {},
): string {
  return template.replace(
    /\{\{(\{?)\s*([a-z_]+)\s*\}?\}\}/g,
    (whole, raw: string, name: string) => {
      if (raw) {
        if (!(name in fragments)) throw new Error(`template fragment ${name} is not provided`);
        return fragments[name]!;
      }
      if (!(name in values)) throw new Error(`template value ${name} is not provided (${whole})`);
      return escapeHtml(values[name]);
    },
  );
}

export interface HtmlReportInput {
  pack_id: string;
  created_at: string;
  origin: string;
  generator: string;
  include_controls: boolean;
  summary: PackSummary;
  controls: ControlMapping[] | null;
}

export function renderPackHtml(input: HtmlReportInput, template?: string): string {
  const { summary: s } = input;
  const row = (cells: string[]): string => `<tr>${cells.join('')}</tr>`;
  const td = (v: unknown, cls = ''): string =>
    `<td${cls ? ` class="${cls}"` : ''}>${escapeHtml(v)}</td>`;
  const tracesTable =
    s.traces.length === 0
      ? '<p>No traces in this period.</p>'
      : `<table><thead><tr><th>Trace</th><th>Session</th><th>Agent</th><th>Framework</th><th>Status</th>` +
        `<th class="num">Events</th><th>First event</th><th>Last event</th></tr></thead><tbody>` +
        s.traces
          .map((t) =>
            row([
              `<td><code>${escapeHtml(t.trace_id)}</code></td>`,
              td(t.session_id),
              td(t.agent),
              td(t.framework),
              td(t.status),
              td(t.event_count, 'num'),
              td(t.first_event_at),
              td(t.last_event_at),
            ]),
          )
          .join('') +
        '</tbody></table>' +
        (s.counts.traces > s.traces_listed
          ? `<p class="note">The first ${s.traces_listed} of ${s.counts.traces} traces; records.ndjson holds them all.</p>`
          : '');
  const controls = input.controls;
  const controlsSection = !controls
    ? ''
    : '<h2>Control mappings</h2>' +
      (controls.length === 0
        ? '<p>No findings in this period map to a control.</p>'
        : `<table><thead><tr><th>Control</th><th>Regulation</th><th>Reference</th><th>Title</th><th class="num">Findings</th></tr></thead><tbody>` +
          controls
            .map((c) =>
              row([
                `<td><code>${escapeHtml(c.control_id)}</code></td>`,
                td(c.regulation),
                td(c.ref),
                td(c.title),
                td(c.finding_count, 'num'),
              ]),
            )
            .join('') +
          '</tbody></table>');
  return renderTemplate(
    template ?? readFileSync(TEMPLATE_URL, 'utf8'),
    {
      generator: input.generator,
      pack_id: input.pack_id,
      created_at: input.created_at,
      origin: input.origin,
      since: s.period.since ?? 'the beginning',
      until: s.period.until ?? 'the build time',
      session: s.period.session ?? 'all sessions',
      include_controls: input.include_controls ? 'included' : 'not included',
      count_traces: s.counts.traces,
      count_events: s.counts.events,
      count_purged: s.counts.purged_events,
      count_findings: s.counts.findings,
      count_updates: s.counts.finding_updates,
      tree_size: s.tree_head.tree_size,
      root_hash: s.tree_head.root_hash,
      signed_at: s.tree_head.signed_at ?? 'never (the ledger was empty)',
      key_fingerprint: s.tree_head.key_fingerprint,
    },
    {
      empty_notice: s.empty
        ? '<p class="empty"><strong>No evidence in this period.</strong> The store holds no traces, events or findings for it; this pack proves only the ledger state at build time.</p>'
        : '',
      severity_rows: Object.entries(s.findings_by_severity)
        .reverse()
        .map(([sev, n]) =>
          row([`<td class="sev-${escapeHtml(sev)}">${escapeHtml(sev)}</td>`, td(n, 'num')]),
        )
        .join(''),
      status_rows: Object.entries(s.findings_by_status)
        .map(([status, n]) => row([td(status), td(n, 'num')]))
        .join(''),
      traces_table: tracesTable,
      controls_section: controlsSection,
    },
  );
}
