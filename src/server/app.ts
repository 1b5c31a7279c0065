import Fastify, { type FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { Authenticator } from '../auth/principal.js';
import { WebhookAuthenticator } from '../auth/webhook-signature.js';
import type { AppContext } from '../context.js';
import { startCheckpointer } from '../store/checkpointer.js';
import { ulid } from '../ids.js';
import { MAX_TRACE_BYTES } from '../ingest/schema.js';
import { installAuthorize, installIdentify } from './auth.js';
import { installDashboard } from './dashboard.js';
import { answerFrameworkError, installErrorHandling } from './errors.js';
import { installIdempotency } from './idempotency.js';
import { IngestBatcher } from './ingest-batcher.js';
import { installJsonBody } from './json-body.js';
import { methodMatcher } from './method-not-allowed.js';
import { parseRateLimit, installRateLimit } from './rate-limit.js';
import type { RouteDef, ServerContext } from './route.js';
import { ROUTES } from './routes/index.js';
import { installSafetyPortSplit } from './safety-port.js';
import { createValidatorCompiler } from './validation.js';
import { cancelRunning } from '../workflows/running.js';
import { recoverAndLog } from '../recovery/interrupted.js';
import { DB_FILE } from '../store/data-dir.js';

/** A trace may be 10 MiB (MAX_TRACE_BYTES); 1 MiB more leaves room for its JSON envelope. */
export const DEFAULT_BODY_LIMIT = MAX_TRACE_BYTES + 1024 * 1024;

/** Log fields that may carry credentials (fastify's logger redaction, pino `redact`). */
const REDACTED = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'req.headers["x-evid-signature"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  '*.password',
  '*.token',
  '*.secret',
  '*.client_secret',
  '*.api_key',
  '*.api_secret',
  '*.signing_secret',
];

/** Node's default --max-http-header-size: no path parameter can be longer. */
const MAX_PARAM_LENGTH = 16 * 1024;

export interface ServerOptions {
  bin: 'evid' | 'audit';
  version?: string;
  /** Where the JSON logs go (pino); default: no logs. */
  logStream?: NodeJS.WritableStream;
  logLevel?: string;
  /** EVID_RATE_LIMIT syntax; default from the config. */
  rateLimit?: string;
  bodyLimit?: number;
  /** Routes to serve (default: all). */
  routes?: readonly RouteDef[];
  /**
   * `--safety-port`: the requests that came through the safety API's own listener (which
   * adds each before handing it to `routing`). Given, the safety routes answer only those,
   * and the other routes (but health) only the rest (src/server/safety-port.ts).
   */
  viaSafetyPort?: WeakSet<IncomingMessage>;
}

/**
 * The one server factory: `evid serve` and `audit serve` both start it, and both serve
 * every route (one product, one store). Handlers call the same domain functions as the
 * CLI; this file only wires the cross-cutting parts, in request order:
 *   onRequest identify -> rate limit -> preParsing authorize -> body parse + validate ->
 *   preHandler idempotency -> handler -> onSend idempotency record; errors -> errors.ts.
 */
export async function buildServer(
  ctx: AppContext,
  options: ServerOptions,
): Promise<FastifyInstance> {
  const bodyLimit = options.bodyLimit ?? DEFAULT_BODY_LIMIT;
  const limit = parseRateLimit(options.rateLimit ?? ctx.config.rateLimit);
  const app = Fastify({
    logger: options.logStream
      ? {
          level: options.logLevel ?? ctx.config.logLevel,
          stream: options.logStream,
          // pino's request serializer logs no headers; should a line ever carry them (or a
          // body with a credential), these never reach stderr or the log files.
          redact: { paths: REDACTED, censor: '[redacted]' },
        }
      : false,
    genReqId: () => `req_${ulid()}`,
    bodyLimit,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    // Path parameters are checked by the routes' schemas (an id is at most 256 characters,
    // named in a 400); the request line cannot exceed Node's header limit anyway.
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    // A URL the router cannot decode gets the documented error body too, not fastify's.
    frameworkErrors: answerFrameworkError,
  });
  installJsonBody(app, bodyLimit);
  app.setValidatorCompiler(createValidatorCompiler());
  // Response schemas document the answers; they never filter them.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));

  const context: ServerContext = {
    app: ctx,
    get store() {
      return ctx.store;
    },
    bin: options.bin,
    version: options.version ?? '0.0.0',
    startedAt: new Date(),
    background: new Set(),
    traces: new IngestBatcher(() => ctx.store),
    routes: options.routes ?? ROUTES,
  };
  // Before any request: work a stopped process left queued/running on this host ends
  // failed (interrupted), so every status URL a client polls reaches an end. Jobs live in
  // memory, so a restarted server has none running; now neither has its store.
  if (existsSync(join(ctx.config.dataDir, DB_FILE))) {
    recoverAndLog(ctx.store, 'server start', app.log);
  }
  const authenticator = new Authenticator(ctx.store, {
    envKey: ctx.config.apiKey,
    now: ctx.clock,
    oidc:
      ctx.config.oidcIssuerUrl && ctx.config.oidcClientId
        ? {
            issuer: ctx.config.oidcIssuerUrl,
            audience: ctx.config.oidcClientId,
            roleClaim: ctx.config.oidcRoleClaim,
          }
        : undefined,
  });

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  installIdentify(app, authenticator);
  await installRateLimit(app, limit);
  installAuthorize(
    app,
    ctx.config.oidcRoleClaim,
    new WebhookAuthenticator(ctx.store, ctx.config.dataDir, () => ctx.clock().getTime()),
  );
  if (options.viaSafetyPort) installSafetyPortSplit(app, options.viaSafetyPort, context.routes);
  installIdempotency(app, () => ctx.store);
  installErrorHandling(app, () => ctx.store, bodyLimit, methodMatcher(context.routes));
  // Once closing, answers end their connection, so keep-alive clients cannot hold it open.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing) reply.header('connection', 'close');
    return payload;
  });
  // WAL checkpoints on a worker thread, not inside the COMMITs of request handlers.
  const checkpointer = startCheckpointer(ctx.store);
  // Background work (report generation) finishes before the store is closed.
  app.addHook('onClose', async () => {
    // Running workflow executions end as cancelled (their agents' processes with them)
    // rather than holding the shutdown until their timeouts.
    cancelRunning(ctx.store, 'server shutdown');
    await Promise.allSettled([...context.background]);
    await checkpointer.stop();
  });

  for (const route of context.routes) {
    app.route({
      method: route.method,
      url: route.url,
      schema: {
        ...(route.schema?.body ? { body: route.schema.body } : {}),
        ...(route.schema?.querystring ? { querystring: route.schema.querystring } : {}),
        ...(route.schema?.params ? { params: route.schema.params } : {}),
      },
      config: {
        auth: route.auth,
        tag: route.tag,
        ...(route.credential ? { credential: route.credential } : {}),
        ...(route.rawBody ? { rawBody: true } : {}),
        ...(route.renderError ? { renderError: route.renderError } : {}),
        // Public routes are not limited, unless they name their own limit (the safety API's
        // token exchange, the dashboard's sign-in: an scrypt per try); that counts per
        // client address, as no key is known yet.
        ...(route.auth === 'public' && !route.rateLimit ? { rateLimit: false } : {}),
        ...(route.rateLimit
          ? { rateLimit: { max: route.rateLimit.max, timeWindow: route.rateLimit.windowMs } }
          : {}),
      },
      handler: async (request, reply) => route.handler(request, reply, context),
    });
  }
  installDashboard(app);
  return app;
}
