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

/** An ExportTraceServiceRequest in protobuf; 400 when it is not one. */
export async function decodeProtobuf(body: Buffer): Promise<OtelSpan[]> {
  const { request } = await otlpTypes();
  let message: Obj;
  try {
    message = request.toObject(request.decode(body), {
      longs: String,
      defaults: false,
      arrays: true,
      oneofs: false,
    }) as Obj;
  } catch (err) {
    throw new ValidationError(
      `body: not an OTLP ExportTraceServiceRequest in protobuf (${(err as Error).message})`,
      { field: 'body', rule: 'protobuf' },
    );
  }
  return spansOf(message);
}

/** An ExportTraceServiceRequest in OTLP/JSON (already parsed and checked as JSON). */
export function decodeJson(value: unknown): OtelSpan[] {
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    throw new ValidationError('body: must be an OTLP/JSON ExportTraceServiceRequest object', {
      field: 'body',
    });
  }
  const rs = field(value as Obj, 'resource_spans');
  if (rs !== undefined && !Array.isArray(rs)) {
    throw new ValidationError('body.resourceSpans: must be an array', {
      field: 'body.resourceSpans',
    });
  }
  return spansOf(value as Obj);
}
