/**
 * The pack's summary, from aggregate queries over the same selection: what every report
 * format shows (period, counts, traces, findings by severity, tree head).
 */
import { FINDING_STATUSES, SEVERITY_ORDER } from '../store/findings.js';
import type { Reader } from '../store/store.js';
import type { ControlMapping } from './controls.js';
import { byIds, type IncludedRefs, type PackFilter, type RefKind } from './select.js';

/** Traces listed in a report; evidence.json always holds them all. */
export const REPORT_TRACE_LIMIT = 500;

export interface PackTraceRow {
  trace_id: string;
  session_id: string;
  agent: string;
  framework: string | null;
  status: string;
  event_count: number;
  first_event_at: string | null;
  last_event_at: string | null;
}

export interface PackTreeHead {
  tree_size: number;
  root_hash: string;
  signed_at: string | null;
  key_fingerprint: string;
}

export interface PackSummary {
  period: PackFilter;
  empty: boolean;
  counts: {
    traces: number;
    events: number;
    purged_events: number;
    findings: number;
    finding_updates: number;
  };
  findings_by_severity: Record<string, number>;
  findings_by_status: Record<string, number>;
  traces: PackTraceRow[];
  traces_listed: number;
  tree_head: PackTreeHead;
  controls?: Array<Pick<ControlMapping, 'control_id' | 'title' | 'finding_count'>>;
}

export function summarize(
  r: Reader,
  filter: PackFilter,
  params: Record<RefKind, string>,
  refs: IncludedRefs,
  treeHead: PackTreeHead,
  controls: ControlMapping[] | null,
): PackSummary {
  const bySeverity: Record<string, number> = Object.fromEntries(SEVERITY_ORDER.map((s) => [s, 0]));
  const byStatus: Record<string, number> = Object.fromEntries(FINDING_STATUSES.map((s) => [s, 0]));
  const groups = r
    .prepare(
      `SELECT f.severity, f.status, COUNT(*) AS n FROM ${byIds('findings', 'f', 'findings')} GROUP BY f.severity, f.status`,
    )
    .all(params) as Array<{ severity: string; status: string; n: number }>;
  for (const g of groups) {
    bySeverity[g.severity] = (bySeverity[g.severity] ?? 0) + g.n;
    byStatus[g.status] = (byStatus[g.status] ?? 0) + g.n;
  }
  const traces = r
    .prepare(
      `SELECT t.trace_id, t.session_id, t.agent, t.framework, t.status, t.event_count, t.first_event_at, t.last_event_at
       FROM ${byIds('traces', 't', 'traces')} ORDER BY sel.key LIMIT ${REPORT_TRACE_LIMIT}`,
    )
    .all(params) as PackTraceRow[];
  const counts = {
    traces: refs.traces.length,
    events: refs.events.length,
    purged_events: refs.purgedEvents,
    findings: refs.findings.length,
    finding_updates: refs.findingUpdates.length,
  };
  return {
    period: filter,
    empty: counts.traces + counts.events + counts.findings + counts.finding_updates === 0,
    counts,
    findings_by_severity: bySeverity,
    findings_by_status: byStatus,
    traces,
    traces_listed: traces.length,
    tree_head: treeHead,
    ...(controls
      ? {
          controls: controls.map(({ control_id, title, finding_count }) => ({
            control_id,
            title,
            finding_count,
          })),
        }
      : {}),
  };
}
