import type { FastifyInstance } from 'fastify';
import { UsageError } from '../errors.js';
import { webhookSourceOf } from './auth.js';

export interface RateLimit {
  /** Requests per window per key; 0 turns the limiter off. */
  max: number;
  windowMs: number;
}

const UNITS: Record<string, number> = { s: 1_000, min: 60_000, m: 60_000, h: 3_600_000 };

/**
 * EVID_RATE_LIMIT: `1000` (per minute, the default), `1000/min`, `50/10s`, `0` or `off`.
 */
export function parseRateLimit(spec: string | undefined): RateLimit {
  if (spec === undefined || spec.trim() === '') return { max: 1000, windowMs: 60_000 };
  if (/^\s*(off|0)\s*$/i.test(spec)) return { max: 0, windowMs: 60_000 };
  const m = /^\s*(\d+)\s*(?:\/\s*(\d*)\s*(s|m|min|h))?\s*$/.exec(spec);
  if (!m || Number(m[1]) < 1) {
    throw new UsageError(
      `EVID_RATE_LIMIT: expected requests per minute (1000) or N/<window> such as 50/10s (got "${spec}")`,
    );
  }
  const windowMs = m[3] ? Number(m[2] || 1) * UNITS[m[3]]! : 60_000;
  return { max: Number(m[1]), windowMs };
}

/**
 * Per-key limits with @fastify/rate-limit (in memory, per server process): the key is the
 * caller (API key id, OIDC subject), or the client address for requests without a valid
 * credential. Every limited answer carries X-RateLimit-Limit, -Remaining and -Reset
 * (seconds to the window's end); past the limit the answer is 429 with Retry-After.
 */
export async function installRateLimit(app: FastifyInstance, limit: RateLimit): Promise<void> {
  if (limit.max === 0) return;
  const { default: rateLimit } = await import('@fastify/rate-limit');
  const headers = {
    'x-ratelimit-limit': true,
    'x-ratelimit-remaining': true,
    'x-ratelimit-reset': true,
  };
  await app.register(rateLimit, {
    global: true,
    max: limit.max,
    timeWindow: limit.windowMs,
    // A webhook's signature is checked after the limiter (it covers the body), so its
    // deliveries count against the source they are addressed to.
    keyGenerator: (request) => {
      const source = webhookSourceOf(request);
      if (source !== undefined) return `source:${source}`;
      return request.principal ? `key:${request.principal.id}` : `ip:${request.ip}`;
    },
    addHeaders: { ...headers, 'retry-after': true },
    addHeadersOnExceeding: headers,
    errorResponseBuilder: (request, context) => {
      // A route with its own limit (RouteDef.rateLimit) names its own window.
      const own = (request.routeOptions.config as { rateLimit?: { timeWindow?: number } })
        .rateLimit;
      const windowMs = own?.timeWindow ?? limit.windowMs;
      return Object.assign(
        new Error(
          `more than ${context.max} requests in ${windowMs / 1000} s; retry in ${context.after}`,
        ),
        { statusCode: 429 },
      );
    },
  });
}
