/**
 * What an OTLP/HTTP receiver answers (opentelemetry-proto, "OTLP/HTTP Response"), in the
 * request's encoding: ExportTraceServiceResponse or ExportLogsServiceResponse on success
 * (partial_success only when spans or log records were rejected; the two messages share
 * their field numbers) and google.rpc.Status on failure. Both are two-field messages, so
 * they are written directly rather than through the protobuf runtime.
 */

export type OtlpEncoding = 'protobuf' | 'json';
export type OtlpSignal = 'traces' | 'logs';

function varint(n: number): number[] {
  const out: number[] = [];
  let v = n >>> 0 === n ? n : Math.max(0, Math.floor(n));
  do {
    let byte = v % 128;
    v = Math.floor(v / 128);
    if (v > 0) byte |= 0x80;
    out.push(byte);
  } while (v > 0);
  return out;
}

/** Field 1 as a varint (when non-zero), field 2 as a string (when non-empty). */
function codeAndText(code: number, text: string): Buffer {
  const bytes = Buffer.from(text, 'utf8');
  return Buffer.from([
    ...(code !== 0 ? [0x08, ...varint(code)] : []),
    ...(bytes.length ? [0x12, ...varint(bytes.length), ...bytes] : []),
  ]);
}

export function exportResponse(
  encoding: OtlpEncoding,
  rejected: number,
  message: string,
  signal: OtlpSignal = 'traces',
): { contentType: string; body: Buffer | string } {
  if (encoding === 'json') {
    const count = signal === 'logs' ? 'rejectedLogRecords' : 'rejectedSpans';
    return {
      contentType: 'application/json',
      body: JSON.stringify(
        rejected > 0
          ? { partialSuccess: { [count]: String(rejected), errorMessage: message } }
          : {},
      ),
    };
  }
  if (rejected === 0) return { contentType: 'application/x-protobuf', body: Buffer.alloc(0) };
  const partial = codeAndText(rejected, message);
  return {
    contentType: 'application/x-protobuf',
    body: Buffer.from([0x0a, ...varint(partial.length), ...partial]),
  };
}

/** gRPC status codes for the HTTP answers a receiver gives. */
const GRPC_CODE: Record<number, number> = {
  400: 3, // INVALID_ARGUMENT
  401: 16, // UNAUTHENTICATED
  403: 7, // PERMISSION_DENIED
  404: 5, // NOT_FOUND
  413: 3,
  415: 3,
  429: 8, // RESOURCE_EXHAUSTED
  503: 14, // UNAVAILABLE
};

/**
 * A failure body. In JSON, `also` (the server's own error object) rides beside the Status
 * fields, so a client reading either shape finds what it expects.
 */
export function statusBody(
  encoding: OtlpEncoding,
  httpStatus: number,
  message: string,
  also: Record<string, unknown> = {},
): { contentType: string; body: Buffer | string } {
  const code = GRPC_CODE[httpStatus] ?? 13; // INTERNAL
  return encoding === 'json'
    ? { contentType: 'application/json', body: JSON.stringify({ code, message, ...also }) }
    : { contentType: 'application/x-protobuf', body: codeAndText(code, message) };
}

/** The encoding a request asked for by its Content-Type (JSON unless protobuf). */
export function encodingOf(contentType: string | undefined): OtlpEncoding {
  return /^application\/(x-)?protobuf\b/i.test(contentType ?? '') ? 'protobuf' : 'json';
}
