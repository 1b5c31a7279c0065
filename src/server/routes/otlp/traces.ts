import { gunzipSync } from 'node:zlib';
import { KillSwitchActiveError, PayloadTooLargeError, ValidationError } from '../../../errors.js';
import { appendSessions } from '../../../ingest/append.js';
import { MAX_TRACE_BYTES } from '../../../ingest/schema.js';
import { decodeJson, decodeProtobuf } from '../../../sources/otel/decode.js';
import { mapSpans } from '../../../sources/otel/map.js';
import { encodingOf, exportResponse, statusBody } from '../../../sources/otel/response.js';
import { countSkipped, sourceForCaller } from '../../../sources/registry.js';
import { parseJsonBody } from '../../json-body.js';
import { errorBody } from '../../errors.js';
import { defineRoute } from '../../route.js';

/**
 * Retry-After on a kill-switch 503. OTel SDK exporters give up on a batch whose Retry-After
 * is past their export timeout (10 s by default), so a minute (the REST answer) would make
 * them drop every refused batch at once. Asked back within seconds they retry (a few
 * times): a switch lifted quickly loses nothing.
 */
const OTLP_RETRY_AFTER_SECONDS = 2;

/** A decompressed export may be as large as an uncompressed one (the server's body limit). */
const MAX_DECOMPRESSED = MAX_TRACE_BYTES + 1024 * 1024;

function inflate(body: Buffer, encoding: string | undefined): Buffer {
  const e = (encoding ?? 'identity').trim().toLowerCase();
  if (e === 'identity' || e === '') return body;
  if (e !== 'gzip') {
    throw new ValidationError(`Content-Encoding: ${e} is not supported (gzip or none)`, {
      field: 'Content-Encoding',
    });
  }
  try {
    return gunzipSync(body, { maxOutputLength: MAX_DECOMPRESSED });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') {
      throw new PayloadTooLargeError(
        `body: larger than ${MAX_DECOMPRESSED} bytes once decompressed`,
        { field: 'body' },
      );
    }
    throw new ValidationError(`body: not valid gzip (${(err as Error).message})`, {
      field: 'body',
    });
  }
}

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
    const principal = req.principal!;
    const source = principal.source
      ? ctx.store.read((r) => sourceForCaller(r, principal, principal.source!, 'otel'))
      : undefined;
    const mapped = mapSpans(spans);
    if (req.headers['x-evid-dry-run'] === '1') {
      return {
        dry_run: true,
        source_id: source?.source_id ?? null,
        authenticated_as: principal.id,
        sessions: mapped.sessions,
        skipped_spans: mapped.skipped,
      };
    }
    const report = appendSessions(ctx.store, mapped.sessions, {
      source: 'otel',
      actor: principal.actor,
      ...(source ? { sourceId: source.source_id } : {}),
      // Spans that are not evidence are counted in the same transaction.
      ...(source && mapped.skipped > 0
        ? { within: (tx) => countSkipped(tx, source.source_id, mapped.skipped) }
        : {}),
    });
    // A stopped agent fails the whole export with 503, so the exporter retries it; what
    // was committed now is a duplicate then (stable span event ids), never a second copy.
    const stopped = report.rejected.find((r) => r.error.http_status === 503);
    if (stopped) {
      throw new KillSwitchActiveError(stopped.error.message, {
        ...stopped.error.details,
        retry_after: OTLP_RETRY_AFTER_SECONDS,
      });
    }
    const rejectedSpans =
      mapped.invalid.length + report.rejected.reduce((n, r) => n + mapped.spanCounts[r.index]!, 0);
    const message = [
      ...mapped.invalid.map((s) => `span ${s.trace_id}/${s.span_id}: ${s.reason}`),
      ...report.rejected.map((r) => `session ${r.session_id ?? r.index}: ${r.error.message}`),
    ]
      .join('; ')
      .slice(0, 2000);
    const answer = exportResponse(encoding, rejectedSpans, message);
    return reply.code(200).type(answer.contentType).send(answer.body);
  },
});
