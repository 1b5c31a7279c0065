import { accessSync, constants } from 'node:fs';
import { isAbsolute } from 'node:path';
import { ValidationError } from '../errors.js';
import {
  SIEM_EVENTS,
  SIEM_KINDS,
  SYSLOG_FORMATS,
  SYSLOG_PROTOCOLS,
  type SiemEvents,
  type SiemKind,
  type TargetOptions,
} from './types.js';

/** What `siem add` is given, flags already named by their field (see cli/commands/siem/add.ts). */
export interface TargetInput {
  kind: string;
  endpoint?: string | undefined;
  events?: string | undefined;
  /** splunk: the HEC token; sentinel: the client secret. Kept in a 0600 file, never stored. */
  secret?: string | undefined;
  options: Record<string, unknown>;
  /** How errors name a field: as the CLI flag (`--dcr-id`, default) or the REST field (`dcr_id`). */
  naming?: 'flags' | 'fields';
}

export interface CheckedTarget {
  kind: SiemKind;
  endpoint: string;
  events: SiemEvents;
  secret: string | null;
  options: TargetOptions;
}

const DEFAULT_AUTHORITY = 'https://login.microsoftonline.com';

/** The field name as people typed it, for messages: dcr_id -> --dcr-id. */
const flag = (field: string): string => `--${field.replace(/_/g, '-')}`;

function fail(field: string, problem: string): never {
  throw new ValidationError(`${flag(field)}: ${problem}`, { field });
}

function text(value: unknown, field: string, required: boolean, max = 512): string | undefined {
  if (value === undefined || value === null || value === '') {
    if (required) fail(field, 'is required');
    return undefined;
  }
  const s = String(value).trim();
  if (
    s === '' ||
    s.length > max ||
    [...s].some((c) => c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127)
  ) {
    fail(field, `must be 1 to ${max} printable characters`);
  }
  return s;
}

function httpUrl(value: string, field: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    fail(field, `must be an http(s) URL (got "${value}")`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    fail(field, `must be an http(s) URL (got "${value}")`);
  }
  return value.replace(/\/+$/, '');
}

function caFile(value: unknown): string | undefined {
  const file = text(value, 'ca_file', false, 4096);
  if (file === undefined) return undefined;
  if (!isAbsolute(file)) fail('ca_file', `must be an absolute path (got "${file}")`);
  try {
    accessSync(file, constants.R_OK);
  } catch {
    fail('ca_file', `cannot read ${file}`);
  }
  return file;
}

function choice<T extends string>(
  value: unknown,
  field: string,
  allowed: readonly T[],
  fallback: T,
): T {
  if (value === undefined || value === null || value === '') return fallback;
  if (!(allowed as readonly string[]).includes(String(value))) {
    fail(field, `must be one of ${allowed.join(', ')} (got "${String(value)}")`);
  }
  return value as T;
}

/** Per kind: the endpoint's shape, which options are required, and which make no sense. */
export function checkTarget(input: TargetInput): CheckedTarget {
  try {
    return checkFields(input);
  } catch (err) {
    // The checks word their messages for the CLI; a REST caller typed the field's own name.
    if (input.naming !== 'fields' || !(err instanceof ValidationError)) throw err;
    const field = err.details?.field;
    if (typeof field !== 'string') throw err;
    throw new ValidationError(err.message.replace(`${flag(field)}:`, `${field}:`), { field });
  }
}

function checkFields(input: TargetInput): CheckedTarget {
  const kind = choice(input.kind, 'kind', SIEM_KINDS, '' as SiemKind);
  if ((kind as string) === '') fail('kind', `is required (${SIEM_KINDS.join(', ')})`);
  const events = choice(input.events, 'events', SIEM_EVENTS, 'findings');
  const o = input.options;
  const endpoint = text(input.endpoint, 'endpoint', true, 2048)!;
  const allowed: Record<SiemKind, string[]> = {
    splunk: ['index', 'sourcetype', 'ca_file'],
    sentinel: ['dcr_id', 'stream', 'tenant_id', 'client_id', 'authority_host', 'ca_file'],
    syslog: ['port', 'protocol', 'format', 'ca_file'],
  };
  for (const [key, value] of Object.entries(o)) {
    if (value !== undefined && !allowed[kind].includes(key)) {
      fail(key, `does not apply to a ${kind} target`);
    }
  }
  if (kind === 'splunk') {
    const token = text(input.secret, 'token', true);
    return {
      kind,
      endpoint: httpUrl(endpoint, 'endpoint'),
      events,
      secret: token!,
      options: clean({
        index: text(o.index, 'index', false, 80),
        sourcetype: text(o.sourcetype, 'sourcetype', false, 80) ?? 'evid:event',
        ca_file: caFile(o.ca_file),
      }),
    };
  }
  if (kind === 'sentinel') {
    const secret = text(input.secret, 'client_secret', true);
    const authority = text(o.authority_host, 'authority_host', false, 2048);
    return {
      kind,
      endpoint: httpUrl(endpoint, 'endpoint'),
      events,
      secret: secret!,
      options: clean({
        dcr_id: text(o.dcr_id, 'dcr_id', true, 128),
        stream: text(o.stream, 'stream', true, 128),
        tenant_id: text(o.tenant_id, 'tenant_id', true, 128),
        client_id: text(o.client_id, 'client_id', true, 128),
        authority_host: authority ? httpUrl(authority, 'authority_host') : DEFAULT_AUTHORITY,
        ca_file: caFile(o.ca_file),
      }),
    };
  }
  if (input.secret !== undefined) fail('token', 'does not apply to a syslog target');
  if (!/^[A-Za-z0-9.:[\]-]+$/.test(endpoint)) {
    fail('endpoint', `must be a host name or address for syslog (got "${endpoint}")`);
  }
  const protocol = choice(o.protocol, 'protocol', SYSLOG_PROTOCOLS, 'udp');
  const port = o.port === undefined ? (protocol === 'tls' ? 6514 : 514) : Number(o.port);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    fail('port', `must be a port number from 1 to 65535 (got "${String(o.port)}")`);
  }
  if (o.ca_file !== undefined && protocol !== 'tls')
    fail('ca_file', 'applies to --protocol tls only');
  return {
    kind,
    endpoint,
    events,
    secret: null,
    options: clean({
      port,
      protocol,
      format: choice(o.format, 'format', SYSLOG_FORMATS, 'rfc5424'),
      ca_file: caFile(o.ca_file),
    }),
  };
}

function clean<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}
