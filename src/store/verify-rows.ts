/**
 * The records-to-ledger direction of `audit verify`. The entry scan proves that every entry
 * has its record, intact, and that no two entries share a record (each digest names its
 * record's unique id). So a table holds a row without an entry exactly when it holds more
 * rows than entries resolved to it: one COUNT per table, set arithmetic in SQL, no second
 * hashing pass. Only when the counts differ do the slower anti-joins run, to name the row.
 *
 * Columns outside the digests are checked against what the ledger says they must be: a
 * finding's status and updated_at are its last ledgered move (or `open` and its creation),
 * the kill switch's current state is its last ledgered toggle, a trace's event count and
 * time span are those of its events. Operational columns that are not evidence (api key
 * last use, kill-switch refusal counters, report jobs not yet done, idempotency replays)
 * are left out on purpose; docs/ledger.md lists them.
 */
import { ALL_EVENTS_KIND, FORWARDED_KINDS } from './records-siem.js';
import { Failure } from './verify-failure.js';
import type { Reader } from './store.js';
import { checkUsers, USER_KINDS } from './user-records.js';
import { WORKFLOW_KINDS } from './workflow-records.js';

/** Where each ledgered kind's record lives; `present` counts are kept under these names. */
export const TABLE_OF_KIND: Readonly<Record<string, string>> = {
  'trace.ingested': 'traces',
  'event.ingested': 'events',
  'finding.created': 'findings',
  'finding.updated': 'finding_history',
  'policy.updated': 'policies',
  'pack.built': 'packs',
  'apikey.created': 'api_keys',
  'apikey.revoked': 'api_keys_revoked',
  'killswitch.activated': 'kill_switch_history',
  'killswitch.deactivated': 'kill_switch_history',
  'report.generated': 'reports_done',
  'ledger.key': 'ledger_keys',
  'source.added': 'sources',
  'source.removed': 'sources_removed',
  'siem.target_added': 'siem_targets',
  'siem.target_removed': 'siem_targets_removed',
  ...Object.fromEntries(Object.values(USER_KINDS).map((kind) => [kind, 'user_history'])),
  'retention.updated': 'retention_policy',
  'hold.added': 'legal_holds',
  'hold.released': 'legal_holds_released',
  'purge.batch': 'purge_batches',
  'safety.run.completed': 'safety_runs_done',
  'alignment.objectives': 'alignment_objectives',
  ...WORKFLOW_KINDS,
  'assessment.created': 'compliance_assessments',
};

/** The fast scan renders events and traces in SQL without telling them apart: this bucket. */
export const EVENTS_OR_TRACES = 'events or traces';

interface RowTable {
  name: string;
  count: string;
  /** The first row with no entry of its kind, by public id (an anti-join; failure path only). */
  orphan: string;
}

const orphanOf = (table: string, id: string, kinds: string, where = '1'): string =>
  `SELECT x.${id} FROM ${table} x
   LEFT JOIN (SELECT subject_ref FROM ledger WHERE kind IN (${kinds})) l ON l.subject_ref = x.id
   WHERE l.subject_ref IS NULL AND ${where} ORDER BY x.id LIMIT 1`;

const ROW_TABLES: RowTable[] = [
  {
    name: 'traces',
    count: 'SELECT COUNT(*) FROM traces',
    orphan: orphanOf('traces', 'trace_id', "'trace.ingested'"),
  },
  {
    name: 'events',
    count: 'SELECT COUNT(*) FROM events',
    orphan: orphanOf('events', 'event_id', "'event.ingested'"),
  },
  {
    name: 'findings',
    count: 'SELECT COUNT(*) FROM findings',
    orphan: orphanOf('findings', 'finding_id', "'finding.created'"),
  },
  {
    name: 'finding_history',
    count: 'SELECT COUNT(*) FROM finding_history',
    orphan: orphanOf('finding_history', 'id', "'finding.updated'"),
  },
  {
    name: 'policies',
    count: 'SELECT COUNT(*) FROM policies',
    orphan: `SELECT x.version FROM policies x
      LEFT JOIN (SELECT subject_ref FROM ledger WHERE kind = 'policy.updated') l ON l.subject_ref = x.version
      WHERE l.subject_ref IS NULL ORDER BY x.version LIMIT 1`,
  },
  {
    name: 'packs',
    count: 'SELECT COUNT(*) FROM packs',
    orphan: orphanOf('packs', 'pack_id', "'pack.built'"),
  },
  {
    name: 'api_keys',
    count: 'SELECT COUNT(*) FROM api_keys',
    orphan: orphanOf('api_keys', 'key_id', "'apikey.created'"),
  },
  {
    name: 'api_keys_revoked',
    count: 'SELECT COUNT(*) FROM api_keys WHERE revoked_at IS NOT NULL',
    orphan: orphanOf('api_keys', 'key_id', "'apikey.revoked'", 'x.revoked_at IS NOT NULL'),
  },
  {
    name: 'kill_switch_history',
    count: 'SELECT COUNT(*) FROM kill_switch_history',
    orphan: orphanOf(
      'kill_switch_history',
      'id',
      "'killswitch.activated', 'killswitch.deactivated'",
    ),
  },
  {
    name: 'reports_done',
    count: "SELECT COUNT(*) FROM reports WHERE status = 'done'",
    orphan: orphanOf('reports', 'report_id', "'report.generated'", "x.status = 'done'"),
  },
  {
    name: 'ledger_keys',
    count: 'SELECT COUNT(*) FROM ledger_keys',
    orphan: orphanOf('ledger_keys', 'fingerprint', "'ledger.key'"),
  },
  {
    name: 'sources',
    count: 'SELECT COUNT(*) FROM sources',
    orphan: orphanOf('sources', 'source_id', "'source.added'"),
  },
  {
    name: 'sources_removed',
    count: 'SELECT COUNT(*) FROM sources WHERE removed_at IS NOT NULL',
    orphan: orphanOf('sources', 'source_id', "'source.removed'", 'x.removed_at IS NOT NULL'),
  },
  {
    name: 'siem_targets',
    count: 'SELECT COUNT(*) FROM siem_targets',
    orphan: orphanOf('siem_targets', 'target_id', "'siem.target_added'"),
  },
  {
    name: 'siem_targets_removed',
    count: 'SELECT COUNT(*) FROM siem_targets WHERE removed_at IS NOT NULL',
    orphan: orphanOf(
      'siem_targets',
      'target_id',
      "'siem.target_removed'",
      'x.removed_at IS NOT NULL',
    ),
  },
  {
    name: 'user_history',
    count: 'SELECT COUNT(*) FROM user_history',
    orphan: orphanOf(
      'user_history',
      'id',
      Object.values(USER_KINDS)
        .map((k) => `'${k}'`)
        .join(', '),
    ),
  },
  {
    name: 'retention_policy',
    count: 'SELECT COUNT(*) FROM retention_policy',
    orphan: orphanOf('retention_policy', 'id', "'retention.updated'"),
  },
  {
    name: 'legal_holds',
    count: 'SELECT COUNT(*) FROM legal_holds',
    orphan: orphanOf('legal_holds', 'hold_id', "'hold.added'"),
  },
  {
    name: 'legal_holds_released',
    count: 'SELECT COUNT(*) FROM legal_holds WHERE released_at IS NOT NULL',
    orphan: orphanOf('legal_holds', 'hold_id', "'hold.released'", 'x.released_at IS NOT NULL'),
  },
  {
    name: 'compliance_assessments',
    count: 'SELECT COUNT(*) FROM compliance_assessments',
    orphan: orphanOf('compliance_assessments', 'assessment_id', "'assessment.created'"),
  },
  {
    name: 'purge_batches',
    count: 'SELECT COUNT(*) FROM purge_batches',
    orphan: orphanOf('purge_batches', 'batch_id', "'purge.batch'"),
  },
  {
    // A run still running is a job, not evidence (like a report not yet done).
    name: 'safety_runs_done',
    count: "SELECT COUNT(*) FROM safety_runs WHERE status <> 'running'",
    orphan: orphanOf('safety_runs', 'run_id', "'safety.run.completed'", "x.status <> 'running'"),
  },
  {
    name: 'alignment_objectives',
    count: 'SELECT COUNT(*) FROM alignment_objectives',
    orphan: orphanOf('alignment_objectives', 'set_id', "'alignment.objectives'"),
  },
  {
    name: 'workflows',
    count: 'SELECT COUNT(*) FROM workflows',
    orphan: orphanOf('workflows', 'workflow_id', "'workflow.added'"),
  },
  {
    name: 'agents',
    count: 'SELECT COUNT(*) FROM agents',
    orphan: orphanOf('agents', 'agent_id', "'agent.added'"),
  },
  {
    name: 'executions',
    count: 'SELECT COUNT(*) FROM executions',
    orphan: orphanOf('executions', 'execution_id', "'execution.started'"),
  },
  {
    name: 'executions_finished',
    count: 'SELECT COUNT(*) FROM executions WHERE finished_at IS NOT NULL',
    orphan: orphanOf(
      'executions',
      'execution_id',
      "'execution.finished'",
      'x.finished_at IS NOT NULL',
    ),
  },
];

/** Mutable columns that must equal what the ledger says; each query gives the first bad row. */
const STATE_CHECKS: Array<{ table: string; sql: string; what: string }> = [
  {
    table: 'findings',
    what: 'status or updated_at differs from its last ledgered status change',
    sql: `SELECT f.finding_id FROM findings f
      LEFT JOIN finding_history h ON h.id =
        (SELECT MAX(id) FROM finding_history WHERE finding_ref = f.id)
      WHERE f.status IS NOT COALESCE(h.to_status, 'open')
         OR f.updated_at IS NOT COALESCE(h.at, f.created_at)
      ORDER BY f.id LIMIT 1`,
  },
  {
    table: 'kill_switch',
    what: 'state differs from its last ledgered toggle',
    sql: `SELECT k.scope || ':' || k.agent FROM kill_switch k
      LEFT JOIN kill_switch_history h ON h.id =
        (SELECT MAX(id) FROM kill_switch_history WHERE scope = k.scope AND agent = k.agent)
      WHERE h.id IS NULL OR k.active IS NOT (h.action = 'activated') OR k.reason IS NOT h.reason
         OR k.actor IS NOT h.actor OR k.changed_at IS NOT h.at
      LIMIT 1`,
  },
  {
    table: 'traces',
    what: 'event_count or first/last event time differs from its events',
    sql: `SELECT t.trace_id FROM traces t
      LEFT JOIN (SELECT trace_ref, COUNT(*) AS n, MIN(timestamp) AS first, MAX(timestamp) AS last
                 FROM events WHERE trace_ref IS NOT NULL GROUP BY trace_ref) e ON e.trace_ref = t.id
      WHERE t.event_count IS NOT COALESCE(e.n, 0) OR t.first_event_at IS NOT e.first
         OR t.last_event_at IS NOT e.last
      ORDER BY t.id LIMIT 1`,
  },
  {
    // A running execution's status is operational; once finished it is the ledgered one
    // (in the end record's digest), so only an unfinished row claiming an end is caught here.
    table: 'executions',
    what: 'status says finished but no end is recorded',
    sql: `SELECT execution_id FROM executions
      WHERE finished_at IS NULL AND status NOT IN ('queued', 'running') ORDER BY id LIMIT 1`,
  },
  {
    table: 'sources',
    what: 'event_count differs from the events recorded as from it',
    sql: `SELECT s.source_id FROM sources s
      WHERE s.event_count IS NOT (SELECT COUNT(*) FROM events e WHERE e.source_id = s.source_id)
      ORDER BY s.id LIMIT 1`,
  },
  {
    // Rows are enqueued in the transaction of the entry they report and kept once delivered,
    // so a missing one was deleted: perhaps to keep a finding from the security team's SIEM.
    // Only entries between the target's addition and removal are owed a row.
    table: 'outbox',
    what: 'a ledger entry owed to this SIEM target has no outbox row (deleted?)',
    sql: `SELECT t.target_id || ' seq ' || l.seq FROM siem_targets t
      JOIN ledger a ON a.subject_id = t.target_id AND a.kind = 'siem.target_added'
      LEFT JOIN ledger z ON z.subject_id = t.target_id AND z.kind = 'siem.target_removed'
      JOIN ledger l ON l.seq > a.seq AND (z.seq IS NULL OR l.seq < z.seq)
      LEFT JOIN outbox o ON o.target_id = t.target_id AND o.ledger_seq = l.seq
      WHERE t.events != 'alerts' AND (l.kind IN (${FORWARDED_KINDS.map((k) => `'${k}'`).join(', ')})
          OR (t.events = 'all' AND l.kind = '${ALL_EVENTS_KIND}'))
        AND o.id IS NULL
      ORDER BY t.id, l.seq LIMIT 1`,
  },
];

/** Rows per ledgered table (the verdict's `rows_checked`), in the caller's snapshot. */
export function countRows(r: Reader): Record<string, number> {
  const rows: Record<string, number> = {};
  for (const t of ROW_TABLES) rows[t.name] = r.prepare(t.count).pluck().get() as number;
  return rows;
}

/** The first group of tables whose rows outnumber (or fall short of) their entries, else null. */
export function mismatchedRows(
  rows: Readonly<Record<string, number>>,
  present: Readonly<Record<string, number>>,
): { group: string[]; have: number; ledgered: number } | null {
  const bucket = present[EVENTS_OR_TRACES] ?? 0;
  const groups = [['traces', 'events'], ...ROW_TABLES.slice(2).map((t) => [t.name])];
  for (const group of groups) {
    const have = group.reduce((n, name) => n + (rows[name] ?? 0), 0);
    const ledgered =
      group.reduce((n, name) => n + (present[name] ?? 0), 0) + (group.length > 1 ? bucket : 0);
    if (have !== ledgered) return { group, have, ledgered };
  }
  return null;
}

/** The first column outside the digests that differs from what the ledger says it must be. */
export function checkState(r: Reader): Failure | undefined {
  // Users first: their check hashes in JavaScript (SQLite has no SHA-256), and they are few.
  const users = checkUsers(r);
  if (users) return users;
  for (const check of STATE_CHECKS) {
    const id = r.prepare(check.sql).pluck().get() as string | number | undefined;
    if (id !== undefined) {
      return new Failure('tampered', null, `${check.table} ${id}: ${check.what}`, undefined, {
        table: check.table,
        id: String(id),
      });
    }
  }
  return undefined;
}

/** Both row checks in one snapshot: counts (naming an orphan row) and the state columns. */
export function checkRows(
  r: Reader,
  present: Readonly<Record<string, number>>,
): { rows: Record<string, number>; failure?: Failure } {
  const rows = countRows(r);
  const mismatch = mismatchedRows(rows, present);
  if (mismatch) {
    return { rows, failure: countFailure(r, mismatch.group, mismatch.have, mismatch.ledgered) };
  }
  const failure = checkState(r);
  return failure ? { rows, failure } : { rows };
}
function countFailure(r: Reader, group: string[], have: number, ledgered: number): Failure {
  for (const name of group) {
    const table = ROW_TABLES.find((t) => t.name === name)!;
    const id = r.prepare(table.orphan).pluck().get() as string | number | undefined;
    if (id !== undefined) {
      return new Failure(
        'unledgered',
        null,
        `${name} ${id}: the row has no ledger entry (inserted outside the ledger)`,
        undefined,
        { table: name, id: String(id) },
      );
    }
  }
  return new Failure(
    'unledgered',
    null,
    `${group.join(' + ')}: ${have} rows but ${ledgered} ledgered`,
    undefined,
    { table: group.join(' + '), id: '' },
  );
}
