import { decodeJson, decodeProtobuf } from '../../../sources/otel/decode.js';
import { encodingOf, statusBody } from '../../../sources/otel/response.js';
import { parseJsonBody } from '../../json-body.js';
import { errorBody } from '../../errors.js';
import { defineRoute } from '../../route.js';
import { inflate, landExport } from './export.js';

export const otlpTracesRoute = defineRoute({
  method: 'POST',
  url: '/v1/traces',
  summary: 'OTLP/HTTP trace export (OpenTelemetry SDKs and collectors)',
  description:
    'An ExportTraceServiceRequest in application/x-protobuf or application/json, optionally gzip-encoded. Spans carrying GenAI, OpenInference or Traceloop attributes become events of their session (docs/sources.md); other spans are counted and skipped. 200 with an ExportTraceServiceResponse (partial_success when spans were rejected); failures carry a google.rpc.Status body; 503 with Retry-After while the kill switch stops an agent of the batch, so the exporter retries. A source token sends to its own otel source.',
  tag: 'sources',
  auth: 'ingest',
  rawBody: true,
  renderError: (status, details, request) =>
    statusBody(
      encodingOf(request.headers['content-type']),
      status,
      details,
      errorBody(status, details, request.id),
    ),
  async handler(req, reply, ctx) {
    const encoding = encodingOf(req.headers['content-type']);
    const header = req.headers['content-encoding'];
    const body = inflate(req.body as Buffer, Array.isArray(header) ? header[0] : header);
    const spans =
      encoding === 'protobuf' ? await decodeProtobuf(body) : decodeJson(parseJsonBody(body));
    return landExport(req, reply, ctx, encoding, 'traces', spans);
  },
});
