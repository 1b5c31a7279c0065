/**
 * Everything a report shows, computed once from a compliance snapshot, so the html and the
 * pdf renderers draw the same numbers, and those numbers are `audit compliance --json`'s.
 */
import { scoreRegulation, type ComplianceScore } from '../compliance/score/score.js';
import type { RegulationId } from '../compliance/score/regulations.js';
import {
  scopeSnapshot,
  type ComplianceSnapshot,
  type Severity,
} from '../compliance/score/snapshot.js';
import { buildTimeline, SEVERITIES, type Timeline } from './timeline.js';

export interface ReportAgentRow {
  agent: string;
  traces: number;
  events: number;
  findings: number;
  open_findings: number;
  first_event_at: string | null;
  last_event_at: string | null;
  score: number;
}

export interface ReportModel {
  report_id: string;
  title: string;
  generator: string;
  score: ComplianceScore;
  severity_totals: Record<Severity, number>;
  status_totals: Record<string, number>;
  timeline: Timeline;
  agents: ReportAgentRow[];
  ledger: {
    ok: boolean;
    message: string;
    origin: string;
    entries_checked: number;
    tree_size: number | null;
    root_hash: string | null;
    key_fingerprint: string | null;
    signed_at: string | null;
    checkpoint: string | null;
  };
}

const TITLES: Record<string, string> = {
  'eu-ai-act': 'EU AI Act compliance report',
  gdpr: 'GDPR compliance report',
  'nist-ai-rmf': 'NIST AI RMF compliance report',
  'iso-42001': 'ISO/IEC 42001 compliance report',
};

export function buildReportModel(
  snapshot: ComplianceSnapshot,
  input: {
    regulation: RegulationId;
    agent: string | null;
    now: Date;
    reportId: string;
    generator: string;
    reviewWithinDays?: number;
  },
): ReportModel {
  const score = scoreRegulation(snapshot, input.regulation, {
    now: input.now,
    agent: input.agent,
    reviewWithinDays: input.reviewWithinDays,
  });
  const scoped = input.agent === null ? snapshot : scopeSnapshot(snapshot, input.agent);
  const severity_totals = { low: 0, medium: 0, high: 0, critical: 0 } as Record<Severity, number>;
  const status_totals: Record<string, number> = { open: 0, reviewing: 0, remediated: 0, closed: 0 };
  for (const f of scoped.findings) {
    if (SEVERITIES.includes(f.severity)) severity_totals[f.severity]++;
    status_totals[f.status] = (status_totals[f.status] ?? 0) + 1;
  }
  const facts = new Map(scoped.agents.map((a) => [a.agent, a]));
  const findingCounts = new Map<string, { all: number; open: number }>();
  for (const f of scoped.findings) {
    const c = findingCounts.get(f.agent) ?? { all: 0, open: 0 };
    c.all++;
    if (f.status === 'open') c.open++;
    findingCounts.set(f.agent, c);
  }
  const agents = score.agents.map((a): ReportAgentRow => {
    const own = facts.get(a.agent);
    return {
      agent: a.agent,
      traces: own?.traces ?? 0,
      events: own?.events ?? 0,
      findings: findingCounts.get(a.agent)?.all ?? 0,
      open_findings: findingCounts.get(a.agent)?.open ?? 0,
      first_event_at: own?.first_event_at ?? null,
      last_event_at: own?.last_event_at ?? null,
      score: a.score,
    };
  });
  const head = snapshot.ledger.signed_tree_head;
  return {
    report_id: input.reportId,
    title: `${TITLES[input.regulation] ?? 'Compliance report'}${input.agent ? `: ${input.agent}` : ''}`,
    generator: input.generator,
    score,
    severity_totals,
    status_totals,
    timeline: buildTimeline(scoped.findings),
    agents,
    ledger: {
      ok: snapshot.ledger.ok,
      message: snapshot.ledger.message,
      origin: snapshot.origin,
      entries_checked: snapshot.ledger.entries_checked,
      tree_size: head?.tree_size ?? null,
      root_hash: head?.root_hash ?? null,
      key_fingerprint: head?.key_fingerprint ?? null,
      signed_at: head?.signed_at ?? null,
      checkpoint: head?.checkpoint ?? null,
    },
  };
}
