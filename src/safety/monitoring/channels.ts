import { randomBytes } from 'node:crypto';
import { ulid } from '../../ids.js';
import { canonicalize } from '../../ledger/jcs.js';
import { stableEventId } from '../../outbox/enqueue.js';
import { insertTarget } from '../../siem/targets.js';
import type { Transactor } from '../../store/store.js';
import type { Alert } from './alerts.js';
import type { ChannelInput } from './config.js';

/**
 * A session's alert channels are targets of the one durable outbox (src/outbox/), next to
 * the SIEM targets: ledgered when added (`siem.target_added`, with a hash of the webhook's
 * signing secret), drained by the same drainer with the same backoff, marked `events =
 * 'alerts'` so they get only the alerts queued for them, never forwarded ledger entries.
 */
export interface StoredChannel {
  channel_id: string;
  type: ChannelInput['type'];
  destination: string;
}

export interface AddedChannel extends StoredChannel {
  /** The webhook's HMAC signing secret: shown once, kept in a 0600 file. */
  signing_secret?: string;
}

/** Ids and secrets fixed before the session's trace is written: its attributes name them. */
export function prepareChannel(channel: ChannelInput): AddedChannel {
  return {
    channel_id: `ach_${ulid()}`,
    type: channel.type,
    destination: channel.destination,
    ...(channel.type === 'webhook'
      ? { signing_secret: randomBytes(32).toString('base64url') }
      : {}),
  };
}

/** Registers a prepared channel as an outbox target, ledgered, in the session's transaction. */
export function addChannel(
  tx: Transactor,
  dataDir: string,
  sessionId: string,
  c: AddedChannel,
): void {
  insertTarget(tx, dataDir, {
    target_id: c.channel_id,
    kind: c.type === 'webhook' ? 'alert_webhook' : 'alert_email',
    endpoint: c.destination,
    options: canonicalize({ session_id: sessionId }),
    events: 'alerts',
    secret: c.signing_secret ?? null,
  });
}

/**
 * The session's channels still registered: a channel removed with `evid siem remove` (or
 * the dashboard) gets no more alerts, rather than rows queued for a target nobody drains.
 */
export function liveChannels(tx: Transactor, channels: readonly StoredChannel[]): StoredChannel[] {
  const live = tx.prepare('SELECT 1 FROM siem_targets WHERE target_id = ? AND removed_at IS NULL');
  return channels.filter((c) => live.get(c.channel_id) !== undefined);
}

/** Queues an alert for each of the given channels, in the transaction of its event. */
export function enqueueAlert(
  tx: Transactor,
  channels: readonly StoredChannel[],
  alert: Alert & { session_id: string; system_id: string },
): void {
  const insert = tx.prepare(
    `INSERT INTO outbox (target_id, event_id, ledger_seq, kind, payload, created_at)
     VALUES (?, ?, NULL, 'monitoring.alert', ?, ?)`,
  );
  const payload = JSON.stringify(alert);
  for (const c of channels) {
    insert.run(c.channel_id, stableEventId(c.channel_id, alert.alert_id), payload, tx.now());
  }
}
