import type {
  AgentFacts,
  ComplianceSnapshot,
  FindingFact,
} from '../../../src/compliance/score/snapshot.js';
import type { LedgerVerdict } from '../../../src/store/verify-ledger.js';

export const NOW = new Date('2026-06-30T12:00:00Z');

export function daysAgo(days: number): string {
  return new Date(NOW.getTime() - days * 86_400_000).toISOString();
}

export function ledger(over: Partial<LedgerVerdict> = {}): LedgerVerdict {
  return {
    ok: true,
    entries_checked: 10,
    tree_size: 10,
    root_hash: 'ab'.repeat(32),
    key_fingerprint: 'cd'.repeat(32),
    current_key_fingerprint: 'cd'.repeat(32),
    keys: [],
    pinned_fingerprint: null,
    tree_heads_checked: 1,
    rows_checked: {},
    row: null,
    signed_tree_head: {
      tree_size: 10,
      root_hash: 'ab'.repeat(32),
      signed_at: daysAgo(0),
      key_fingerprint: 'cd'.repeat(32),
      checkpoint: 'evid/test\n10\nq83vEjRWeJA=\n',
    },
    purged: 0,
    first_bad_seq: null,
    reason: null,
    record: null,
    scan: null,
    message: 'ledger intact: 10 entries, chain and tree head verified',
    ...over,
  };
}

export function agent(name: string, over: Partial<AgentFacts> = {}): AgentFacts {
  return {
    agent: name,
    traces: 2,
    traces_analysed: 2,
    traces_failed: 0,
    events: 5,
    events_ledgered: 5,
    events_purged: 0,
    early_purges: 0,
    first_event_at: daysAgo(30),
    last_event_at: daysAgo(1),
    oldest_kept_at: daysAgo(30),
    ...over,
  };
}

let seq = 0;
export function finding(over: Partial<FindingFact> = {}): FindingFact {
  seq++;
  return {
    id: `fd_${String(seq).padStart(4, '0')}`,
    agent: 'bot',
    type: 'pii.email',
    category: 'pii',
    severity: 'medium',
    status: 'open',
    created_at: daysAgo(20),
    occurred_at: daysAgo(20),
    reviewed_at: null,
    status_changes: 0,
    commented_changes: 0,
    ...over,
  };
}

/** A clean store: one agent, verified ledger, no findings, kill switch available. */
export function snapshot(over: Partial<ComplianceSnapshot> = {}): ComplianceSnapshot {
  return {
    origin: 'evid/test',
    ledger: ledger(),
    agents: [agent('bot')],
    findings: [],
    retention: { policy: null },
    kill_switch: { recorded: true, active: [], ledgered_changes: 0, last_change_at: null },
    policy: { version: null, redact_content: false },
    ...over,
  };
}

export const CTX = { now: NOW, agent: null, reviewWithinDays: 7 };
