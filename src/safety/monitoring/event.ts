import { ValidationError } from '../../errors.js';
import { ulid } from '../../ids.js';
import { appendSessions } from '../../ingest/append.js';
import { ISO_DATE_TIME } from '../../ingest/schema.js';
import type { Reader, Store } from '../../store/store.js';
import { alertsFor, type Alert, type EventFacts } from './alerts.js';
import { enqueueAlert, liveChannels, type StoredChannel } from './channels.js';
import { throwRejection } from './rejection.js';
import { loadSession, MONITORING_SOURCE } from './session.js';

/**
 * `POST /v1/monitoring/event`: the event goes through the one append path (detectors,
 * ledger, kill switch, quotas) into the session's trace; in the same transaction its
 * alerts are worked out from its findings and metrics, and queued for the session's
 * channels, so an event is never stored without its alerts queued, nor the reverse.
 */
export interface EventRequest {
  session_id: string;
  event_type: string;
  event_data: Record<string, unknown>;
}

export interface LoggedEvent {
  status: 'logged';
  session_id: string;
  event_id: string;
  trace_id: string;
  findings: number;
  alerts: Alert[];
  /** Channels each alert was queued for (delivered by the outbox drainer). */
  notified: Array<{ channel_id: string; type: string }>;
}

const ISO = new RegExp(ISO_DATE_TIME);

function numberField(data: Record<string, unknown>, name: string): number | null {
  const v = data[name];
  if (v === undefined || v === null) return null;
  if (typeof v !== 'number' || !Number.isFinite(v)) {
    throw new ValidationError(`event_data.${name}: must be a number`, {
      field: `event_data.${name}`,
    });
  }
  return v;
}

function textField(data: Record<string, unknown>, name: string): string | null {
  const v = data[name];
  if (v === undefined || v === null) return null;
  if (typeof v !== 'string') {
    throw new ValidationError(`event_data.${name}: must be a string`, {
      field: `event_data.${name}`,
    });
  }
  return v;
}

export function logMonitoringEvent(
  store: Store,
  input: EventRequest,
  opts: { actor: string; now: Date },
): LoggedEvent {
  const session = store.read((r) => loadSession(r, input.session_id));
  const data = input.event_data;
  const latency = numberField(data, 'latency');
  const confidence = numberField(data, 'confidence');
  const prompt = textField(data, 'input');
  const completion = textField(data, 'output');
  const given = data.timestamp;
  if (given !== undefined && (typeof given !== 'string' || !ISO.test(given))) {
    throw new ValidationError('event_data.timestamp: must be an ISO 8601 date-time with a zone', {
      field: 'event_data.timestamp',
    });
  }
  const timestamp = typeof given === 'string' ? given : opts.now.toISOString();
  const eventId = `mev_${ulid()}`;
  const { input: _i, output: _o, ...rest } = data;
  let alerts: Alert[] = [];
  let notified: StoredChannel[] = [];
  let findings = 0;
  const report = appendSessions(
    store,
    [
      {
        session_id: session.session_id,
        agent: session.system_id,
        events: [
          {
            event_id: eventId,
            type: input.event_type,
            timestamp,
            prompt,
            completion,
            event_data: rest,
          },
        ],
      },
    ],
    {
      source: MONITORING_SOURCE,
      actor: opts.actor,
      within: (tx) => {
        const facts = eventFacts(tx, eventId, latency, confidence);
        if (!facts) return;
        findings = facts.findings.length;
        alerts = alertsFor(facts, session.config);
        if (alerts.length > 0) notified = liveChannels(tx, session.channels);
        for (const a of alerts) {
          enqueueAlert(tx, notified, {
            ...a,
            session_id: session.session_id,
            system_id: session.system_id,
          });
        }
      },
    },
  );
  throwRejection(report.rejected);
  return {
    status: 'logged',
    session_id: session.session_id,
    event_id: eventId,
    trace_id: session.trace_id,
    findings,
    alerts,
    notified: notified.map((c) => ({ channel_id: c.channel_id, type: c.type })),
  };
}

/** The stored event's findings and metrics (undefined when it was not written). */
export function eventFacts(
  r: Reader,
  eventId: string,
  latency: number | null,
  confidence: number | null,
): EventFacts | undefined {
  const row = r.prepare('SELECT id, timestamp FROM events WHERE event_id = ?').get(eventId) as
    { id: number; timestamp: string } | undefined;
  if (!row) return undefined;
  const findings = r
    .prepare(
      'SELECT finding_id, type, severity, score, detector FROM findings WHERE event_ref = ? ORDER BY id',
    )
    .all(row.id) as EventFacts['findings'];
  return { event_id: eventId, timestamp: row.timestamp, latency, confidence, findings };
}
