import type { OtlpSignal } from '../../../sources/otel/response.js';
import { orNull } from '../../route.js';
import { mappedSessionSchema } from '../sources/schema.js';

/**
 * The OTLP receivers answer as OTLP/HTTP says (src/sources/otel/response.ts): an Export
 * response, and refusals as a google.rpc.Status. These are the JSON forms; a protobuf
 * request gets the same messages as application/x-protobuf.
 */
export const otlpStatusSchema = {
  $id: 'OtlpStatus',
  type: 'object',
  description:
    "google.rpc.Status (what OTel exporters parse), with evid's own error object beside it",
  additionalProperties: false,
  required: ['code', 'message', 'error'],
  properties: {
    code: {
      type: 'integer',
      description:
        'gRPC status code: 3 invalid argument, 16 unauthenticated, 7 permission denied, 5 not found, 8 resource exhausted, 14 unavailable, 13 internal',
    },
    message: { type: 'string', description: 'what went wrong' },
    error: {
      type: 'object',
      description: "the error object of evid's Error body",
      additionalProperties: false,
      required: ['code', 'message', 'details', 'request_id'],
      properties: {
        code: { type: 'integer', description: 'HTTP status' },
        message: { type: 'string', description: 'HTTP reason phrase' },
        details: { type: 'string' },
        request_id: { type: 'string' },
      },
    },
  },
} as const;

const NAMES = {
  traces: {
    message: 'ExportTraceServiceResponse',
    rejected: 'rejectedSpans',
    skipped: 'skipped_spans',
  },
  logs: {
    message: 'ExportLogsServiceResponse',
    rejected: 'rejectedLogRecords',
    skipped: 'skipped_log_records',
  },
} as const;

/** The export's 200: `{}`, or partialSuccess naming what was refused and why. */
export function exportResponseSchema(signal: OtlpSignal) {
  const n = NAMES[signal];
  return {
    $id: n.message,
    type: 'object',
    description: `an OTLP ${n.message}: {} when everything landed`,
    additionalProperties: false,
    properties: {
      partialSuccess: {
        type: 'object',
        additionalProperties: false,
        required: [n.rejected, 'errorMessage'],
        properties: {
          [n.rejected]: { type: 'string', description: 'a count, as a string (int64 in JSON)' },
          errorMessage: { type: 'string' },
        },
      },
    },
  };
}

/** X-Evid-Dry-Run: 1: the sessions the export would append to; nothing is stored. */
export function otlpDryRunSchema(signal: OtlpSignal) {
  const n = NAMES[signal];
  return {
    $id: signal === 'logs' ? 'OtlpLogsDryRun' : 'OtlpTracesDryRun',
    type: 'object',
    additionalProperties: false,
    required: ['dry_run', 'source_id', 'authenticated_as', 'sessions', n.skipped],
    properties: {
      dry_run: { type: 'boolean', enum: [true] },
      source_id: orNull('string', 'null for a key that is not a source token'),
      authenticated_as: { type: 'string' },
      sessions: { type: 'array', items: mappedSessionSchema },
      [n.skipped]: { type: 'integer', description: 'left out: not AI content' },
    },
  };
}
