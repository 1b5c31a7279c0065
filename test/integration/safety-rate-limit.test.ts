import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAFETY_ADMIN_KEY, startSafetyServer, type SafetyServer } from '../support/safety.js';

/** Seed 000 "Limits": per-endpoint limits, the three headers on every answer, 429. */
let s: SafetyServer;
beforeAll(async () => {
  s = await startSafetyServer();
});
afterAll(() => s.close());

describe('safety API rate limits', () => {
  it.each([
    ['POST', '/v1/analysis/safety/text', { content: 'hi' }, '500'],
    ['GET', '/v1/compliance/frameworks', undefined, '300'],
  ])(
    '%s %s carries X-RateLimit-Limit %s, -Remaining and -Reset',
    async (method, path, body, limit) => {
      const res = await s.call(method, path, { bearer: SAFETY_ADMIN_KEY, body });
      expect(res.headers.get('x-ratelimit-limit')).toBe(limit);
      expect(Number(res.headers.get('x-ratelimit-remaining'))).toBe(Number(limit) - 1);
      expect(Number(res.headers.get('x-ratelimit-reset'))).toBeGreaterThan(0);
    },
  );

  it('an error answer carries them too', async () => {
    const res = await s.call('POST', '/v1/analysis/safety/text', {
      bearer: SAFETY_ADMIN_KEY,
      body: { content: 'x', threshold: 2 },
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('x-ratelimit-limit')).toBe('500');
  });

  it('POST /v1/auth/token answers 429 with Retry-After past 100 a minute', async () => {
    const body = { api_key: 'ak_01HZZZZZZZZZZZZZZZZZZZZZZZ', api_secret: 'nope' };
    let last = { status: 0, headers: new Headers(), body: undefined as unknown };
    for (let i = 0; i < 100; i++) {
      last = await s.call('POST', '/v1/auth/token', { body });
      expect(last.status).toBe(401);
    }
    expect(last.headers.get('x-ratelimit-remaining')).toBe('0');
    const over = await s.call('POST', '/v1/auth/token', { body });
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(over.body.error).toMatchObject({ code: 429, message: 'Too Many Requests' });
    expect(over.body.error.details).toMatch(/more than 100 requests in 60 s/);
    // Other routes of the same caller go on.
    const other = await s.call('POST', '/v1/analysis/safety/text', {
      bearer: SAFETY_ADMIN_KEY,
      body: { content: 'hi' },
    });
    expect(other.status).toBe(200);
  });
});
