/**
 * SIEM forwarding (issue 14, docs/operations.md): the wire formats and transports only. What is
 * sent, when, and how often it is retried belongs to the one outbound queue in
 * src/outbox/; a transport takes a batch of outbound events and says what the receiver
 * answered, in its own words, and whether trying again later can help.
 */

export const SIEM_KINDS = ['splunk', 'sentinel', 'syslog'] as const;
export type SiemKind = (typeof SIEM_KINDS)[number];

/** findings: findings created and updated, kill switch changes, verify failures; all: also every event. */
export const SIEM_EVENTS = ['findings', 'all'] as const;
/**
 * `alerts`: an outbox target that is a monitoring session's alert channel: it gets only
 * the alerts queued for it (kind monitoring.alert), never forwarded ledger entries.
 */
export type SiemEvents = (typeof SIEM_EVENTS)[number] | 'alerts';

export type AlertChannelKind = 'alert_webhook' | 'alert_email';

export const SYSLOG_PROTOCOLS = ['udp', 'tcp', 'tls'] as const;
export const SYSLOG_FORMATS = ['rfc5424', 'cef'] as const;

/** Per-kind settings (siem_targets.options); never a secret. */
export interface TargetOptions {
  index?: string;
  sourcetype?: string;
  ca_file?: string;
  dcr_id?: string;
  stream?: string;
  tenant_id?: string;
  client_id?: string;
  authority_host?: string;
  port?: number;
  protocol?: (typeof SYSLOG_PROTOCOLS)[number];
  format?: (typeof SYSLOG_FORMATS)[number];
  /** An alert channel's monitoring session (src/safety/monitoring/channels.ts). */
  session_id?: string;
}

/** idle: nothing queued; sending: queued and no error since the last delivery; error: the last try failed. */
export type TargetState = 'idle' | 'sending' | 'error';

export interface SiemTarget {
  target_id: string;
  kind: SiemKind | AlertChannelKind;
  endpoint: string;
  options: TargetOptions;
  events: SiemEvents;
  /** Whether a secret (HEC token, client secret) is on file: shown as "****", never itself. */
  secret: string | null;
  created_at: string;
  created_by: string;
}

export type Severity = 'critical' | 'high' | 'medium' | 'low' | 'info';

/** One thing to report, the same for every receiver; the wire formats render it. */
export interface OutboundEvent {
  /** Stable per (target, record): a redelivery carries the same id. */
  event_id: string;
  /** The ledger kind (finding.created, killswitch.activated, event.ingested, ...) or verify.failed. */
  kind: string;
  /** When the reported record was made (the ledger entry's time), ISO 8601. */
  time: string;
  severity: Severity;
  /** One line for people. */
  summary: string;
  subject_id: string;
  /** The ledger sequence number of the entry reported (null for a verify failure). */
  ledger_seq: number | null;
  /** The record itself (as the ledger digest commits to it), or the verify verdict. */
  record: Record<string, unknown>;
}

/** What the receiver said; `answer` is its own words (HEC code and text, HTTP status, ...). */
export interface DeliveryAnswer {
  ok: boolean;
  /** False when trying again cannot help until someone changes something (a bad token). */
  retry: boolean;
  /** The receiver asked to wait this long (Retry-After). */
  retryAfterMs?: number;
  answer: string;
}

export interface Transport {
  /** Most events per send() call. */
  readonly maxBatch: number;
  send(events: OutboundEvent[]): Promise<DeliveryAnswer>;
  close(): Promise<void>;
}
