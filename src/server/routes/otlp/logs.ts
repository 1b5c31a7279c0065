import { decodeLogsJson, decodeLogsProtobuf } from '../../../sources/otel/decode.js';
import { logsAsSpans } from '../../../sources/otel/logs.js';
import { parseJsonBody } from '../../json-body.js';
import { defineOtlpRoute } from './export.js';

export const otlpLogsRoute = defineOtlpRoute({
  signal: 'logs',
  url: '/v1/logs',
  summary: 'OTLP/HTTP log export (OpenTelemetry SDKs and collectors)',
  description:
    'An ExportLogsServiceRequest in application/x-protobuf or application/json, optionally gzip-encoded. GenAI log events become events of their session beside the spans (docs/sources.md): `gen_ai.client.inference.operation.details` one model call each, the per-message events (`gen_ai.user.message`, ..., `gen_ai.choice`) of one span together as one call; log records with no AI name or attribute are counted and skipped. 200 with an ExportLogsServiceResponse (partial_success when records were rejected); failures carry a google.rpc.Status body; 503 with Retry-After while the kill switch stops an agent of the batch. A source token sends to its own otel source.',
  async decode(body, encoding) {
    const records =
      encoding === 'protobuf'
        ? await decodeLogsProtobuf(body)
        : decodeLogsJson(parseJsonBody(body));
    return logsAsSpans(records);
  },
});
