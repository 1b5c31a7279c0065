import type { RouteCredential, RouteDef } from './route.js';
import { errorBodySchema } from './route.js';

type Json = Record<string, unknown>;

const ERRORS: Record<number, string> = {
  400: 'invalid input (`error.type` validation, or invalid_text for invalid UTF-8 or a lone surrogate); `error.field` names the field',
  401: 'missing or invalid credential',
  403: "the credential's role lacks the permission",
  409: 'conflict: duplicate session_id/event_id, or an Idempotency-Key reused with another request',
  413: 'request body larger than the limit',
  415: 'request body is not application/json',
  429: 'rate limit exceeded (see X-RateLimit-* and Retry-After)',
  500: 'internal error (X-Trace-Id header carries the id to quote)',
  503: 'intake refused: the kill switch is active (Retry-After)',
  507: 'intake refused: an operator quota is reached (EVID_QUOTA_STORE_BYTES, EVID_QUOTA_EVENTS)',
};

/**
 * Rewrites a route schema for the document: named schemas (`$id`) become references to
 * `components.schemas`, collected on the way, so each is described once.
 */
function collect(schema: unknown, components: Json): unknown {
  if (Array.isArray(schema)) return schema.map((s) => collect(s, components));
  if (!schema || typeof schema !== 'object') return schema;
  const { $id, $ref, ...rest } = schema as Json;
  if (typeof $ref === 'string') return { $ref: `#/components/schemas/${$ref}` };
  const body: Json = {};
  for (const [k, v] of Object.entries(rest)) body[k] = collect(v, components);
  if (typeof $id === 'string') {
    components[$id] ??= body;
    return { $ref: `#/components/schemas/${$id}` };
  }
  return body;
}

function parameters(route: RouteDef, components: Json): Json[] {
  const out: Json[] = [];
  for (const [where, schema] of [
    ['path', route.schema?.params],
    ['query', route.schema?.querystring],
  ] as const) {
    const s = schema as { properties?: Json; required?: string[] } | undefined;
    for (const [name, prop] of Object.entries(s?.properties ?? {})) {
      const { description, ...rest } = prop as Json;
      out.push({
        name,
        in: where,
        required: where === 'path' || (s?.required ?? []).includes(name),
        ...(description ? { description } : {}),
        schema: collect(rest, components),
      });
    }
  }
  if (route.method !== 'GET' && route.method !== 'DELETE' && route.auth !== 'public') {
    out.push({
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      description: 'replaying the same key and body returns the first answer; another body is 409',
      schema: { type: 'string', minLength: 1, maxLength: 255 },
    });
  }
  return out;
}

/** A route that reads a request body: validated JSON, a documented body, or raw bytes. */
const takesBody = (route: RouteDef): boolean =>
  Boolean(route.schema?.body ?? route.docs?.body ?? route.rawBody);

function responses(route: RouteDef, components: Json): Json {
  const out: Json = {};
  for (const [status, schema] of Object.entries(route.schema?.response ?? {})) {
    const s = schema as Json;
    // A download's own media type is its success's; its refusals are JSON error bodies.
    const media = status.startsWith('2')
      ? (route.docs?.produces ?? 'application/json')
      : 'application/json';
    // A named schema used with this answer's own description (`{...jobSchema, description}`):
    // the description is the answer's, not the component's, which every other use shares.
    const { description: _d, ...named } = s;
    out[status] = {
      description: (s.description as string | undefined) ?? 'OK',
      content: { [media]: { schema: collect(typeof s.$id === 'string' ? named : s, components) } },
    };
  }
  const errors = new Set<number>([500]);
  if (route.auth !== 'public') [401, 429].forEach((s) => errors.add(s));
  if (route.auth !== 'public' && route.auth !== 'authenticated') errors.add(403);
  // A raw body (the OTLP and webhook receivers) is parsed by the route, which refuses it with 400.
  if (route.schema?.body || route.schema?.querystring || route.schema?.params || route.rawBody) {
    errors.add(400);
  }
  if (route.method !== 'GET') errors.add(409);
  // Where a body is part of the contract; a body-less route meets the limit only when a
  // client sends a large body the route has no use for.
  if (takesBody(route)) errors.add(413);
  if (route.schema?.body) errors.add(415);
  if (route.auth === 'ingest') {
    errors.add(503);
    errors.add(507);
  }
  // A receiver that answers in its protocol's error shape documents that shape instead.
  const errorSchema = route.docs?.errors
    ? collect(route.docs.errors, components)
    : { $ref: '#/components/schemas/Error' };
  for (const status of [...errors].sort()) {
    out[String(status)] ??= {
      description: ERRORS[status],
      content: { 'application/json': { schema: errorSchema } },
    };
  }
  return out;
}

/** The OpenAPI 3.1 document of the routes, made from the schemas that validate them. */
/** The security scheme of a route whose credential is not a bearer token. */
const SCHEME_OF: Record<RouteCredential, string> = {
  'x-evid-key': 'evidKey',
  'webhook-signature': 'webhookSignature',
};

export function buildOpenApi(routes: readonly RouteDef[], version: string): Json {
  const components: Json = { Error: errorBodySchema };
  const paths: Record<string, Json> = {};
  for (const route of routes) {
    const path = route.url.replace(/:([A-Za-z_]+)/g, '{$1}');
    const body = route.docs?.body ?? route.schema?.body;
    const op: Json = {
      summary: route.summary,
      ...(route.description ? { description: route.description } : {}),
      tags: [route.tag],
      operationId: `${route.method.toLowerCase()}${path.replace(/[{}]/g, '').replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
      ...(route.auth === 'public' ? { security: [] } : {}),
      ...(route.credential ? { security: [{ [SCHEME_OF[route.credential]]: [] }] } : {}),
      'x-evid-permission': route.auth,
      parameters: parameters(route, components),
      ...(body
        ? {
            requestBody: {
              required: true,
              content: { 'application/json': { schema: collect(body, components) } },
            },
          }
        : {}),
      responses: responses(route, components),
    };
    (paths[path] ??= {})[route.method.toLowerCase()] = op;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'evid / audit REST API',
      version,
      description:
        'Evidence store of AI agent traces with a signed Merkle ledger. Errors: {"error": {code, message, details, request_id}}. Roles: ingest, viewer, analyst, admin.',
    },
    servers: [{ url: '/' }],
    // Either credential: a bearer token (scripts) or the dashboard's session cookie, whose
    // writes also carry X-CSRF-Token (docs/dashboard.md).
    security: [{ bearer: [] }, { session: [] }],
    paths,
    components: {
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description:
            'An API key (evk_...), EVID_API_KEY, or an OIDC access token from EVID_OIDC_ISSUER_URL',
        },
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: 'evid_session',
          description:
            'The dashboard session cookie set by POST /api/v1/session; every write made with it also needs the X-CSRF-Token header that sign-in answers',
        },
        evidKey: {
          type: 'apiKey',
          in: 'header',
          name: 'X-Evid-Key',
          description:
            "The recording gateway's credential (a gateway source's token): its Authorization header goes to the upstream",
        },
        webhookSignature: {
          type: 'apiKey',
          in: 'header',
          name: 'X-Evid-Signature',
          description:
            't=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>"> keyed with the webhook source\'s secret; at most 5 minutes old (docs/sources.md)',
        },
      },
      schemas: components,
    },
  };
}
