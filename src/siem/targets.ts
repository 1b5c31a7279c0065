import { NotFoundError } from '../errors.js';
import { ulid } from '../ids.js';
import { canonicalize } from '../ledger/jcs.js';
import { siemTargetRecord, siemTargetRemovalRecord } from '../store/records-siem.js';
import type { Reader, Transactor } from '../store/store.js';
import { forgetTargets } from '../outbox/enqueue.js';
import { MASK, saveSecret, secretHash } from './secrets.js';
import { checkTarget, type TargetInput } from './target-options.js';
import type { AlertChannelKind, SiemEvents, SiemKind, SiemTarget, TargetOptions } from './types.js';

export interface TargetRow {
  id: number;
  target_id: string;
  /** A SIEM, or a monitoring session's alert channel (alert_webhook, alert_email). */
  kind: SiemKind | AlertChannelKind;
  endpoint: string;
  options: string;
  events: SiemEvents;
  secret_hash: string | null;
  created_at: string;
  created_by: string;
  removed_at: string | null;
  forwarded_count: number;
  error_count: number;
  failures: number;
  last_event_at: string | null;
  last_error: string | null;
  last_error_at: string | null;
  next_attempt_at: string | null;
  lease_owner: string | null;
  lease_until: string | null;
}

export function toTarget(row: TargetRow): SiemTarget {
  return {
    target_id: row.target_id,
    kind: row.kind,
    endpoint: row.endpoint,
    options: JSON.parse(row.options) as TargetOptions,
    events: row.events,
    secret: row.secret_hash ? MASK : null,
    created_at: row.created_at,
    created_by: row.created_by,
  };
}

export function activeTargetRows(r: Reader): TargetRow[] {
  return r
    .prepare('SELECT * FROM siem_targets WHERE removed_at IS NULL ORDER BY id')
    .all() as TargetRow[];
}

export function getTargetRow(r: Reader, id: string): TargetRow {
  const row = r
    .prepare('SELECT * FROM siem_targets WHERE target_id = ? AND removed_at IS NULL')
    .get(id) as TargetRow | undefined;
  if (!row) throw new NotFoundError(`SIEM target ${id} not found (see evid siem list)`, { id });
  return row;
}

/**
 * Every target of the outbox: SIEM targets and monitoring sessions' alert channels (kind
 * alert_webhook or alert_email, events `alerts`, options.session_id), which share its queue.
 */
export function listTargets(r: Reader): SiemTarget[] {
  return activeTargetRows(r).map(toTarget);
}

/** A new outbox target, before its row exists: the secret in clear, to be kept in a file. */
export interface NewTargetRow {
  target_id: string;
  kind: string;
  endpoint: string;
  /** Canonical JSON. */
  options: string;
  events: string;
  secret: string | null;
}

/**
 * Writes an outbox target (a SIEM target or an alert channel) and ledgers it
 * (`siem.target_added`, with the actor). Its secret goes to a 0600 file (secrets.ts) before
 * the row commits; a failed commit leaves an unused file.
 */
export function insertTarget(tx: Transactor, dataDir: string, target: NewTargetRow): void {
  const { secret, ...fields } = target;
  const row = {
    ...fields,
    secret_hash: secret === null ? null : secretHash(secret),
    created_at: tx.now(),
    created_by: tx.actor,
  };
  if (secret !== null) saveSecret(dataDir, row.target_id, secret);
  const { lastInsertRowid } = tx
    .prepare(
      `INSERT INTO siem_targets (target_id, kind, endpoint, options, events, secret_hash,
         created_at, created_by)
       VALUES (@target_id, @kind, @endpoint, @options, @events, @secret_hash, @created_at,
         @created_by)`,
    )
    .run(row);
  tx.ledger.append(
    'siem.target_added',
    row.target_id,
    Number(lastInsertRowid),
    siemTargetRecord(row),
    row.created_at,
  );
  forgetTargets(tx);
}

/** Adds a SIEM target (checked as `evid siem add` checks it), ledgered. */
export function addTarget(tx: Transactor, dataDir: string, input: TargetInput): SiemTarget {
  const checked = checkTarget(input);
  const targetId = `siem_${ulid()}`;
  insertTarget(tx, dataDir, {
    target_id: targetId,
    kind: checked.kind,
    endpoint: checked.endpoint,
    options: canonicalize(checked.options),
    events: checked.events,
    secret: checked.secret,
  });
  return toTarget(getTargetRow(tx, targetId));
}

export interface RemovedTarget {
  target_id: string;
  removed_at: string;
  /** Rows still queued for it: kept (verify checks them), never sent. */
  undelivered: number;
}

/**
 * Removes a target (`siem.target_removed`); its queued rows stay, unsent. The caller deletes
 * its secret file once this has committed (`removeSecret`), so a failed commit keeps it.
 */
export function removeTarget(tx: Transactor, id: string): RemovedTarget {
  const target = getTargetRow(tx, id);
  const at = tx.now();
  tx.prepare('UPDATE siem_targets SET removed_at = ?, removed_by = ? WHERE id = ?').run(
    at,
    tx.actor,
    target.id,
  );
  tx.ledger.append(
    'siem.target_removed',
    id,
    target.id,
    siemTargetRemovalRecord({ target_id: id, removed_at: at, removed_by: tx.actor }),
    at,
  );
  forgetTargets(tx);
  const undelivered = tx
    .prepare('SELECT COUNT(*) FROM outbox WHERE target_id = ? AND delivered_at IS NULL')
    .pluck()
    .get(id) as number;
  return { target_id: id, removed_at: at, undelivered };
}
