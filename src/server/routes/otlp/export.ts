import { gunzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { KillSwitchActiveError, PayloadTooLargeError, ValidationError } from '../../../errors.js';
import { appendSessions } from '../../../ingest/append.js';
import { MAX_TRACE_BYTES } from '../../../ingest/schema.js';
import type { OtelSpan } from '../../../sources/otel/decode.js';
import { mapSpans } from '../../../sources/otel/map.js';
import {
  encodingOf,
  exportResponse,
  statusBody,
  type OtlpEncoding,
  type OtlpSignal,
} from '../../../sources/otel/response.js';
import { countSkipped, sourceForCaller } from '../../../sources/registry.js';
import { errorBody } from '../../errors.js';
import { defineRoute, type RouteDef, type ServerContext } from '../../route.js';
import { exportResponseSchema, otlpDryRunSchema, otlpStatusSchema } from './schema.js';

/** What the OTLP trace and log routes share: one route shape, body inflation, landing the spans. */

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

/**
 * Lands the AI spans of one export (spans, or log records made span-shaped) as events of
 * their sessions, through the one append pipeline, and answers the export response.
 * `skipped` counts what the decoding already left out (log records with no AI content).
 */
async function landExport(
  req: FastifyRequest,
  reply: FastifyReply,
  ctx: ServerContext,
  encoding: OtlpEncoding,
  signal: OtlpSignal,
  spans: readonly OtelSpan[],
  alreadySkipped = 0,
): Promise<unknown> {
  const principal = req.principal!;
  const source = principal.source
    ? ctx.store.read((r) => sourceForCaller(r, principal, principal.source!, 'otel'))
    : undefined;
  const mapped = mapSpans(spans);
  mapped.skipped += alreadySkipped;
  if (req.headers['x-evid-dry-run'] === '1') {
    return {
      dry_run: true,
      source_id: source?.source_id ?? null,
      authenticated_as: principal.id,
      sessions: mapped.sessions,
      [signal === 'logs' ? 'skipped_log_records' : 'skipped_spans']: mapped.skipped,
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
  const answer = exportResponse(encoding, rejectedSpans, message, signal);
  return reply.code(200).type(answer.contentType).send(answer.body);
}

export interface OtlpRouteSpec {
  signal: OtlpSignal;
  url: string;
  summary: string;
  description: string;
  /** The export's AI spans (log records made span-shaped), and how many it left out. */
  decode(body: Buffer, encoding: OtlpEncoding): Promise<{ spans: OtelSpan[]; skipped: number }>;
}

/** An OTLP/HTTP export route: protobuf or JSON, gzip or not, google.rpc.Status on failure. */
export function defineOtlpRoute(spec: OtlpRouteSpec): RouteDef {
  return defineRoute({
    method: 'POST',
    url: spec.url,
    summary: spec.summary,
    description: spec.description,
    tag: 'sources',
    auth: 'ingest',
    rawBody: true,
    docs: {
      body: {
        type: 'object',
        description: `an OTLP/HTTP Export${spec.signal === 'logs' ? 'Logs' : 'Trace'}ServiceRequest as JSON, or the same as application/x-protobuf (gzip allowed)`,
      },
      errors: otlpStatusSchema,
    },
    schema: {
      response: {
        200: {
          description:
            'the export response (application/x-protobuf for a protobuf request), or a dry run',
          anyOf: [otlpDryRunSchema(spec.signal), exportResponseSchema(spec.signal)],
        },
      },
    },
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
      const { spans, skipped } = await spec.decode(body, encoding);
      return landExport(req, reply, ctx, encoding, spec.signal, spans, skipped);
    },
  });
}
