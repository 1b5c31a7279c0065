import http, {
  type IncomingHttpHeaders,
  type IncomingMessage,
  type OutgoingHttpHeaders,
} from 'node:http';
import https from 'node:https';

/**
 * The gateway's side towards the upstream (the provider's OpenAI-compatible API). One
 * keep-alive agent per protocol for the whole process: a new TCP (and TLS) connection per
 * call would cost more than the gateway's whole latency budget (5 ms added).
 */
const agents = {
  'http:': new http.Agent({ keepAlive: true, maxSockets: 256, maxFreeSockets: 64 }),
  'https:': new https.Agent({ keepAlive: true, maxSockets: 256, maxFreeSockets: 64 }),
};

/** Why the upstream gave no answer: refused or unreachable (502), or silent too long (504). */
export class UpstreamFailure extends Error {
  constructor(
    readonly kind: 'down' | 'timeout',
    message: string,
  ) {
    super(message);
  }
}

/**
 * Hop-by-hop headers (RFC 9110 7.6.1) are the connection's, not the message's; `host` and
 * `content-length` are set for the upstream request itself.
 */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
  'content-length',
]);

/**
 * What the upstream gets of the client's headers: everything (the client's Authorization
 * is the upstream's credential) except hop-by-hop ones and the gateway's own `X-Evid-*`
 * (the source token must never leave evid). `accept-encoding: identity` so the answer can
 * be read for recording while it is passed on byte for byte.
 */
export function upstreamHeaders(
  incoming: IncomingHttpHeaders,
  bodyLength: number | undefined,
): OutgoingHttpHeaders {
  const out: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(incoming)) {
    if (value === undefined || HOP_BY_HOP.has(name) || name.startsWith('x-evid-')) continue;
    out[name] = value;
  }
  out['accept-encoding'] = 'identity';
  if (bodyLength !== undefined) out['content-length'] = bodyLength;
  return out;
}

/** What the client gets of the upstream's answer headers: all but hop-by-hop ones. */
export function clientHeaders(upstream: IncomingHttpHeaders): OutgoingHttpHeaders {
  const out: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(upstream)) {
    if (value === undefined || HOP_BY_HOP.has(name)) continue;
    out[name] = value;
  }
  return out;
}

/** The upstream URL for a path under the gateway's `/v1`: endpoint + path (+ query). */
export function upstreamUrl(endpoint: string, path: string, search: string): URL {
  const base = endpoint.endsWith('/') ? endpoint.slice(0, -1) : endpoint;
  return new URL(`${base}${path}${search}`);
}

export interface UpstreamCall {
  /** Resolves with the answer's head (status and headers); the body streams from it. */
  response: Promise<IncomingMessage>;
  /** Stops the call (the client went away); the response stream then errors or ends. */
  abort(): void;
}

/**
 * Sends one request upstream. `timeoutMs` bounds silence on the connection, not the whole
 * call: a stream that keeps sending chunks may run longer, one that stops is cut off.
 * The answer's body errors with an UpstreamFailure('timeout') when it stalls midway.
 */
export function callUpstream(
  url: URL,
  method: string,
  headers: OutgoingHttpHeaders,
  body: Buffer | undefined,
  timeoutMs: number,
): UpstreamCall {
  const transport = url.protocol === 'https:' ? https : http;
  const agent = url.protocol === 'https:' ? agents['https:'] : agents['http:'];
  const request = transport.request(url, { method, headers, agent });
  let answer: IncomingMessage | undefined;
  const response = new Promise<IncomingMessage>((resolve, reject) => {
    request.once('response', (res) => {
      answer = res;
      res.once('aborted', () => res.destroy(new UpstreamFailure('down', 'upstream closed early')));
      resolve(res);
    });
    request.once('error', (err) => {
      reject(err instanceof UpstreamFailure ? err : new UpstreamFailure('down', describe(err)));
    });
  });
  request.setTimeout(timeoutMs, () => {
    const failure = new UpstreamFailure(
      'timeout',
      `upstream sent nothing for ${timeoutMs} ms (option timeout_ms)`,
    );
    request.destroy(failure);
    answer?.destroy(failure);
  });
  request.end(body);
  return {
    response,
    abort: () => {
      request.destroy();
      answer?.destroy();
    },
  };
}

function describe(err: Error & { code?: string }): string {
  return `upstream unreachable: ${err.code ?? err.message}`;
}
