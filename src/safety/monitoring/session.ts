import { NotFoundError } from '../../errors.js';
import { ulid } from '../../ids.js';
import { appendSessions } from '../../ingest/append.js';
import type { Reader, Store } from '../../store/store.js';
import { addChannel, prepareChannel, type AddedChannel, type StoredChannel } from './channels.js';
import { checkChannels, checkConfig, type MonitoringConfig } from './config.js';
import { throwRejection } from './rejection.js';

/**
 * A monitoring session is a trace (source `monitoring`, agent = system_id) started by a
 * `monitoring.session_started` event through the one append path; its configuration and
 * channels are the trace's attributes, so they are in its ledgered record.
 */
export const MONITORING_SOURCE = 'monitoring';

export interface MonitoringSession {
  session_id: string;
  trace_id: string;
  system_id: string;
  status: 'active';
  created_at: string;
  monitoring_config: MonitoringConfig;
  alert_channels: AddedChannel[];
}

export interface SessionRequest {
  system_id: string;
  monitoring_config?: Record<string, unknown>;
  alert_channels?: Array<Record<string, unknown>>;
}

export function createMonitoringSession(
  store: Store,
  input: SessionRequest,
  opts: { actor: string; dataDir: string; now: Date },
): MonitoringSession {
  const config = checkConfig(input.monitoring_config);
  const channelInputs = checkChannels(input.alert_channels);
  const sessionId = `mon_${ulid()}`;
  const createdAt = opts.now.toISOString();
  const channels = channelInputs.map(prepareChannel);
  const stored: StoredChannel[] = channels.map(({ channel_id, type, destination }) => ({
    channel_id,
    type,
    destination,
  }));
  const report = appendSessions(
    store,
    [
      {
        session_id: sessionId,
        agent: input.system_id,
        attributes: { monitoring: { system_id: input.system_id, config, channels: stored } },
        events: [
          {
            event_id: `${sessionId}:started`,
            type: 'monitoring.session_started',
            timestamp: createdAt,
          },
        ],
      },
    ],
    {
      source: MONITORING_SOURCE,
      actor: opts.actor,
      detect: false,
      within: (tx) => {
        for (const c of channels) addChannel(tx, opts.dataDir, sessionId, c);
      },
    },
  );
  throwRejection(report.rejected);
  return {
    session_id: sessionId,
    trace_id: report.appended[0]!.trace_id,
    system_id: input.system_id,
    status: 'active',
    created_at: createdAt,
    monitoring_config: config,
    alert_channels: channels,
  };
}

export interface LoadedSession {
  session_id: string;
  trace_ref: number;
  trace_id: string;
  system_id: string;
  config: MonitoringConfig;
  channels: StoredChannel[];
}

export function loadSession(r: Reader, sessionId: string): LoadedSession {
  const row = r
    .prepare(
      "SELECT id, trace_id, agent, attributes FROM traces WHERE session_id = ? AND source = 'monitoring'",
    )
    .get(sessionId) as
    { id: number; trace_id: string; agent: string; attributes: string } | undefined;
  if (!row) {
    throw new NotFoundError(`session_id: no monitoring session ${sessionId}`, {
      field: 'session_id',
    });
  }
  const m = (JSON.parse(row.attributes) as { monitoring: Record<string, unknown> }).monitoring;
  return {
    session_id: sessionId,
    trace_ref: row.id,
    trace_id: row.trace_id,
    system_id: row.agent,
    config: m.config as MonitoringConfig,
    channels: (m.channels as StoredChannel[] | undefined) ?? [],
  };
}
