import { decodeJson, decodeProtobuf } from '../../../sources/otel/decode.js';
import { parseJsonBody } from '../../json-body.js';
import { defineOtlpRoute } from './export.js';

export const otlpTracesRoute = defineOtlpRoute({
  signal: 'traces',
  url: '/v1/traces',
  summary: 'OTLP/HTTP trace export (OpenTelemetry SDKs and collectors)',
  description:
    'An ExportTraceServiceRequest in application/x-protobuf or application/json, optionally gzip-encoded. Spans carrying GenAI, OpenInference or Traceloop attributes become events of their session (docs/sources.md); other spans are counted and skipped. 200 with an ExportTraceServiceResponse (partial_success when spans were rejected); failures carry a google.rpc.Status body; 503 with Retry-After while the kill switch stops an agent of the batch, so the exporter retries. A source token sends to its own otel source.',
  async decode(body, encoding) {
    const spans =
      encoding === 'protobuf' ? await decodeProtobuf(body) : decodeJson(parseJsonBody(body));
    return { spans, skipped: 0 };
  },
});
