import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../src/auth/keys.js';
import { SAFETY_ADMIN_KEY, startSafetyServer, type SafetyServer } from '../support/safety.js';

/** Seed 000 "Authentication" and the token lifecycle: issue, use, expire, revoke. */
let s: SafetyServer;
let analyst: { key_id: string; secret: string; key: string };
let viewer: { key_id: string; secret: string; key: string };
beforeAll(async () => {
  s = await startSafetyServer({ EVID_TOKEN_TTL: '30m' });
  analyst = s.ctx.store.transact((tx) => createApiKey(tx, { name: 'safety', role: 'analyst' }));
  viewer = s.ctx.store.transact((tx) => createApiKey(tx, { name: 'other', role: 'viewer' }));
});
afterAll(() => s.close());

const issue = (key: { key_id: string; secret: string }) =>
  s.call('POST', '/v1/auth/token', { body: { api_key: key.key_id, api_secret: key.secret } });
const text = (bearer: string) =>
  s.call('POST', '/v1/analysis/safety/text', { bearer, body: { content: 'hello' } });

describe('POST /v1/auth/token', () => {
  it('gives a token and an ISO 8601 UTC expiry EVID_TOKEN_TTL ahead', async () => {
    const res = await issue(analyst);
    expect(res.status).toBe(200);
    expect(res.body.token).toMatch(/^evt_/);
    expect(res.body.expires_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
    expect(Date.parse(res.body.expires_at) - s.clock.now.getTime()).toBe(30 * 60_000);
    expect(res.headers.get('x-ratelimit-limit')).toBe('100');
  });

  it('refuses a wrong secret, an unknown key and a missing field', async () => {
    const wrong = await issue({ key_id: analyst.key_id, secret: viewer.secret });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toMatchObject({ code: 401, message: 'Unauthorized' });
    expect(typeof wrong.body.error.request_id).toBe('string');
    const unknown = await issue({
      key_id: 'ak_01HZZZZZZZZZZZZZZZZZZZZZZZ',
      secret: analyst.secret,
    });
    expect(unknown.status).toBe(401);
    const missing = await s.call('POST', '/v1/auth/token', { body: { api_key: analyst.key_id } });
    expect(missing.status).toBe(400);
    expect(missing.body.error.details).toMatch(/api_secret/);
  });

  it('stores only a hash of the token', async () => {
    const { body } = await issue(analyst);
    const rows = s.ctx.store.read((r) => r.prepare('SELECT * FROM access_tokens').all()) as Array<
      Record<string, unknown>
    >;
    expect(JSON.stringify(rows)).not.toContain(body.token);
    expect(JSON.stringify(rows)).not.toContain(analyst.secret);
  });
});

describe('a token in use', () => {
  it('is accepted as Bearer by safety routes and by the evidence API, with its key role', async () => {
    const { body } = await issue(analyst);
    expect((await text(body.token)).status).toBe(200);
    expect((await s.call('GET', '/api/v1/traces', { bearer: body.token })).status).toBe(200);
    // analyst may not change the kill switch (admin)
    const refused = await s.call('POST', '/api/v1/kill-switch/activate', {
      bearer: body.token,
      body: { reason: 'test' },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe(403);
  });

  it('the plain API key works as Bearer on /v1 as well', async () => {
    expect((await text(analyst.key)).status).toBe(200);
  });

  it('no credential or a made-up token is 401', async () => {
    const none = await s.call('POST', '/v1/analysis/safety/text', { body: { content: 'x' } });
    expect(none.status).toBe(401);
    expect((await text(`evt_${'A'.repeat(43)}`)).status).toBe(401);
  });

  it('expires: after expires_at the same token is 401', async () => {
    const { body } = await issue(analyst);
    expect((await text(body.token)).status).toBe(200);
    const saved = s.clock.now;
    s.clock.now = new Date(Date.parse(body.expires_at) + 1000);
    try {
      const res = await text(body.token);
      expect(res.status).toBe(401);
      expect(res.body.error.details).toMatch(/expired/);
    } finally {
      s.clock.now = saved;
    }
  });

  it('dies with its API key', async () => {
    const temp = s.ctx.store.transact((tx) => createApiKey(tx, { name: 'temp', role: 'viewer' }));
    const { body } = await issue(temp);
    expect((await text(body.token)).status).toBe(200);
    const { revokeApiKey } = await import('../../src/auth/keys.js');
    s.ctx.store.transact((tx) => revokeApiKey(tx, temp.key_id));
    expect((await text(body.token)).status).toBe(401);
  });
});

describe('DELETE /v1/auth/token', () => {
  it('revokes the token named in the query; the revoked token is 401 after', async () => {
    const caller = (await issue(analyst)).body.token;
    const target = (await issue(analyst)).body.token;
    const res = await s.call('DELETE', `/v1/auth/token?token=${encodeURIComponent(target)}`, {
      bearer: caller,
    });
    expect(res.status).toBe(200);
    expect(res.body.revoked).toBe(true);
    expect(res.headers.get('x-ratelimit-limit')).toBe('100');
    expect((await text(target)).status).toBe(401);
    expect((await text(caller)).status).toBe(200);
  });

  it('takes the token in a JSON body too, and revokes the bearer itself without one', async () => {
    const caller = (await issue(analyst)).body.token;
    const target = (await issue(analyst)).body.token;
    const byBody = await s.call('DELETE', '/v1/auth/token', {
      bearer: caller,
      body: { token: target },
    });
    expect(byBody.status).toBe(200);
    expect((await text(target)).status).toBe(401);
    const self = await s.call('DELETE', '/v1/auth/token', { bearer: caller });
    expect(self.status).toBe(200);
    const after = await text(caller);
    expect(after.status).toBe(401);
    expect(after.body.error.details).toMatch(/revoked/);
  });

  it("refuses another key's token (403) unless the caller is an admin; unknown is 404", async () => {
    const mine = (await issue(viewer)).body.token;
    const theirs = (await issue(analyst)).body.token;
    const refused = await s.call('DELETE', `/v1/auth/token?token=${theirs}`, { bearer: mine });
    expect(refused.status).toBe(403);
    expect((await text(theirs)).status).toBe(200);
    const admin = await s.call('DELETE', `/v1/auth/token?token=${theirs}`, {
      bearer: SAFETY_ADMIN_KEY,
    });
    expect(admin.status).toBe(200);
    const unknown = await s.call('DELETE', `/v1/auth/token?token=evt_${'B'.repeat(43)}`, {
      bearer: mine,
    });
    expect(unknown.status).toBe(404);
  });

  it('a wrong method on a known path is 405 with Allow', async () => {
    const res = await s.call('PUT', '/v1/auth/token', { bearer: SAFETY_ADMIN_KEY, body: {} });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('DELETE, POST');
    expect(res.body.error).toMatchObject({ code: 405, message: 'Method Not Allowed' });
    const get = await s.call('GET', '/v1/analysis/safety/text', { bearer: SAFETY_ADMIN_KEY });
    expect(get.status).toBe(405);
    const unknown = await s.call('GET', '/v1/nothing-here', { bearer: SAFETY_ADMIN_KEY });
    expect(unknown.status).toBe(404);
  });
});
