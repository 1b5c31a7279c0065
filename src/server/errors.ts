import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { STATUS_CODES } from 'node:http';
import { EvidError, KillSwitchActiveError, UnauthorizedError } from '../errors.js';
import { recordRefusal, RETRY_AFTER_SECONDS } from '../killswitch/killswitch.js';
import type { Store } from '../store/store.js';
import type { RouteDef } from './route.js';
import { describeValidation } from './validation.js';

/**
 * The one place REST error bodies are built (DESIGN.md "REST conventions"):
 *   {"error": {"code": 404, "message": "Not Found", "details": "...", "request_id": "..."}}
 * plus `type` (the stable EvidError code) and `field` when the error names one. A 500 says
 * nothing about its cause: the body and the `X-Trace-Id` header carry the request id that
 * finds the logged stack, and the stack never leaves the server.
 */
export interface HttpError {
  status: number;
  details: string;
  extra: Record<string, unknown>;
  headers: Record<string, string>;
}

export function errorBody(
  status: number,
  details: string,
  requestId: string,
  extra: Record<string, unknown> = {},
): { error: Record<string, unknown> } {
  return {
    error: {
      code: status,
      message: STATUS_CODES[status] ?? 'Error',
      details,
      request_id: requestId,
      ...extra,
    },
  };
}

function fromEvidError(err: EvidError): HttpError {
  const field = err.details?.field;
  const extra: Record<string, unknown> = {
    type: err.code,
    ...(typeof field === 'string' ? { field } : {}),
  };
  const headers: Record<string, string> = {};
  if (err instanceof KillSwitchActiveError) {
    const { retry_after: _r, ...state } = err.details ?? {};
    extra.kill_switch = state;
    headers['retry-after'] = String(err.details?.retry_after ?? RETRY_AFTER_SECONDS);
  }
  if (err instanceof UnauthorizedError) headers['www-authenticate'] = 'Bearer realm="evid"';
  return { status: err.httpStatus, details: err.message, extra, headers };
}

const INTERNAL = (requestId: string): HttpError => ({
  status: 500,
  details: `internal error; quote request id ${requestId} to support`,
  extra: { type: 'internal' },
  headers: { 'x-trace-id': requestId },
});

/** Maps anything thrown while serving a request to its status, details and headers. */
export function toHttpError(err: unknown, requestId: string, bodyLimit: number): HttpError {
  if (err instanceof EvidError) {
    // A 503 (kill switch) and a 507 (quota) explain themselves; any other 5xx says nothing
    // about its cause.
    return err.httpStatus >= 500 && err.httpStatus !== 503 && err.httpStatus !== 507
      ? INTERNAL(requestId)
      : fromEvidError(err);
  }
  const e = err as FastifyError & { validationContext?: string };
  if (e?.validation) {
    const { field, message } = describeValidation(e.validation, e.validationContext);
    return { status: 400, details: message, extra: { type: 'validation', field }, headers: {} };
  }
  switch (e?.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return {
        status: 413,
        details: `body: larger than the limit of ${bodyLimit} bytes (a trace may be up to 10 MiB)`,
        extra: { type: 'payload_too_large', field: 'body' },
        headers: {},
      };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return {
        status: 415,
        details: 'Content-Type: must be application/json',
        extra: { type: 'unsupported_media_type', field: 'Content-Type' },
        headers: {},
      };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return {
        status: 400,
        details: 'body: is empty',
        extra: { type: 'validation', field: 'body' },
        headers: {},
      };
  }
  if (err instanceof SyntaxError || e?.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
    return {
      status: 400,
      details: `body: malformed JSON (${e.message})`,
      extra: { type: 'validation', field: 'body' },
      headers: {},
    };
  }
  const status = typeof e?.statusCode === 'number' ? e.statusCode : 500;
  if (status === 429) {
    return {
      status,
      details: `rate limit exceeded: ${e.message}`,
      extra: { type: 'rate_limited' },
      headers: {},
    };
  }
  if (status >= 400 && status < 500) {
    return { status, details: e.message, extra: { type: 'bad_request' }, headers: {} };
  }
  return INTERNAL(requestId);
}

export function sendError(
  reply: FastifyReply,
  request: FastifyRequest,
  failure: HttpError,
): FastifyReply {
  const render = (request.routeOptions.config as { renderError?: RouteDef['renderError'] })
    ?.renderError;
  if (render) {
    const { contentType, body } = render(failure.status, failure.details, request);
    return reply.code(failure.status).headers(failure.headers).type(contentType).send(body);
  }
  return reply
    .code(failure.status)
    .headers(failure.headers)
    .type('application/json; charset=utf-8')
    .send(errorBody(failure.status, failure.details, request.id, failure.extra));
}

/**
 * fastify's own refusals before routing (`frameworkErrors`): a URL that does not decode
 * (`%E0%A4%A`, an encoded lone surrogate) or a path parameter over maxParamLength. No
 * hook has run yet, so the request id header is set here.
 */
export function answerFrameworkError(
  err: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  reply.header('x-request-id', request.id);
  const tooLong = err.code === 'FST_ERR_MAX_PARAM_LENGTH';
  return sendError(reply, request, {
    status: tooLong ? 414 : 400,
    details: tooLong
      ? 'path: a path parameter is too long'
      : 'path: is not a valid URL (a percent-encoded sequence does not decode to UTF-8 text)',
    extra: { type: tooLong ? 'uri_too_long' : 'validation', field: 'path' },
    headers: {},
  });
}

export function installErrorHandling(
  app: FastifyInstance,
  store: () => Store,
  bodyLimit: number,
  methodsOf: (path: string) => string[] = () => [],
): void {
  app.setErrorHandler((err, request, reply) => {
    const failure = toHttpError(err, request.id, bodyLimit);
    if (failure.status >= 500) request.log.error({ err }, 'request failed');
    else request.log.info({ status: failure.status, details: failure.details }, 'request refused');
    if (err instanceof KillSwitchActiveError) recordRefusal(store(), err);
    return sendError(reply, request, failure);
  });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]!;
    const allowed = methodsOf(path);
    if (allowed.length > 0) {
      return sendError(reply, request, {
        status: 405,
        details: `method ${request.method} not allowed on ${path} (allowed: ${allowed.join(', ')})`,
        extra: { type: 'method_not_allowed' },
        headers: { allow: allowed.join(', ') },
      });
    }
    return sendError(reply, request, {
      status: 404,
      details: `no route ${request.method} ${request.url.split('?')[0]} (see /api/v1/openapi.json)`,
      extra: { type: 'not_found' },
      headers: {},
    });
  });
}
