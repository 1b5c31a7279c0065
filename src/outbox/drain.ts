/**
 * Sends a target's queued rows, oldest first, a batch at a time; a row is marked delivered
 * only after the receiver acknowledged its batch, in a transaction of its own. A crash
 * between the two (kill -9) sends the batch again with the same event ids: at least once,
 * never lost. A failed batch stops the target until its backoff has passed (order holds:
 * nothing newer overtakes it).
 */
import type { SmtpConfig } from '../config/config.js';
import type { Store } from '../store/store.js';
import { activeTargetRows, type TargetRow } from '../siem/targets.js';
import { transportFor } from '../siem/transport.js';
import type { DeliveryAnswer, Transport } from '../siem/types.js';
import { backoffMs, type BackoffPolicy } from './backoff.js';
import { claimLease, releaseLease } from './lease.js';
import { buildMessage, pendingRows } from './message.js';

export interface DrainOptions {
  dataDir: string;
  /** The product version (CEF header). */
  version: string;
  owner: string;
  now: () => Date;
  policy: BackoffPolicy;
  /** Outgoing mail for monitoring alert channels of type email. */
  smtp?: SmtpConfig | undefined;
  /** Ignore the backoff wait (siem flush: "send what is queued now"). */
  force?: boolean;
  /** Asked to stop: finish the batch in flight, then return. */
  stopping?: () => boolean;
}

export interface DrainReport {
  target_id: string;
  /** Rows delivered by this run. */
  sent: number;
  /** Rows still queued after it. */
  pending: number;
  ok: boolean;
  /** The receiver's last answer, or why nothing was tried. */
  answer: string | null;
}

const queued = (store: Store, id: string): number =>
  store.read(
    (r) =>
      r
        .prepare('SELECT COUNT(*) FROM outbox WHERE target_id = ? AND delivered_at IS NULL')
        .pluck()
        .get(id) as number,
  );

function recordFailure(
  store: Store,
  row: TargetRow,
  answer: DeliveryAnswer,
  opts: DrainOptions,
  firstId: number | null,
  lastId: number | null,
): void {
  const now = opts.now();
  const wait = backoffMs(row.failures + 1, opts.policy, answer);
  store.transact((tx) => {
    tx.prepare(
      `UPDATE siem_targets SET failures = failures + 1, error_count = error_count + 1,
         last_error = ?, last_error_at = ?, next_attempt_at = ? WHERE target_id = ?`,
    ).run(
      answer.answer,
      now.toISOString(),
      new Date(now.getTime() + wait).toISOString(),
      row.target_id,
    );
    if (firstId !== null) {
      tx.prepare(
        'UPDATE outbox SET attempts = attempts + 1 WHERE target_id = ? AND id BETWEEN ? AND ? AND delivered_at IS NULL',
      ).run(row.target_id, firstId, lastId);
    }
  });
}

function recordDelivery(
  store: Store,
  row: TargetRow,
  opts: DrainOptions,
  firstId: number,
  lastId: number,
  lastEventAt: string,
): number {
  const now = opts.now().toISOString();
  return store.transact((tx) => {
    const { changes } = tx
      .prepare(
        `UPDATE outbox SET delivered_at = ?, attempts = attempts + 1
         WHERE target_id = ? AND id BETWEEN ? AND ? AND delivered_at IS NULL`,
      )
      .run(now, row.target_id, firstId, lastId);
    tx.prepare(
      `UPDATE siem_targets SET forwarded_count = forwarded_count + ?, last_event_at = ?,
         failures = 0, next_attempt_at = NULL, lease_until = ? WHERE target_id = ? AND lease_owner = ?`,
    ).run(
      changes,
      lastEventAt,
      new Date(Date.parse(now) + 30_000).toISOString(),
      row.target_id,
      opts.owner,
    );
    return changes;
  });
}

export async function drainTarget(
  store: Store,
  row: TargetRow,
  opts: DrainOptions,
): Promise<DrainReport> {
  const report = (sent: number, ok: boolean, answer: string | null): DrainReport => ({
    target_id: row.target_id,
    sent,
    pending: queued(store, row.target_id),
    ok,
    answer,
  });
  const now = opts.now();
  if (!opts.force && row.next_attempt_at && row.next_attempt_at > now.toISOString()) {
    return report(0, false, `waiting until ${row.next_attempt_at} after: ${row.last_error ?? ''}`);
  }
  if (queued(store, row.target_id) === 0) return report(0, true, null);
  if (!claimLease(store, row.target_id, opts.owner, now)) {
    return report(0, false, 'being sent by another process (evid serve or siem flush)');
  }
  let transport: Transport | undefined;
  let sent = 0;
  let last: string | null = null;
  try {
    try {
      transport = transportFor(opts.dataDir, row, opts.version, opts.smtp);
    } catch (err) {
      const answer = { ok: false, retry: false, answer: (err as Error).message };
      recordFailure(store, row, answer, opts, null, null);
      return report(0, false, answer.answer);
    }
    const load = (afterId: number) =>
      store.read((r) => {
        const rows = pendingRows(r, row.target_id, transport!.maxBatch, afterId);
        return { rows, messages: rows.map((p) => buildMessage(r, p)) };
      });
    let batch = load(0);
    while (batch.rows.length > 0 && !opts.stopping?.()) {
      const firstId = batch.rows[0]!.id;
      const lastId = batch.rows[batch.rows.length - 1]!.id;
      const sending = transport.send(batch.messages);
      // While this batch is on the wire, build the next one (the rows after it, in order;
      // records never change once ledgered). The yield lets the request go out first.
      await new Promise((resolve) => setImmediate(resolve));
      const next = load(lastId);
      const answer = await sending;
      last = answer.answer;
      if (!answer.ok) {
        recordFailure(store, row, answer, opts, firstId, lastId);
        return report(sent, false, answer.answer);
      }
      const lastEventAt = batch.messages[batch.messages.length - 1]!.time;
      sent += recordDelivery(store, row, opts, firstId, lastId, lastEventAt);
      batch = next;
    }
    return report(sent, true, last);
  } finally {
    await transport?.close();
    releaseLease(store, row.target_id, opts.owner);
  }
}

/** One pass over every target (the drainer's tick, and `siem flush`). */
export async function drainAll(
  store: Store,
  opts: DrainOptions,
  only?: string,
): Promise<DrainReport[]> {
  const rows = store.read((r) => activeTargetRows(r)).filter((t) => !only || t.target_id === only);
  const reports: DrainReport[] = [];
  for (const row of rows) {
    if (opts.stopping?.()) break;
    reports.push(await drainTarget(store, row, opts));
  }
  return reports;
}
