import { DEFAULT_SCAN_CHUNK } from '../../config/config.js';
import { currentPolicy } from '../../store/policies.js';
import type { Reader, Store } from '../../store/store.js';
import { verifyLedger } from '../../store/verify-ledger.js';
import { verifyFast } from '../../store/verify-parallel.js';
import { SIX_MONTHS_DAYS } from './checks-records.js';
import type {
  AgentFacts,
  ComplianceSnapshot,
  FindingFact,
  KillSwitchFacts,
  RetentionFacts,
} from './snapshot.js';

/** Reads a compliance snapshot in one consistent read (one WAL snapshot). */
export function readSnapshot(store: Store): ComplianceSnapshot {
  return store.read((r) => loadSnapshot(r, store.origin));
}

/**
 * Builds the snapshot from aggregate queries: one row per agent and one compact row per
 * finding. The ledger is verified in full (the same verdict as `audit verify`).
 */
export function loadSnapshot(r: Reader, origin: string): ComplianceSnapshot {
  return {
    origin,
    // The fast path on this thread, in this snapshot; the sequential pass gives any failure.
    ledger: verifyFast(r, origin, DEFAULT_SCAN_CHUNK) ?? verifyLedger(r, origin),
    agents: loadAgents(r),
    findings: loadFindings(r),
    retention: loadRetention(r),
    kill_switch: loadKillSwitch(r),
    policy: loadPolicy(r),
  };
}

function loadAgents(r: Reader): AgentFacts[] {
  const events = r
    .prepare(
      `SELECT agent, COUNT(*) AS events,
         SUM(purged_at IS NOT NULL) AS purged,
         SUM(purged_at IS NOT NULL AND julianday(purged_at) - julianday(timestamp) < @min_days) AS early,
         MIN(timestamp) AS first, MAX(timestamp) AS last,
         MIN(CASE WHEN purged_at IS NULL THEN timestamp END) AS oldest_kept
       FROM events GROUP BY agent`,
    )
    .all({ min_days: SIX_MONTHS_DAYS }) as Array<{
    agent: string;
    events: number;
    purged: number;
    early: number;
    first: string | null;
    last: string | null;
    oldest_kept: string | null;
  }>;
  // A leaf counts for the event it was written for: same row and same public id.
  const ledgered = r
    .prepare(
      `SELECT e.agent, COUNT(*) AS n FROM ledger l JOIN events e ON e.id = l.subject_ref
       WHERE l.kind = 'event.ingested' AND l.subject_id = e.event_id GROUP BY e.agent`,
    )
    .all() as Array<{ agent: string; n: number }>;
  const traces = r
    .prepare(
      `SELECT agent, COUNT(*) AS traces, SUM(status = 'completed') AS analysed,
         SUM(status = 'failed') AS failed, MIN(first_event_at) AS first, MAX(last_event_at) AS last
       FROM traces GROUP BY agent`,
    )
    .all() as Array<{
    agent: string;
    traces: number;
    analysed: number;
    failed: number;
    first: string | null;
    last: string | null;
  }>;
  const byAgent = new Map<string, AgentFacts>();
  const get = (agent: string): AgentFacts => {
    let a = byAgent.get(agent);
    if (!a) {
      a = {
        agent,
        traces: 0,
        traces_analysed: 0,
        traces_failed: 0,
        events: 0,
        events_ledgered: 0,
        events_purged: 0,
        early_purges: 0,
        first_event_at: null,
        last_event_at: null,
        oldest_kept_at: null,
      };
      byAgent.set(agent, a);
    }
    return a;
  };
  for (const e of events) {
    Object.assign(get(e.agent), {
      events: e.events,
      events_purged: e.purged,
      early_purges: e.early,
      first_event_at: e.first,
      last_event_at: e.last,
      oldest_kept_at: e.oldest_kept,
    });
  }
  for (const l of ledgered) get(l.agent).events_ledgered = l.n;
  for (const t of traces) {
    const a = get(t.agent);
    a.traces = t.traces;
    a.traces_analysed = t.analysed;
    a.traces_failed = t.failed;
    if (t.first && (a.first_event_at === null || t.first < a.first_event_at))
      a.first_event_at = t.first;
    if (t.last && (a.last_event_at === null || t.last > a.last_event_at)) a.last_event_at = t.last;
  }
  return [...byAgent.values()].sort((a, b) => a.agent.localeCompare(b.agent));
}

function loadFindings(r: Reader): FindingFact[] {
  // A "review" is the first recorded decision: a move to remediated or closed. A move to
  // reviewing only says someone is on it, and an in-progress review is not a pass.
  return r
    .prepare(
      `SELECT f.finding_id AS id, f.agent, f.type, f.category, f.severity, f.status, f.created_at,
         COALESCE(e.timestamp, f.created_at) AS occurred_at, h.reviewed_at, COALESCE(h.changes, 0) AS status_changes, COALESCE(h.commented, 0) AS commented_changes
       FROM findings f LEFT JOIN (
         SELECT finding_ref, MIN(CASE WHEN to_status IN ('remediated', 'closed') THEN at END) AS reviewed_at,
           COUNT(*) AS changes, SUM(comment IS NOT NULL AND trim(comment) <> '') AS commented
         FROM finding_history WHERE from_status IS NOT NULL GROUP BY finding_ref
       ) h ON h.finding_ref = f.id
       LEFT JOIN events e ON e.id = f.event_ref
       ORDER BY f.created_at, f.id`,
    )
    .all() as FindingFact[];
}

function tableExists(r: Reader, name: string): boolean {
  return (
    r.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) !==
    undefined
  );
}

function columns(r: Reader, table: string): Set<string> {
  const rows = r.prepare('SELECT name FROM pragma_table_info(?)').all(table) as Array<{
    name: string;
  }>;
  return new Set(rows.map((c) => c.name));
}

/**
 * The retention policy, if the store has one. No retention table (or no row) means no purge
 * is configured: evidence is kept until someone deletes it, and every purge is ledgered.
 */
function loadRetention(r: Reader): RetentionFacts {
  for (const table of ['retention_policy', 'retention']) {
    if (!tableExists(r, table)) continue;
    const cols = columns(r, table);
    if (!cols.has('days')) continue;
    const enforceCol = cols.has('enforce') ? 'enforce' : '1';
    // The table name comes from the fixed list above, never from input.
    const row = r
      .prepare(`SELECT days, ${enforceCol} AS enforce FROM ${table} ORDER BY rowid DESC LIMIT 1`)
      .get() as { days: number | null; enforce: number | null } | undefined;
    if (row && typeof row.days === 'number')
      return { policy: { days: row.days, enforce: Boolean(row.enforce) } };
  }
  return { policy: null };
}

/** Guarded by a sqlite_master lookup: stores from before migration 003 have no kill switch. */
function loadKillSwitch(r: Reader): KillSwitchFacts {
  if (!tableExists(r, 'kill_switch')) {
    return { recorded: false, active: [], ledgered_changes: 0, last_change_at: null };
  }
  const active = r
    .prepare(
      'SELECT scope, agent, reason, actor, changed_at FROM kill_switch WHERE active = 1 ORDER BY changed_at, scope, agent',
    )
    .all() as Array<{
    scope: string;
    agent: string;
    reason: string;
    actor: string;
    changed_at: string;
  }>;
  const changes = r
    .prepare(
      "SELECT COUNT(*) AS n, MAX(recorded_at) AS last FROM ledger WHERE kind IN ('killswitch.activated', 'killswitch.deactivated')",
    )
    .get() as { n: number; last: string | null };
  return {
    recorded: true,
    active: active.map((a) => ({
      scope: a.scope === 'global' || !a.agent ? 'global' : a.agent,
      reason: a.reason ?? null,
      actor: a.actor ?? null,
      at: a.changed_at ?? null,
    })),
    ledgered_changes: changes.n,
    last_change_at: changes.last,
  };
}

function loadPolicy(r: Reader): ComplianceSnapshot['policy'] {
  const p = currentPolicy(r);
  const doc = p?.document as { redact_content?: unknown } | undefined;
  return { version: p?.version ?? null, redact_content: doc?.redact_content === true };
}
