import { KillSwitchActiveError, ValidationError } from '../errors.js';
import { killSwitchRecord } from '../store/records.js';
import type { Reader, Store, Transactor } from '../store/store.js';
import { enqueueLedgered } from '../outbox/enqueue.js';

/**
 * The kill switch (REFERENCE.md section 7, EU AI Act 14(4)(e), NIST AI RMF MANAGE 2.4):
 * global or for one agent, persisted in the store (so it survives restarts and binds every
 * process on the store), each toggle ledgered with its actor and a required reason. While
 * active, every matching intake is refused inside its own write transaction, so no trace
 * or event can slip in between a check and a write; reads, verify, packs and exports go on.
 */

/** Seconds a refused client is told to wait before retrying (HTTP Retry-After). */
export const RETRY_AFTER_SECONDS = 60;

/** What an active switch stops. */
export const INTAKES = [
  'POST /api/v1/traces',
  'POST /api/v1/events',
  'evid traces ingest',
  'POST /v1/execute and running executions',
  'evid execute',
] as const;

export interface KillSwitchState {
  scope: 'global' | 'agent';
  agent: string | null;
  active: boolean;
  reason: string;
  actor: string;
  changed_at: string;
  /** Intakes refused since the switch was last activated. */
  refused: number;
  last_refused_at: string | null;
}

export interface KillSwitchStatus {
  /** True when anything is stopped: the global switch or any agent's. */
  active: boolean;
  global: KillSwitchState | null;
  agents: KillSwitchState[];
  stops: readonly string[];
  history: KillSwitchToggle[];
}

export interface KillSwitchToggle {
  scope: 'global' | 'agent';
  agent: string | null;
  action: 'activated' | 'deactivated';
  reason: string;
  actor: string;
  at: string;
}

export interface KillSwitchChange {
  /** False when the switch was already in the requested state (nothing ledgered). */
  changed: boolean;
  state: KillSwitchState;
  status: KillSwitchStatus;
}

export interface KillSwitchInput {
  /** Absent: the global switch. */
  agent?: string | undefined;
  reason: string;
}

interface Row {
  scope: 'global' | 'agent';
  agent: string;
  active: number;
  reason: string;
  actor: string;
  changed_at: string;
  refused: number;
  last_refused_at: string | null;
}

const toState = (row: Row): KillSwitchState => ({
  scope: row.scope,
  agent: row.scope === 'agent' ? row.agent : null,
  active: row.active === 1,
  reason: row.reason,
  actor: row.actor,
  changed_at: row.changed_at,
  refused: row.refused,
  last_refused_at: row.last_refused_at,
});

/**
 * Throws KillSwitchActiveError when intake for `agent` is stopped (globally or for that
 * agent). Call it inside the write transaction that would store the data.
 */
export function assertIntakeOpen(r: Reader, agent: string): void {
  const row = r
    .prepare(
      `SELECT * FROM kill_switch WHERE active = 1 AND (scope = 'global' OR (scope = 'agent' AND agent = ?))
       ORDER BY scope DESC LIMIT 1`,
    )
    .get(agent) as Row | undefined;
  if (!row) return;
  const which = row.scope === 'global' ? 'for all agents' : `for agent ${row.agent}`;
  throw new KillSwitchActiveError(
    `intake refused: the kill switch is active ${which} since ${row.changed_at} (by ${row.actor}: ${row.reason}); reads, verify, packs and exports still work`,
    {
      scope: row.scope,
      agent: row.scope === 'agent' ? row.agent : null,
      reason: row.reason,
      actor: row.actor,
      since: row.changed_at,
      retry_after: RETRY_AFTER_SECONDS,
    },
  );
}

function scopeOf(input: KillSwitchInput): { scope: 'global' | 'agent'; agent: string } {
  const reason = input.reason?.trim() ?? '';
  if (reason === '') {
    throw new ValidationError('reason: is required (say why the switch is toggled)', {
      field: 'reason',
    });
  }
  if (reason.length > 1000) {
    throw new ValidationError('reason: must be at most 1000 characters', { field: 'reason' });
  }
  if (input.agent === undefined) return { scope: 'global', agent: '' };
  const agent = input.agent.trim();
  if (agent === '' || agent.length > 256) {
    throw new ValidationError('agent: must be 1 to 256 characters', { field: 'agent' });
  }
  return { scope: 'agent', agent };
}

function toggle(tx: Transactor, input: KillSwitchInput, active: boolean): KillSwitchChange {
  const { scope, agent } = scopeOf(input);
  const reason = input.reason.trim();
  const current = tx
    .prepare('SELECT * FROM kill_switch WHERE scope = ? AND agent = ?')
    .get(scope, agent) as Row | undefined;
  if ((current?.active === 1) === active) {
    const state: KillSwitchState = current
      ? toState(current)
      : {
          scope,
          agent: scope === 'agent' ? agent : null,
          active: false,
          reason: '',
          actor: '',
          changed_at: '',
          refused: 0,
          last_refused_at: null,
        };
    return { changed: false, state, status: killSwitchStatus(tx) };
  }
  const at = tx.now();
  const action = active ? 'activated' : 'deactivated';
  tx.prepare(
    `INSERT INTO kill_switch (scope, agent, active, reason, actor, changed_at, refused, last_refused_at)
     VALUES (@scope, @agent, @active, @reason, @actor, @at, 0, NULL)
     ON CONFLICT (scope, agent) DO UPDATE SET active = @active, reason = @reason, actor = @actor,
       changed_at = @at, refused = CASE WHEN @active = 1 THEN 0 ELSE refused END,
       last_refused_at = CASE WHEN @active = 1 THEN NULL ELSE last_refused_at END`,
  ).run({ scope, agent, active: active ? 1 : 0, reason, actor: tx.actor, at });
  const fields = { scope, agent, action, reason, actor: tx.actor, at };
  const { lastInsertRowid } = tx
    .prepare(
      'INSERT INTO kill_switch_history (scope, agent, action, reason, actor, at) VALUES (@scope, @agent, @action, @reason, @actor, @at)',
    )
    .run(fields);
  const subject = scope === 'global' ? 'killswitch:global' : `killswitch:agent:${agent}`;
  const { seq } = tx.ledger.append(
    `killswitch.${action}`,
    subject,
    Number(lastInsertRowid),
    killSwitchRecord(fields),
    at,
  );
  enqueueLedgered(tx, `killswitch.${action}`, seq); // SIEM targets, same transaction
  const row = tx
    .prepare('SELECT * FROM kill_switch WHERE scope = ? AND agent = ?')
    .get(scope, agent) as Row;
  return { changed: true, state: toState(row), status: killSwitchStatus(tx) };
}

/** Stops intake (globally, or for one agent); ledgers `killswitch.activated`. */
export function activateKillSwitch(tx: Transactor, input: KillSwitchInput): KillSwitchChange {
  return toggle(tx, input, true);
}

/** Resumes intake for that scope; ledgers `killswitch.deactivated`. */
export function deactivateKillSwitch(tx: Transactor, input: KillSwitchInput): KillSwitchChange {
  return toggle(tx, input, false);
}

export function killSwitchStatus(r: Reader, historyLimit = 20): KillSwitchStatus {
  const rows = (
    r.prepare('SELECT * FROM kill_switch ORDER BY scope DESC, agent').all() as Row[]
  ).map(toState);
  const global = rows.find((s) => s.scope === 'global') ?? null;
  const agents = rows.filter((s) => s.scope === 'agent');
  const history = (
    r
      .prepare(
        'SELECT scope, agent, action, reason, actor, at FROM kill_switch_history ORDER BY id DESC LIMIT ?',
      )
      .all(historyLimit) as Array<KillSwitchToggle & { agent: string }>
  ).map((h) => ({ ...h, agent: h.scope === 'agent' ? h.agent : null }));
  return {
    active: rows.some((s) => s.active),
    global,
    agents,
    stops: INTAKES,
    history,
  };
}

/**
 * Counts a refused intake against the switch that refused it (so the status reports what
 * the switch actually stopped). Bookkeeping in its own small transaction, not ledgered.
 */
export function recordRefusal(store: Store, err: KillSwitchActiveError): void {
  const scope = err.details?.scope;
  const agent = err.details?.agent;
  if (scope !== 'global' && scope !== 'agent') return;
  try {
    store.transact((tx) =>
      tx
        .prepare(
          'UPDATE kill_switch SET refused = refused + 1, last_refused_at = ? WHERE scope = ? AND agent = ? AND active = 1',
        )
        .run(tx.now(), scope, typeof agent === 'string' ? agent : ''),
    );
  } catch {
    // Bookkeeping only.
  }
}
