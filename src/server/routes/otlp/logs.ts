import { decodeLogsJson, decodeLogsProtobuf } from '../../../sources/otel/decode.js';
import { logsAsSpans } from '../../../sources/otel/logs.js';
import { encodingOf, statusBody } from '../../../sources/otel/response.js';
import { parseJsonBody } from '../../json-body.js';
import { errorBody } from '../../errors.js';
import { defineRoute } from '../../route.js';
import { inflate, landExport } from './export.js';

export const otlpLogsRoute = defineRoute({
  method: 'POST',
  url: '/v1/logs',
  summary: 'OTLP/HTTP log export (OpenTelemetry SDKs and collectors)',
  description:
    'An ExportLogsServiceRequest in application/x-protobuf or application/json, optionally gzip-encoded. GenAI log events become events of their session beside the spans (docs/sources.md): `gen_ai.client.inference.operation.details` one model call each, the per-message events (`gen_ai.user.message`, ..., `gen_ai.choice`) of one span together as one call; log records with no AI name or attribute are counted and skipped. 200 with an ExportLogsServiceResponse (partial_success when records were rejected); failures carry a google.rpc.Status body; 503 with Retry-After while the kill switch stops an agent of the batch. A source token sends to its own otel source.',
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
    const records =
      encoding === 'protobuf'
        ? await decodeLogsProtobuf(body)
        : decodeLogsJson(parseJsonBody(body));
    const { spans, skipped } = logsAsSpans(records);
    return landExport(req, reply, ctx, encoding, 'logs', spans, skipped);
  },
});
