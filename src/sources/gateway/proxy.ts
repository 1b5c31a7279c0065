import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { KillSwitchActiveError } from '../../errors.js';
import type { SessionInput } from '../../ingest/append.js';
import {
  assertIntakeOpen,
  recordRefusal,
  RETRY_AFTER_SECONDS,
} from '../../killswitch/killswitch.js';
import type { Store } from '../../store/store.js';
import { recordSourceError } from '../registry.js';
import type { Source } from '../types.js';
import { gatewayOptions, openAiError, type CallIdentity } from './call.js';
import {
  errorMessage,
  exchangeSession,
  parseJson,
  type Exchange,
  type Outcome,
} from './exchange.js';
import { recordCall } from './record.js';
import { SseRelay } from './sse-relay.js';
import {
  callUpstream,
  clientHeaders,
  UpstreamFailure,
  upstreamHeaders,
  upstreamUrl,
} from './upstream.js';

/**
 * The recording gateway (issue 12, docs/sources.md): an OpenAI-compatible proxy. A client
 * points its base URL at `/gateway/{source_id}/v1`; each call is forwarded byte for byte
 * to the source's upstream and recorded as events through the ingest pipeline BEFORE the
 * client's answer ends, so a client that saw its whole answer knows it is in the store.
 * Streams are passed on chunk by chunk as they arrive (only the final `[DONE]` waits for
 * the record). Faults answer in OpenAI's error shape: 502 upstream down, 504 upstream
 * silent for `timeout_ms`, 503 kill switch (before any upstream call) or a failed record
 * on a `fail_closed` source; upstream 4xx/5xx pass through unchanged.
 */

/** One of the upstream APIs the gateway serves. */
export interface GatewayApi {
  /** The path under /v1, e.g. `chat/completions`. */
  path: string;
  /** Maps the request; absent: passed through and not recorded (GET /models). */
  request?(body: Record<string, unknown>): Exchange;
  answer?(exchange: Exchange, answer: Record<string, unknown>): void;
  stream?(): StreamReader;
}

export interface StreamReader {
  push(data: string): void;
  addTo(exchange: Exchange): void;
  error: string | undefined;
}

export interface GatewayCall {
  store: Store;
  source: Source;
  call: CallIdentity;
  actor: string;
  method: string;
  headers: IncomingHttpHeaders;
  body: Buffer | undefined;
  /** The query string, `?...` or empty. */
  search: string;
  warn(message: string): void;
}

/** What a call would record, for a dry run: the request side only (nothing is sent). */
export function plannedSession(api: GatewayApi, g: GatewayCall): SessionInput | null {
  if (!api.request) return null;
  const now = new Date().toISOString();
  return exchangeSession(g.call, api.request(parseJson(g.body)), {
    status: null,
    stream: parseJson(g.body).stream === true,
    startedAt: now,
    endedAt: now,
  });
}

export async function proxyCall(
  api: GatewayApi,
  g: GatewayCall,
  res: ServerResponse,
): Promise<void> {
  const { failClosed, timeoutMs } = gatewayOptions(g.source);
  const startedAt = new Date().toISOString();
  const exchange = api.request?.(parseJson(g.body));
  if (exchange && refusedByKillSwitch(g, res)) return;

  const upstream = callUpstream(
    upstreamUrl(g.source.endpoint ?? '', `/${api.path}`, g.search),
    g.method,
    upstreamHeaders(g.headers, g.body?.length),
    g.body,
    timeoutMs,
  );
  let clientGone = false;
  res.on('error', () => undefined); // a write after the client left is not an error of ours
  res.once('close', () => {
    if (res.writableFinished) return;
    clientGone = true;
    upstream.abort();
  });
  const record = (outcome: Omit<Outcome, 'startedAt' | 'endedAt'>): boolean =>
    exchange === undefined ||
    recordCall(
      { store: g.store, sourceId: g.source.source_id, actor: g.actor, warn: g.warn },
      exchangeSession(g.call, exchange, {
        ...outcome,
        startedAt,
        endedAt: new Date().toISOString(),
      }),
    );
  const failed = (err: unknown, stream: boolean, status: number | null): void => {
    if (clientGone) {
      record({ status, stream, interrupted: true, error: 'the client closed the connection' });
      return;
    }
    const failure = err instanceof UpstreamFailure ? err : new UpstreamFailure('down', String(err));
    recordSourceError(g.store, g.source.source_id, failure.message);
    record({ status, stream, interrupted: status !== null, error: failure.message });
    const code = failure.kind === 'timeout' ? 'upstream_timeout' : 'upstream_unavailable';
    if (res.headersSent) res.end(sseEvent(openAiError(failure.message, 'upstream_error', code)));
    else {
      sendJson(
        res,
        failure.kind === 'timeout' ? 504 : 502,
        g.call.requestId,
        {},
        openAiError(failure.message, 'upstream_error', code),
      );
    }
  };

  let up: IncomingMessage;
  try {
    up = await upstream.response;
  } catch (err) {
    failed(err, false, null);
    return;
  }
  const status = up.statusCode ?? 502;
  const headers = { ...clientHeaders(up.headers), 'x-evid-request-id': g.call.requestId };

  if (!exchange) {
    res.writeHead(status, headers);
    up.on('error', () => res.destroy());
    up.pipe(res);
    return;
  }

  const reader = api.stream?.();
  if (reader && String(up.headers['content-type'] ?? '').startsWith('text/event-stream')) {
    const relay = new SseRelay((data) => reader.push(data));
    res.writeHead(status, headers);
    res.flushHeaders();
    try {
      for await (const chunk of up) {
        const now = relay.take(chunk as Buffer);
        // A slow client slows the reading of the upstream instead of filling memory.
        if (now.length > 0 && !clientGone && !res.write(now)) await drained(res);
      }
    } catch (err) {
      reader.addTo(exchange);
      failed(err, true, status);
      return;
    }
    reader.addTo(exchange);
    const ok = record({ status, stream: true, ...(reader.error ? { error: reader.error } : {}) });
    if (!ok && failClosed) res.end(sseEvent(notRecorded()));
    else res.end(relay.rest());
    return;
  }

  const chunks: Buffer[] = [];
  try {
    for await (const chunk of up) chunks.push(chunk as Buffer);
  } catch (err) {
    failed(err, false, status);
    return;
  }
  const bytes = Buffer.concat(chunks);
  const outcome: Omit<Outcome, 'startedAt' | 'endedAt'> = { status, stream: false };
  if (status < 400) api.answer?.(exchange, parseJson(bytes));
  else outcome.error = errorMessage(bytes.toString());
  if (!record(outcome) && failClosed) {
    sendJson(res, 503, g.call.requestId, {}, notRecorded());
    return;
  }
  res.writeHead(status, { ...headers, 'content-length': bytes.length });
  res.end(bytes);
}

/** The kill switch stops the agent's calls before they reach the upstream. */
function refusedByKillSwitch(g: GatewayCall, res: ServerResponse): boolean {
  try {
    g.store.read((r) => assertIntakeOpen(r, g.call.agent));
    return false;
  } catch (err) {
    if (!(err instanceof KillSwitchActiveError)) throw err;
    recordRefusal(g.store, err);
    const retryAfter = String(err.details?.retry_after ?? RETRY_AFTER_SECONDS);
    sendJson(
      res,
      503,
      g.call.requestId,
      { 'retry-after': retryAfter },
      openAiError(err.message, 'kill_switch_active', 'kill_switch_active'),
    );
    return true;
  }
}

/** Resolves when the client can take more, or is gone. */
const drained = (res: ServerResponse): Promise<void> =>
  new Promise((resolve) => {
    const done = (): void => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.once('drain', done);
    res.once('close', done);
  });

const notRecorded = () =>
  openAiError(
    'the call could not be recorded, and this gateway source is fail-closed (option fail_closed)',
    'evid_recording_failed',
    'recording_failed',
  );

/** An error as the last event of a stream: OpenAI's clients raise it as an APIError. */
const sseEvent = (body: unknown): string => `data: ${JSON.stringify(body)}\n\n`;

function sendJson(
  res: ServerResponse,
  status: number,
  requestId: string,
  extra: Record<string, string>,
  body: unknown,
): void {
  if (res.destroyed) return;
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    'x-request-id': requestId,
    'x-evid-request-id': requestId,
    ...extra,
  });
  res.end(text);
}
