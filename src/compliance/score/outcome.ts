import type { LedgerVerdict } from '../../store/verify-ledger.js';
import type { ComplianceSnapshot } from './snapshot.js';

export type ControlStatus = 'pass' | 'partial' | 'fail';

export const STATUS_POINTS: Record<ControlStatus, number> = { pass: 1, partial: 0.5, fail: 0 };

/** At most this many finding ids are listed as evidence; `finding_count` has the total. */
export const MAX_EVIDENCE_IDS = 20;

/** Links from a control's status to the evidence behind it. Every key is always present. */
export interface CheckEvidence {
  ledger: LedgerEvidence | null;
  finding_ids: string[];
  finding_count: number;
  counts: Record<string, number>;
  agents: string[];
}

export interface LedgerEvidence {
  ok: boolean;
  tree_size: number;
  root_hash: string | null;
  first_bad_seq: number | null;
  reason: string | null;
  signed_at: string | null;
  key_fingerprint: string | null;
}

export interface CheckOutcome {
  status: ControlStatus;
  /** One sentence a compliance officer can read: what was measured and what was found. */
  summary: string;
  evidence: CheckEvidence;
}

export interface CheckContext {
  now: Date;
  /** The agent a per-agent score is scoped to, or null for the whole store. */
  agent: string | null;
  /** Human oversight window: high/critical findings should be remediated or closed within this. */
  reviewWithinDays: number;
}

export type Check = (s: ComplianceSnapshot, ctx: CheckContext) => CheckOutcome;

export function evidence(parts: Partial<CheckEvidence> = {}): CheckEvidence {
  return {
    ledger: parts.ledger ?? null,
    finding_ids: (parts.finding_ids ?? []).slice(0, MAX_EVIDENCE_IDS),
    finding_count: parts.finding_count ?? parts.finding_ids?.length ?? 0,
    counts: parts.counts ?? {},
    agents: parts.agents ?? [],
  };
}

export function ledgerEvidence(v: LedgerVerdict): LedgerEvidence {
  return {
    ok: v.ok,
    tree_size: v.signed_tree_head?.tree_size ?? v.tree_size,
    root_hash: v.signed_tree_head?.root_hash ?? v.root_hash,
    first_bad_seq: v.first_bad_seq,
    reason: v.reason,
    signed_at: v.signed_tree_head?.signed_at ?? null,
    key_fingerprint: v.signed_tree_head?.key_fingerprint ?? null,
  };
}

export const DAY_MS = 86_400_000;

/** Whole days from `from` to `to` (ISO strings or dates), rounded down. */
export function daysBetween(from: string | Date, to: string | Date): number {
  return Math.floor((new Date(to).getTime() - new Date(from).getTime()) / DAY_MS);
}

export function plural(n: number, word: string, many = `${word}s`): string {
  return `${n} ${n === 1 ? word : many}`;
}

export function percent(part: number, whole: number): string {
  return whole === 0 ? '100%' : `${Math.floor((part / whole) * 1000) / 10}%`;
}

const WORST: ControlStatus[] = ['fail', 'partial', 'pass'];

/**
 * One control measured by several checks: the worst status wins, summaries are joined,
 * and the evidence is merged (ids deduplicated; a count two checks both report keeps the
 * first value and the second under `<check>.<name>`).
 */
export function combineOutcomes(
  outcomes: Array<{ check: string; outcome: CheckOutcome }>,
): CheckOutcome {
  if (outcomes.length === 1) return outcomes[0]!.outcome;
  const status = WORST.find((s) => outcomes.some((o) => o.outcome.status === s)) ?? 'pass';
  const ids: string[] = [];
  const counts: Record<string, number> = {};
  const agents = new Set<string>();
  let ledger: LedgerEvidence | null = null;
  let findingCount = 0;
  for (const { check, outcome } of outcomes) {
    const ev = outcome.evidence;
    ledger ??= ev.ledger;
    for (const id of ev.finding_ids) if (!ids.includes(id)) ids.push(id);
    findingCount += ev.finding_count;
    for (const [k, v] of Object.entries(ev.counts)) counts[k in counts ? `${check}.${k}` : k] = v;
    for (const a of ev.agents) agents.add(a);
  }
  return {
    status,
    summary: outcomes.map((o) => o.outcome.summary).join('; '),
    evidence: evidence({
      ledger,
      finding_ids: ids,
      finding_count: findingCount,
      counts,
      agents: [...agents].sort(),
    }),
  };
}
