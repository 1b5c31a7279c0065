import { UsageError } from '../../errors.js';
import type { LedgerEvidence } from './outcome.js';
import {
  combineOutcomes,
  ledgerEvidence,
  STATUS_POINTS,
  type CheckContext,
  type CheckEvidence,
  type ControlStatus,
} from './outcome.js';
import { CHECKS, REGULATIONS, type RegulationId } from './regulations.js';
import { scopeAll, scopeSnapshot, type ComplianceSnapshot } from './snapshot.js';

export const DEFAULT_REVIEW_DAYS = 7;

export interface ControlScore {
  /** Control id from the CONTROLS table (the same ids findings are mapped to). */
  id: string;
  ref: string;
  title: string;
  citation: string;
  /** What was measured: stable check names such as `ledger_integrity`. */
  checks: string[];
  weight: number;
  status: ControlStatus;
  /** 1 for pass, 0.5 for partial, 0 for fail. */
  points: number;
  summary: string;
  evidence: CheckEvidence;
}

export interface AgentScore {
  agent: string;
  score: number;
  pass: number;
  partial: number;
  fail: number;
}

export interface ComplianceScore {
  regulation: RegulationId;
  regulation_name: string;
  /** The agent this score is scoped to, or null for the whole store. */
  agent: string | null;
  /** Weighted 0..100 (pass 1, partial 0.5, fail 0), one decimal. */
  score: number;
  counts: { pass: number; partial: number; fail: number };
  generated_at: string;
  /** First and last event time of the evidence scored. */
  period: { from: string | null; to: string | null };
  review_within_days: number;
  controls: ControlScore[];
  /** Per-agent scores (only the scoped agent when `agent` is set). */
  agents: AgentScore[];
  ledger: LedgerEvidence & { entries_checked: number; purged: number; message: string };
}

export interface ScoreOptions {
  now: Date;
  agent?: string | null;
  reviewWithinDays?: number;
}

export function parseRegulation(value: string | undefined, what = 'regulation'): RegulationId {
  const allowed = Object.keys(REGULATIONS);
  if (value === undefined || !allowed.includes(value)) {
    throw new UsageError(
      `${what}: must be one of ${allowed.join(', ')}${value === undefined ? '' : ` (got "${value}")`}`,
    );
  }
  return value as RegulationId;
}

/** Runs every control of one regulation over a snapshot (already scoped, if scoping). */
function scoreControls(
  s: ComplianceSnapshot,
  regulation: RegulationId,
  ctx: CheckContext,
): ControlScore[] {
  return REGULATIONS[regulation].controls.map((c) => {
    const outcome = combineOutcomes(
      c.checks.map((check) => ({ check, outcome: CHECKS[check](s, ctx) })),
    );
    return {
      id: c.id,
      ref: c.ref,
      title: c.title,
      citation: c.citation,
      checks: c.checks,
      weight: c.weight,
      status: outcome.status,
      points: STATUS_POINTS[outcome.status],
      summary: outcome.summary,
      evidence: outcome.evidence,
    };
  });
}

/** Weighted score, 0..100 with one decimal; an empty control list scores 0. */
export function weightedScore(controls: Array<{ weight: number; status: ControlStatus }>): number {
  const total = controls.reduce((n, c) => n + c.weight, 0);
  if (total === 0) return 0;
  const earned = controls.reduce((n, c) => n + c.weight * STATUS_POINTS[c.status], 0);
  return Math.round((earned / total) * 1000) / 10;
}

function tally(controls: ControlScore[]): { pass: number; partial: number; fail: number } {
  const counts = { pass: 0, partial: 0, fail: 0 };
  for (const c of controls) counts[c.status]++;
  return counts;
}

/**
 * The compliance score of one regulation, for the whole store or one agent. Pure: the
 * same snapshot, regulation and options always give the same result.
 */
export function scoreRegulation(
  snapshot: ComplianceSnapshot,
  regulation: RegulationId,
  options: ScoreOptions,
): ComplianceScore {
  const agent = options.agent ?? null;
  const reviewWithinDays = options.reviewWithinDays ?? DEFAULT_REVIEW_DAYS;
  const ctxFor = (a: string | null): CheckContext => ({
    now: options.now,
    agent: a,
    reviewWithinDays,
  });
  const scoped = agent === null ? snapshot : scopeSnapshot(snapshot, agent);
  const controls = scoreControls(scoped, regulation, ctxFor(agent));
  const perAgent: Array<[string, ControlScore[]]> =
    agent === null
      ? [...scopeAll(snapshot)].map(([name, s]) => [
          name,
          scoreControls(s, regulation, ctxFor(name)),
        ])
      : [[agent, controls]];
  const agents = perAgent.map(([name, own]) => ({
    agent: name,
    score: weightedScore(own),
    ...tally(own),
  }));
  const v = snapshot.ledger;
  return {
    regulation,
    regulation_name: REGULATIONS[regulation].name,
    agent,
    score: weightedScore(controls),
    counts: tally(controls),
    generated_at: options.now.toISOString(),
    period: period(scoped),
    review_within_days: reviewWithinDays,
    controls,
    agents,
    ledger: {
      ...ledgerEvidence(v),
      entries_checked: v.entries_checked,
      purged: v.purged,
      message: v.message,
    },
  };
}

function period(s: ComplianceSnapshot): { from: string | null; to: string | null } {
  let from: string | null = null;
  let to: string | null = null;
  for (const a of s.agents) {
    if (a.first_event_at && (from === null || a.first_event_at < from)) from = a.first_event_at;
    if (a.last_event_at && (to === null || a.last_event_at > to)) to = a.last_event_at;
  }
  return { from, to };
}
