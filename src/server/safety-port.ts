import type { FastifyInstance } from 'fastify';
import type { IncomingMessage } from 'node:http';
import { NotFoundError } from '../errors.js';
import { methodMatcher } from './method-not-allowed.js';
import type { RouteDef } from './route.js';
import { SAFETY_TAG } from './routes/safety/limits.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's OpenAPI tag (RouteDef.tag): which listener serves it, with --safety-port. */
    tag?: string;
  }
}

/** The route that both listeners serve: load balancers probe each port. */
const HEALTH_TAG = 'health';

/**
 * `serve --safety-port`: the safety API (seed 000, the routes tagged `safety`) answers only
 * on its own listener, and every other route (but health) only on the main one. One server,
 * so one store, limiter and shutdown; `viaSafetyPort` holds the requests that arrived on
 * the safety listener. Checked after authorisation (preParsing, before any body is read),
 * so a route served on the other port is a 404 exactly as an unknown route is: 401 without
 * a credential, 404 with one.
 */
export function installSafetyPortSplit(
  app: FastifyInstance,
  viaSafetyPort: WeakSet<IncomingMessage>,
  routes: readonly RouteDef[],
): void {
  // A safety path asked with a method it does not serve reaches the not-found handler (no
  // tag): 405 with Allow on the safety port, as without the split; 404 on the main port.
  const safetyMethods = methodMatcher(routes.filter((r) => r.tag === SAFETY_TAG));
  app.addHook('preParsing', async (request) => {
    const tag = request.routeOptions.config?.tag;
    if (tag === HEALTH_TAG) return;
    const path = request.url.split('?')[0]!;
    const isSafety = tag === undefined ? safetyMethods(path).length > 0 : tag === SAFETY_TAG;
    const onSafetyPort = viaSafetyPort.has(request.raw);
    if (onSafetyPort === isSafety) return;
    const route = `${request.method} ${path}`;
    throw new NotFoundError(
      onSafetyPort
        ? `no route ${route} on the safety port: it serves the safety API (/v1, docs/safety-api.md) and GET /api/v1/health`
        : `no route ${route} on this port: the safety API is served on its own port (--safety-port)`,
    );
  });
}
