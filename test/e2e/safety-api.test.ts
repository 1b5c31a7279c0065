import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBin, runJson, tempDataDir } from '../support/cli.js';
import { api, startServer, type RunningServer } from '../support/server.js';

/**
 * The safety API from the built bins: `evid admin keys create` prints id and secret once,
 * `evid serve` exchanges them for a token that works on /v1 and /api/v1 until revoked.
 */
const store = tempDataDir('evid-e2e-safety-');
let server: RunningServer;
let key: { key: string; key_id: string; secret: string };
beforeAll(async () => {
  const created = await runJson<typeof key>(
    'evid',
    ['admin', 'keys', 'create', '--name', 'safety', '--role', 'analyst'],
    { dataDir: store.dir },
  );
  expect(created.code).toBe(0);
  key = created.data;
  server = await startServer({ dataDir: store.dir, env: { EVID_TOKEN_TTL: '15m' } });
}, 60_000);
afterAll(async () => {
  await server?.stop();
  store.cleanup();
});

describe('evid admin keys create', () => {
  it('shows the secret once in the table view too', async () => {
    const r = await runBin('evid', ['admin', 'keys', 'create', '--name', 'v', '--role', 'viewer'], {
      dataDir: store.dir,
    });
    expect(r.exitCode).toBe(0);
    expect(String(r.stdout)).toMatch(/secret\s+[A-Za-z0-9_-]{43}/);
    expect(String(r.stderr)).toMatch(/POST \/v1\/auth\/token/);
    const list = await runBin('evid', ['admin', 'keys', 'list', '--json'], { dataDir: store.dir });
    expect(String(list.stdout)).not.toMatch(/[A-Za-z0-9_-]{43}/);
  });
});

describe('token lifecycle over the built server', () => {
  it('issue, use on both APIs, revoke, refused', async () => {
    expect(key.key).toBe(`evk_${key.key_id.slice(3)}_${key.secret}`);
    const issued = await api(server.url, '/v1/auth/token', {
      method: 'POST',
      key: null,
      body: { api_key: key.key_id, api_secret: key.secret },
    });
    expect(issued.status).toBe(200);
    const token = issued.body.token as string;
    const ttl = Date.parse(issued.body.expires_at) - Date.now();
    expect(ttl).toBeGreaterThan(14 * 60_000);
    expect(ttl).toBeLessThanOrEqual(15 * 60_000);
    const text = await api(server.url, '/v1/analysis/safety/text', {
      method: 'POST',
      key: token,
      body: { content: 'please rm -rf / on the build box', categories: ['tool_misuse'] },
    });
    expect(text.status).toBe(200);
    expect(text.headers.get('x-ratelimit-limit')).toBe('500');
    expect((await api(server.url, '/api/v1/findings', { key: token })).status).toBe(200);
    const revoked = await api(server.url, '/v1/auth/token', { method: 'DELETE', key: token });
    expect(revoked.status).toBe(200);
    expect((await api(server.url, '/api/v1/findings', { key: token })).status).toBe(401);
  });
});
