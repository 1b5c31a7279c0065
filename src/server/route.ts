import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Permission } from '../auth/roles.js';
import type { AppContext } from '../context.js';
import type { Store } from '../store/store.js';
import type { IngestBatcher } from './ingest-batcher.js';

/** What every route handler gets besides the request: the same domain the CLI uses. */
export interface ServerContext {
  app: AppContext;
  readonly store: Store;
  bin: 'evid' | 'audit';
  version: string;
  startedAt: Date;
  /** Background work (report generation) the server waits for on shutdown. */
  background: Set<Promise<unknown>>;
  /** Group commit of POST /api/v1/traces through the ingest pipeline. */
  traces: IngestBatcher;
  /** The routes served (the OpenAPI document is made from them). */
  routes: readonly RouteDef[];
}

/**
 * Where a route's credential is: `x-evid-key` (the recording gateway, whose Authorization
 * header belongs to the upstream), or `webhook-signature` (the `X-Evid-Signature` HMAC of
 * the body, for `/sources/:id/...`; the route must take `rawBody`). Default: Bearer.
 */
export type RouteCredential = 'x-evid-key' | 'webhook-signature';

/** `public`: no credential (health only); `authenticated`: any valid credential. */
export type RouteAuth = Permission | 'authenticated' | 'public';

export interface RouteSchema {
  body?: unknown;
  querystring?: unknown;
  params?: unknown;
  /** Documentation of the answers (for the OpenAPI document; never used to strip fields). */
  response?: Record<number, unknown>;
}

/**
 * One REST route. Its `schema` validates the request and is the source of the OpenAPI
 * document, so the two cannot drift. `docs.body` documents a body the domain validates
 * itself (for per-item field names in batches).
 */
export interface RouteDef {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  summary: string;
  description?: string;
  tag: string;
  auth: RouteAuth;
  /** Where the credential is (RouteCredential); `Authorization: Bearer` by default. */
  credential?: RouteCredential;
  /**
   * The handler gets the body as a Buffer, unparsed (application/json, -x-ndjson,
   * -x-protobuf): receivers that check a signature over the bytes or decompress them.
   */
  rawBody?: true;
  /**
   * A receiver whose clients expect their protocol's error body (OTLP: google.rpc.Status)
   * renders its refusals itself; status, headers and logging stay the server's.
   */
  renderError?: (
    status: number,
    details: string,
    request: FastifyRequest,
  ) => { contentType: string; body: string | Buffer };
  /**
   * This route's own limit per caller (seed 000's per-endpoint limits), counted apart from
   * the server-wide EVID_RATE_LIMIT; same headers and 429. Off when the limiter is off.
   */
  rateLimit?: { max: number; windowMs: number };
  schema?: RouteSchema;
  /**
   * `errors`: the body of the error answers the OpenAPI builder adds (401, 429, 500, ...),
   * for a route that renders its refusals itself (renderError); evid's Error by default.
   */
  docs?: { body?: unknown; produces?: string; errors?: unknown };
  handler(req: FastifyRequest, reply: FastifyReply, ctx: ServerContext): unknown;
}

export const defineRoute = (route: RouteDef): RouteDef => route;

/** A JSON type that may also be null (a time not reached yet, a field left out). */
export const orNull = (type: string, description?: string) =>
  ({ type: [type, 'null'], ...(description ? { description } : {}) }) as const;

/** The error body schema (DESIGN.md "REST conventions"), shared by every error answer. */
export const errorBodySchema = {
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message', 'details', 'request_id'],
      properties: {
        code: { type: 'integer', description: 'HTTP status' },
        message: { type: 'string', description: 'HTTP reason phrase' },
        details: {
          type: 'string',
          description: 'what went wrong, naming the field when there is one',
        },
        request_id: {
          type: 'string',
          description: 'quote it to support; also the X-Request-Id header',
        },
        type: {
          type: 'string',
          description: 'stable error code: validation, not_found, conflict, ...',
        },
        field: { type: 'string' },
        kill_switch: {
          type: 'object',
          description:
            'on a 503: the kill switch that refused the intake (Retry-After says when to try again)',
          required: ['scope', 'agent', 'reason', 'actor', 'since'],
          additionalProperties: false,
          properties: {
            scope: { type: 'string', enum: ['global', 'agent'] },
            agent: orNull('string', 'the stopped agent; null for the global switch'),
            reason: { type: 'string' },
            actor: { type: 'string', description: 'who activated it' },
            since: { type: 'string', description: 'when it was activated' },
          },
        },
      },
    },
  },
} as const;

/**
 * One route's own error answer (404 for an unknown id, 409 for a state it refuses), with
 * why: the body is the shared Error schema. The statuses every route of a kind can answer
 * (401, 429, 500, ...) are added by the OpenAPI builder (src/server/openapi.ts).
 */
export const errorAnswer = (description: string) =>
  ({ ...errorBodySchema, $id: 'Error', description }) as const;

export const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', minLength: 1, maxLength: 256 } },
} as const;

/**
 * limit/offset or page/page_size (default 50, max 1000). Every number has a maximum: query
 * text is coerced, `1e309` becomes Infinity, and ajv's `integer` lets Infinity through.
 * page stops where (page - 1) * 1000 is still a safe integer.
 */
export const pageQuery = {
  limit: { type: 'integer', minimum: 1, maximum: 1000, description: 'page size (default 50)' },
  offset: {
    type: 'integer',
    minimum: 0,
    maximum: Number.MAX_SAFE_INTEGER,
    description: 'rows to skip (default 0)',
  },
  page: {
    type: 'integer',
    minimum: 1,
    maximum: Math.floor(Number.MAX_SAFE_INTEGER / 1000),
    description: '1-based page (with page_size), instead of offset',
  },
  page_size: { type: 'integer', minimum: 1, maximum: 1000, description: 'same as limit' },
} as const;

export const timeQuery = {
  since: {
    type: 'string',
    maxLength: 64,
    description: 'ISO 8601 date or date-time, or a duration before now such as 7d',
  },
  until: {
    type: 'string',
    maxLength: 64,
    description: 'ISO 8601 date or date-time, or a duration',
  },
} as const;

export const filterString = { type: 'string', minLength: 1, maxLength: 256 } as const;

/** A page of a listing; `items` is the schema of one row where a route declares it. */
export const listResponse = (
  key: string,
  description: string,
  items: object = { type: 'object' },
) => ({
  type: 'object',
  description,
  required: [key, 'total', 'page', 'page_size'],
  properties: {
    [key]: { type: 'array', items },
    total: { type: 'integer' },
    page: { type: 'integer' },
    page_size: { type: 'integer' },
    offset: { type: 'integer' },
  },
});
