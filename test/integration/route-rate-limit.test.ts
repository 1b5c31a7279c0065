import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { AppContext } from '../../src/context.js';
import { buildServer } from '../../src/server/app.js';
import { defineRoute } from '../../src/server/route.js';
import { healthRoute } from '../../src/server/routes/health/health.js';
import { tempDataDir } from '../support/cli.js';

/** RouteDef.rateLimit: a route's own per-caller limit, apart from the server-wide one. */
const KEY = 'route-limit-key-0123456789abcdef';
const limited = defineRoute({
  method: 'GET',
  url: '/api/v1/test-limited',
  summary: 'limited',
  tag: 'test',
  auth: 'authenticated',
  rateLimit: { max: 2, windowMs: 3_600_000 },
  handler: () => ({ ok: true }),
});
const open = defineRoute({ ...limited, url: '/api/v1/test-open', rateLimit: undefined });

let store: { dir: string; cleanup(): void };
let ctx: AppContext;
let app: FastifyInstance;
beforeAll(async () => {
  store = tempDataDir('evid-route-limit-');
  ctx = AppContext.fromEnv({ dataDir: store.dir, env: { EVID_API_KEY: KEY } });
  app = await buildServer(ctx, {
    bin: 'evid',
    rateLimit: '100/min',
    routes: [healthRoute, limited, open],
  });
});
afterAll(async () => {
  await app.close();
  ctx.close();
  store.cleanup();
});

const get = (url: string) =>
  app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${KEY}` } });

describe('a route with its own rate limit', () => {
  it('answers 429 past its own limit, naming its window, while other routes go on', async () => {
    const first = await get('/api/v1/test-limited');
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-ratelimit-limit']).toBe('2');
    expect(first.headers['x-ratelimit-remaining']).toBe('1');
    await get('/api/v1/test-limited');
    const third = await get('/api/v1/test-limited');
    expect(third.statusCode).toBe(429);
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    expect(JSON.parse(third.body).error.details).toMatch(/more than 2 requests in 3600 s/);
    const other = await get('/api/v1/test-open');
    expect(other.statusCode).toBe(200);
    expect(other.headers['x-ratelimit-limit']).toBe('100');
  });
});
