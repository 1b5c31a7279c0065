/**
 * Syslog messages (REFERENCE.md sections 5 and 10). RFC 5424:
 * `<PRI>1 TIMESTAMP HOSTNAME APP-NAME PROCID MSGID [evid@32473 k="v" ...] MSG`, facility 13
 * (log audit), header fields cut to their limits (HOSTNAME 255, APP-NAME 48, PROCID 128,
 * MSGID 32, printable US-ASCII), the timestamp RFC 3339 with milliseconds. 32473 is the
 * private enterprise number RFC 5612 reserves for documentation: evid has none of its own.
 * CEF (`CEF:0|Vendor|Product|Version|EventClassId|Name|Severity|ext`) travels as the MSG
 * of an RFC 5424 header, as collectors that read CEF over syslog expect.
 */
import { hostname } from 'node:os';
import type { OutboundEvent, Severity } from './types.js';

const FACILITY = 13;
const SYSLOG_SEVERITY: Record<Severity, number> = {
  critical: 2,
  high: 3,
  medium: 4,
  low: 5,
  info: 6,
};
const CEF_SEVERITY: Record<Severity, number> = {
  critical: 10,
  high: 8,
  medium: 5,
  low: 3,
  info: 1,
};

export const SD_ID = 'evid@32473';
/** Read once: os.hostname() is a system call, and this runs per message. */
const HOST = hostname();

/** Printable US-ASCII (33..126) only, at most `max` characters, "-" when empty. */
export function headerField(value: string, max: number): string {
  const s = value.replace(/[^\x21-\x7e]/g, '').slice(0, max);
  return s === '' ? '-' : s;
}

export function sdValue(value: string): string {
  return value.replace(/[\\"\]]/g, (c) => `\\${c}`);
}

/** RFC 3339 with at most 6 fractional digits (toISOString gives 3). */
function timestamp(time: string): string {
  const ms = Date.parse(time);
  return Number.isNaN(ms) ? '-' : new Date(ms).toISOString();
}

const oneLine = (s: string): string => s.replace(/[\r\n\t]+/g, ' ');

function header(e: OutboundEvent, host: string, sd: string): string {
  const pri = FACILITY * 8 + SYSLOG_SEVERITY[e.severity];
  return [
    `<${pri}>1`,
    timestamp(e.time),
    headerField(host, 255),
    headerField('evid', 48),
    headerField(String(process.pid), 128),
    headerField(e.kind, 32),
    sd,
  ].join(' ');
}

export function rfc5424(e: OutboundEvent, host = HOST): string {
  const params: Array<[string, string]> = [
    ['event_id', e.event_id],
    ['kind', e.kind],
    ['severity', e.severity],
    ['subject_id', e.subject_id],
    ...(e.ledger_seq !== null
      ? ([['ledger_seq', String(e.ledger_seq)]] as Array<[string, string]>)
      : []),
  ];
  const sd = `[${SD_ID} ${params.map(([k, v]) => `${k}="${sdValue(v)}"`).join(' ')}]`;
  return `${header(e, host, sd)} ${oneLine(e.summary)} ${JSON.stringify(e.record)}`;
}

export const cefHeaderField = (s: string): string => oneLine(s).replace(/[\\|]/g, (c) => `\\${c}`);
export const cefExtValue = (s: string): string =>
  s.replace(/[\\=]/g, (c) => `\\${c}`).replace(/\r?\n|\r/g, '\\n');

export function cef(e: OutboundEvent, version: string, host = HOST): string {
  const ext: Array<[string, string]> = [
    ['rt', String(Date.parse(e.time))],
    ['externalId', e.event_id],
    ['dvchost', host],
    ['cs1Label', 'subject_id'],
    ['cs1', e.subject_id],
    ['cs2Label', 'record'],
    ['cs2', JSON.stringify(e.record)],
    ...(e.ledger_seq !== null
      ? ([
          ['cn1Label', 'ledger_seq'],
          ['cn1', String(e.ledger_seq)],
        ] as Array<[string, string]>)
      : []),
  ];
  const line = [
    'CEF:0',
    'evid',
    'evid',
    cefHeaderField(version),
    cefHeaderField(e.kind),
    cefHeaderField(e.summary),
    String(CEF_SEVERITY[e.severity]),
    ext.map(([k, v]) => `${k}=${cefExtValue(v)}`).join(' '),
  ].join('|');
  return `${header(e, host, '-')} ${line}`;
}

/** RFC 6587 octet counting: `LEN SP MSG`, LEN in bytes. */
export function octetCounted(message: string): string {
  return `${Buffer.byteLength(message)} ${message}`;
}
