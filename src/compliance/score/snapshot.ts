import type { LedgerVerdict } from '../../store/verify-ledger.js';

/**
 * Everything compliance scoring looks at, read from the store in one consistent snapshot
 * (load.ts). The scoring functions are pure over this object, so every status boundary can
 * be tested with a hand-built snapshot and no database.
 */
export interface ComplianceSnapshot {
  /** The store's ledger origin (`evid/<store id>`). */
  origin: string;
  /** The full `audit verify` verdict: the ledger is global, never scoped to an agent. */
  ledger: LedgerVerdict;
  agents: AgentFacts[];
  findings: FindingFact[];
  retention: RetentionFacts;
  kill_switch: KillSwitchFacts;
  /** The live detector policy's privacy setting (`redact_content`), default false. */
  policy: { version: number | null; redact_content: boolean };
}

/** One agent seen in traces or standalone events. */
export interface AgentFacts {
  agent: string;
  traces: number;
  /** Traces whose analysis completed / failed (the rest are still `accepted`). */
  traces_analysed: number;
  traces_failed: number;
  events: number;
  /** Events with an `event.ingested` ledger entry. */
  events_ledgered: number;
  /** Events whose content was purged by retention. */
  events_purged: number;
  /** Purged events that were younger than the legal minimum (six months) when purged. */
  early_purges: number;
  first_event_at: string | null;
  last_event_at: string | null;
  /** Timestamp of the oldest event whose content is still kept. */
  oldest_kept_at: string | null;
}

export type Severity = 'low' | 'medium' | 'high' | 'critical';

/** The few facts about a finding that scoring needs. */
export interface FindingFact {
  id: string;
  agent: string;
  type: string;
  category: string;
  severity: Severity;
  status: string;
  created_at: string;
  /** When the evidence behind it happened: its event's timestamp, else created_at. */
  occurred_at: string;
  /** When the finding was first remediated or closed (from finding_history), or null. */
  reviewed_at: string | null;
  /** Status moves recorded for this finding, and how many of them carry a comment. */
  status_changes: number;
  commented_changes: number;
}

export interface RetentionFacts {
  /** The retention policy, or null when none is configured (nothing is ever purged). */
  policy: { days: number; enforce: boolean } | null;
}

export interface KillSwitchFacts {
  /** False when the store has no kill switch table yet (no state recorded). */
  recorded: boolean;
  /** Currently active switches: scope `global` or an agent name. */
  active: Array<{ scope: string; reason: string | null; actor: string | null; at: string | null }>;
  /** Ledger entries of kind killswitch.* (activations and releases). */
  ledgered_changes: number;
  last_change_at: string | null;
}

/** The view of a snapshot that per-agent scores use: the agent's facts only. */
export function scopeSnapshot(s: ComplianceSnapshot, agent: string): ComplianceSnapshot {
  return {
    ...s,
    agents: s.agents.filter((a) => a.agent === agent),
    findings: s.findings.filter((f) => f.agent === agent),
    kill_switch: {
      ...s.kill_switch,
      active: s.kill_switch.active.filter((k) => k.scope === 'global' || k.scope === agent),
    },
  };
}

/** scopeSnapshot for every known agent at once, in one pass over the findings. */
export function scopeAll(s: ComplianceSnapshot): Map<string, ComplianceSnapshot> {
  const findings = new Map<string, FindingFact[]>();
  for (const f of s.findings) {
    let list = findings.get(f.agent);
    if (!list) findings.set(f.agent, (list = []));
    list.push(f);
  }
  const facts = new Map(s.agents.map((a) => [a.agent, a]));
  const out = new Map<string, ComplianceSnapshot>();
  for (const agent of knownAgents(s)) {
    const own = facts.get(agent);
    out.set(agent, {
      ...s,
      agents: own ? [own] : [],
      findings: findings.get(agent) ?? [],
      kill_switch: {
        ...s.kill_switch,
        active: s.kill_switch.active.filter((k) => k.scope === 'global' || k.scope === agent),
      },
    });
  }
  return out;
}

/** Every agent name the snapshot knows, from activity and findings, sorted. */
export function knownAgents(s: ComplianceSnapshot): string[] {
  const names = new Set(s.agents.map((a) => a.agent));
  for (const f of s.findings) names.add(f.agent);
  return [...names].sort();
}
