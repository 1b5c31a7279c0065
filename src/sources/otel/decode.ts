import { ValidationError } from '../../errors.js';
import { otlpTypes } from './proto.js';

/** One span as the mapping reads it, whichever encoding it came in. */
export interface OtelSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string | null;
  name: string;
  kind: number;
  /** Nanoseconds since the epoch, as decimal text (64-bit). */
  start: string;
  end: string;
  attributes: Record<string, unknown>;
  events: Array<{ name: string; time: string; attributes: Record<string, unknown> }>;
  status: { code: number; message: string };
  resource: Record<string, unknown>;
  scope: string;
  /**
   * Set on the spans made of log records (logs.ts): their events' id, which must differ from
   * the id of the real span they belong to, since both may be exported.
   */
  eventId?: string;
}

/** One OTLP log record as the mapping reads it. */
export interface OtelLogRecord {
  traceId: string;
  spanId: string;
  /** Nanoseconds since the epoch, as decimal text: the event time, else the observed time. */
  time: string;
  eventName: string;
  severityText: string;
  body: unknown;
  attributes: Record<string, unknown>;
  resource: Record<string, unknown>;
  scope: string;
}

type Obj = Record<string, unknown>;

/**
 * OTLP/JSON and protobuf decode to the same plain objects: protobuf through protobufjs with
 * the proto's field names (snake_case), JSON as sent (lowerCamelCase, snake_case accepted
 * too, as the protobuf JSON mapping does). `field` reads either spelling.
 */
const camelOf = new Map<string, string>();

function field(o: Obj, snake: string): unknown {
  const v = o[snake];
  if (v !== undefined) return v;
  let camel = camelOf.get(snake);
  if (camel === undefined) {
    camel = snake.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());
    camelOf.set(snake, camel);
  }
  return o[camel];
}

/** AnyValue's oneof members, in both spellings. */
const VALUE_KIND: Record<string, string> = {
  string_value: 'string',
  stringValue: 'string',
  bool_value: 'bool',
  boolValue: 'bool',
  int_value: 'int',
  intValue: 'int',
  double_value: 'double',
  doubleValue: 'double',
  array_value: 'array',
  arrayValue: 'array',
  kvlist_value: 'kvlist',
  kvlistValue: 'kvlist',
  bytes_value: 'bytes',
  bytesValue: 'bytes',
};

const list = (v: unknown): Obj[] =>
  Array.isArray(v) ? v.filter((x): x is Obj => !!x && typeof x === 'object') : [];

function hexOf(v: unknown): string {
  if (v instanceof Uint8Array) return Buffer.from(v).toString('hex');
  if (typeof v === 'string') {
    // OTLP/JSON ids are hex; some senders use base64 (the generic protobuf JSON mapping).
    if (/^[0-9a-fA-F]*$/.test(v)) return v.toLowerCase();
    return Buffer.from(v, 'base64').toString('hex');
  }
  return '';
}

function intText(v: unknown): string {
  if (typeof v === 'string' && /^\d+$/.test(v)) return v;
  if (typeof v === 'number' && Number.isFinite(v)) return String(Math.trunc(v));
  if (typeof v === 'bigint') return v.toString();
  if (v && typeof v === 'object' && 'low' in v && 'high' in v) {
    const long = v as { low: number; high: number };
    return ((BigInt(long.high >>> 0) << 32n) | BigInt(long.low >>> 0)).toString();
  }
  return '0';
}

/** An AnyValue as plain JSON: ints that fit are numbers, bytes are base64. */
function anyValue(v: unknown): unknown {
  if (!v || typeof v !== 'object') return null;
  const o = v as Obj;
  // Only the member that is set is present (protobuf toObject without defaults, or JSON).
  for (const key in o) {
    const x = o[key];
    if (x === undefined || x === null) continue;
    switch (VALUE_KIND[key]) {
      case 'string':
        return String(x);
      case 'bool':
        return Boolean(x);
      case 'int': {
        const text = intText(x);
        const n = Number(text);
        return Number.isSafeInteger(n) ? n : text;
      }
      case 'double':
        return Number(x);
      case 'array':
        return list((x as Obj).values).map(anyValue);
      case 'kvlist':
        return attributesOf((x as Obj).values);
      case 'bytes':
        return x instanceof Uint8Array ? Buffer.from(x).toString('base64') : String(x);
    }
  }
  return null;
}

function attributesOf(v: unknown): Obj {
  const out: Obj = {};
  for (const kv of list(v)) {
    if (typeof kv.key === 'string') out[kv.key] = anyValue(kv.value);
  }
  return out;
}

function spansOf(request: Obj): OtelSpan[] {
  const spans: OtelSpan[] = [];
  for (const rs of list(field(request, 'resource_spans'))) {
    const resource = attributesOf((rs.resource as Obj | undefined)?.attributes);
    for (const ss of list(field(rs, 'scope_spans'))) {
      const scope = String((ss.scope as Obj | undefined)?.name ?? '');
      for (const s of list(ss.spans)) {
        const status = (s.status as Obj | undefined) ?? {};
        const parent = hexOf(field(s, 'parent_span_id'));
        spans.push({
          traceId: hexOf(field(s, 'trace_id')),
          spanId: hexOf(field(s, 'span_id')),
          parentSpanId: parent === '' ? null : parent,
          name: String(s.name ?? ''),
          kind: Number(s.kind ?? 0),
          start: intText(field(s, 'start_time_unix_nano')),
          end: intText(field(s, 'end_time_unix_nano')),
          attributes: attributesOf(s.attributes),
          events: list(s.events).map((e) => ({
            name: String(e.name ?? ''),
            time: intText(field(e, 'time_unix_nano')),
            attributes: attributesOf(e.attributes),
          })),
          status: { code: Number(status.code ?? 0), message: String(status.message ?? '') },
          resource,
          scope,
        });
      }
    }
  }
  return spans;
}

function logRecordsOf(request: Obj): OtelLogRecord[] {
  const records: OtelLogRecord[] = [];
  for (const rl of list(field(request, 'resource_logs'))) {
    const resource = attributesOf((rl.resource as Obj | undefined)?.attributes);
    for (const sl of list(field(rl, 'scope_logs'))) {
      const scope = String((sl.scope as Obj | undefined)?.name ?? '');
      for (const r of list(field(sl, 'log_records'))) {
        const time = intText(field(r, 'time_unix_nano'));
        const body = field(r, 'body');
        records.push({
          traceId: hexOf(field(r, 'trace_id')),
          spanId: hexOf(field(r, 'span_id')),
          time: time === '0' ? intText(field(r, 'observed_time_unix_nano')) : time,
          eventName: String(field(r, 'event_name') ?? ''),
          severityText: String(field(r, 'severity_text') ?? ''),
          body: body === undefined ? undefined : anyValue(body),
          attributes: attributesOf(r.attributes),
          resource,
          scope,
        });
      }
    }
  }
  return records;
}

/** A protobuf export request of `kind` as plain objects; 400 when it is not one. */
async function decodeMessage(body: Buffer, kind: 'trace' | 'logs'): Promise<Obj> {
  const types = await otlpTypes();
  const type = kind === 'trace' ? types.request : types.logsRequest;
  try {
    return type.toObject(type.decode(body), {
      longs: String,
      defaults: false,
      arrays: true,
      oneofs: false,
    }) as Obj;
  } catch (err) {
    throw new ValidationError(
      `body: not an OTLP ${type.name} in protobuf (${(err as Error).message})`,
      { field: 'body', rule: 'protobuf' },
    );
  }
}

/** An ExportTraceServiceRequest in protobuf; 400 when it is not one. */
export async function decodeProtobuf(body: Buffer): Promise<OtelSpan[]> {
  return spansOf(await decodeMessage(body, 'trace'));
}

/** An ExportLogsServiceRequest in protobuf; 400 when it is not one. */
export async function decodeLogsProtobuf(body: Buffer): Promise<OtelLogRecord[]> {
  return logRecordsOf(await decodeMessage(body, 'logs'));
}

/** The top-level object of an OTLP/JSON request, its one list checked to be an array. */
function jsonRequest(value: unknown, name: string, list: string, jsonName: string): Obj {
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    throw new ValidationError(`body: must be an OTLP/JSON ${name} object`, { field: 'body' });
  }
  const items = field(value as Obj, list);
  if (items !== undefined && !Array.isArray(items)) {
    throw new ValidationError(`body.${jsonName}: must be an array`, {
      field: `body.${jsonName}`,
    });
  }
  return value as Obj;
}

/** An ExportLogsServiceRequest in OTLP/JSON (already parsed and checked as JSON). */
export function decodeLogsJson(value: unknown): OtelLogRecord[] {
  return logRecordsOf(
    jsonRequest(value, 'ExportLogsServiceRequest', 'resource_logs', 'resourceLogs'),
  );
}

/** An ExportTraceServiceRequest in OTLP/JSON (already parsed and checked as JSON). */
export function decodeJson(value: unknown): OtelSpan[] {
  return spansOf(
    jsonRequest(value, 'ExportTraceServiceRequest', 'resource_spans', 'resourceSpans'),
  );
}
