import { SIEM_EVENTS, SIEM_KINDS, SYSLOG_FORMATS, SYSLOG_PROTOCOLS } from '../../../siem/types.js';

const text = (description: string, maxLength = 512) =>
  ({ type: 'string', minLength: 1, maxLength, description }) as const;

/**
 * The body of POST /api/v1/siem/targets: the flags of `evid siem add` as snake_case fields.
 * Which fields a kind requires or refuses is checked by the domain (checkTarget), so the
 * answer names the same rule as the CLI.
 */
export const addBody = {
  type: 'object',
  additionalProperties: false,
  required: ['kind', 'endpoint'],
  properties: {
    kind: { type: 'string', enum: [...SIEM_KINDS] },
    endpoint: text(
      'splunk: the HEC base URL; sentinel: the data collection endpoint URL; syslog: the host',
      2048,
    ),
    events: {
      type: 'string',
      enum: [...SIEM_EVENTS],
      description:
        'findings (default: findings, kill switch, verify failures) or all (also every event)',
    },
    token: text('splunk: the HEC token (kept in a 0600 file on the server, never answered)'),
    client_secret: text('sentinel: the client secret (kept in a 0600 file, never answered)'),
    index: text('splunk: the index', 80),
    sourcetype: text('splunk: the sourcetype (default evid:event)', 80),
    dcr_id: text('sentinel: the data collection rule immutable id (dcr-...)', 128),
    stream: text('sentinel: the stream (Custom-<table>_CL)', 128),
    tenant_id: text('sentinel: the Entra tenant', 128),
    client_id: text('sentinel: the app (client) id', 128),
    authority_host: text(
      'sentinel: the Entra authority (default https://login.microsoftonline.com)',
      2048,
    ),
    port: {
      type: 'integer',
      minimum: 1,
      maximum: 65535,
      description: 'syslog: the port (default 514, tls 6514)',
    },
    protocol: { type: 'string', enum: [...SYSLOG_PROTOCOLS], description: 'syslog: default udp' },
    format: { type: 'string', enum: [...SYSLOG_FORMATS], description: 'syslog: default rfc5424' },
    ca_file: text(
      'https or tls: an absolute path on the server to a CA bundle (PEM) trusted instead of the system CAs',
      4096,
    ),
  },
} as const;

const targetProperties = {
  target_id: { type: 'string', description: 'siem_<ULID>, or ach_<ULID> for an alert channel' },
  kind: {
    type: 'string',
    enum: [...SIEM_KINDS, 'alert_webhook', 'alert_email'],
    description: "alert_webhook and alert_email are monitoring sessions' alert channels",
  },
  endpoint: { type: 'string' },
  options: {
    $id: 'SiemTargetOptions',
    type: 'object',
    additionalProperties: false,
    description: "the kind's settings as given (never a secret)",
    properties: {
      index: { type: 'string' },
      sourcetype: { type: 'string' },
      ca_file: { type: 'string' },
      dcr_id: { type: 'string' },
      stream: { type: 'string' },
      tenant_id: { type: 'string' },
      client_id: { type: 'string' },
      authority_host: { type: 'string' },
      port: { type: 'integer' },
      protocol: { type: 'string', enum: [...SYSLOG_PROTOCOLS] },
      format: { type: 'string', enum: [...SYSLOG_FORMATS] },
      session_id: { type: 'string', description: "an alert channel's monitoring session" },
    },
  },
  events: {
    type: 'string',
    enum: [...SIEM_EVENTS, 'alerts'],
    description: 'alerts: an alert channel, which gets only its alerts',
  },
  secret: {
    type: ['string', 'null'],
    enum: ['****', null],
    description: '"****" when a token or client secret is on file, else null',
  },
  created_at: { type: 'string' },
  created_by: { type: 'string' },
} as const;

/** A target as added (src/siem/types.ts SiemTarget). */
export const targetResponse = {
  $id: 'SiemTarget',
  type: 'object',
  additionalProperties: false,
  required: Object.keys(targetProperties),
  properties: targetProperties,
} as const;

const statusProperties = {
  ...targetProperties,
  state: {
    type: 'string',
    enum: ['idle', 'sending', 'error'],
    description: 'idle: nothing queued; sending: queued, no error; error: the last try failed',
  },
  last_event_at: { type: ['string', 'null'], description: 'the last delivery' },
  forwarded_count: { type: 'integer' },
  error_count: { type: 'integer' },
  queue_depth: { type: 'integer', description: 'rows queued and not yet delivered' },
  last_error: { type: ['string', 'null'] },
  last_error_at: { type: ['string', 'null'] },
  next_attempt_at: { type: ['string', 'null'], description: 'the next retry while in error' },
} as const;

/** A target with its delivery state (src/siem/status.ts TargetStatus): `evid siem status`. */
export const targetStatusSchema = {
  $id: 'SiemTargetStatus',
  type: 'object',
  additionalProperties: false,
  required: Object.keys(statusProperties),
  properties: statusProperties,
} as const;
