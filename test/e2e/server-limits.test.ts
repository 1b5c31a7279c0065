import { writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBin, runJson, tempDataDir } from '../support/cli.js';
import { api, ADMIN_KEY, startServer, trace, type RunningServer } from '../support/server.js';
import { withDb } from '../support/tamper.js';

const dirs: Array<{ cleanup(): void }> = [];
afterAll(() => dirs.forEach((d) => d.cleanup()));

function store(): string {
  const s = tempDataDir('evid-limits-');
  dirs.push(s);
  return s.dir;
}

describe('idempotency, body limit and internal errors', () => {
  let server: RunningServer;
  let url: string;
  let dir: string;
  beforeAll(async () => {
    dir = store();
    server = await startServer({ dataDir: dir });
    url = server.url;
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('Idempotency-Key: a replay returns the first answer; the same key with another body is 409', async () => {
    const headers = { 'idempotency-key': 'retry-42' };
    const first = await api(url, '/api/v1/traces', {
      method: 'POST',
      body: trace('sess_idem_1'),
      headers,
    });
    expect(first.status).toBe(201);
    const replay = await api(url, '/api/v1/traces', {
      method: 'POST',
      body: trace('sess_idem_1'),
      headers,
    });
    expect(replay.status).toBe(201);
    expect(replay.body).toEqual(first.body);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    const other = await api(url, '/api/v1/traces', {
      method: 'POST',
      body: trace('sess_idem_2'),
      headers,
    });
    expect(other.status).toBe(409);
    expect(other.body.error.field).toBe('Idempotency-Key');
    // Without the key, the same trace again is a duplicate session (409), not a replay.
    const dup = await api(url, '/api/v1/traces', { method: 'POST', body: trace('sess_idem_1') });
    expect(dup.status).toBe(409);
    expect(dup.body.error.field).toBe('session_id');
    const stored = await api(url, '/api/v1/traces?session=sess_idem_1');
    expect(stored.body.total).toBe(1);
    // Replays that race the first request wait for it and get its answer.
    const racing = await Promise.all(
      [1, 2, 3, 4].map(() =>
        api(url, '/api/v1/events', {
          method: 'POST',
          body: { agent: 'idem', type: 'message', event_id: 'evt_idem_race' },
          headers: { 'idempotency-key': 'race-1' },
        }),
      ),
    );
    expect(racing.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    expect(new Set(racing.map((r) => r.text)).size).toBe(1);
    const bad = await api(url, '/api/v1/traces', {
      method: 'POST',
      body: trace('s'),
      headers: { 'idempotency-key': 'x'.repeat(300) },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.field).toBe('Idempotency-Key');
    // A verdict (200) and a job (202) are different answers: `Prefer: respond-async` is part
    // of the request, so one key cannot replay the other.
    const verify = { method: 'POST', headers: { 'idempotency-key': 'verify-1' } };
    expect((await api(url, '/api/v1/ledger/verify', verify)).status).toBe(200);
    const asJob = await api(url, '/api/v1/ledger/verify', {
      method: 'POST',
      headers: { ...verify.headers, prefer: 'respond-async' },
    });
    expect(asJob.status).toBe(409);
    expect(asJob.body.error.field).toBe('Idempotency-Key');
    const again = await api(url, '/api/v1/ledger/verify', verify);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
  });

  it('a body over the limit is 413 in the error shape', async () => {
    const big = Buffer.from(
      JSON.stringify({ ...trace('sess_big'), pad: 'x'.repeat(12 * 1024 * 1024) }),
    );
    // The server answers as soon as it sees Content-Length, before any body byte. Send the
    // headers alone and wait for that answer: writing 12 MB into a socket the server is
    // closing races into EPIPE. The body follows only if no answer came (then the test fails
    // on the status, not on a hang).
    const { hostname, port } = new URL(url);
    const a = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      let answered = false;
      const req = request(
        {
          host: hostname,
          port,
          method: 'POST',
          path: '/api/v1/traces',
          headers: {
            authorization: `Bearer ${ADMIN_KEY}`,
            'content-type': 'application/json',
            'content-length': big.length,
          },
        },
        (res) => {
          answered = true;
          let text = '';
          res.on('data', (c: Buffer) => (text += c.toString()));
          res.on('end', () => {
            resolve({ status: res.statusCode ?? 0, text });
            req.destroy();
          });
        },
      );
      req.on('error', (err) => {
        if (!answered) reject(err);
      });
      req.flushHeaders();
      setTimeout(() => {
        if (!answered) req.end(big);
      }, 5_000);
    });
    expect(a.status).toBe(413);
    const body = JSON.parse(a.text) as { error: Record<string, unknown> };
    expect(body.error).toMatchObject({ code: 413, field: 'body' });
    expect(body.error.details).toContain('11534336 bytes');
  });

  it('a 500 carries X-Trace-Id (the request id) and never a stack or the cause', async () => {
    withDb(dir, (db) => db.exec('ALTER TABLE policies RENAME TO policies_gone'));
    try {
      const a = await api(url, '/api/v1/policies');
      expect(a.status).toBe(500);
      expect(a.headers.get('x-trace-id')).toBe(a.body.error.request_id);
      expect(a.body.error).toMatchObject({ code: 500, message: 'Internal Server Error' });
      expect(a.text).not.toMatch(/policies|sqlite|\bat \S+ \(|\.js:\d+/i);
    } finally {
      withDb(dir, (db) => db.exec('ALTER TABLE policies_gone RENAME TO policies'));
    }
  });
});

describe('rate limit', () => {
  it('429 past the limit, with X-RateLimit-* headers counting down on every answer', async () => {
    const dir = store();
    const server = await startServer({ dataDir: dir, env: { EVID_RATE_LIMIT: '5/1m' } });
    try {
      const remaining: string[] = [];
      for (let i = 0; i < 5; i++) {
        const a = await api(server.url, '/api/v1/traces');
        expect(a.status).toBe(200);
        expect(a.headers.get('x-ratelimit-limit')).toBe('5');
        expect(Number(a.headers.get('x-ratelimit-reset'))).toBeGreaterThan(0);
        remaining.push(a.headers.get('x-ratelimit-remaining')!);
      }
      expect(remaining).toEqual(['4', '3', '2', '1', '0']);
      const limited = await api(server.url, '/api/v1/traces');
      expect(limited.status).toBe(429);
      expect(limited.body.error).toMatchObject({ code: 429, type: 'rate_limited' });
      expect(limited.headers.get('x-ratelimit-remaining')).toBe('0');
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      // The limit is per key: another key still has its own budget.
      const created = await runJson<{ key: string }>(
        'evid',
        ['admin', 'keys', 'create', '--name', 'other', '--role', 'viewer'],
        { dataDir: dir },
      );
      const other = await api(server.url, '/api/v1/traces', { key: created.data.key });
      expect(other.status).toBe(200);
      expect(other.headers.get('x-ratelimit-remaining')).toBe('4');
      // Health is never limited.
      expect((await api(server.url, '/api/v1/health', { key: null })).status).toBe(200);
    } finally {
      await server.stop();
    }
  });
});

describe('audit serve --config and --license', () => {
  it('takes settings from a JSON file; a bad file or a missing license file is refused before listening', async () => {
    const dir = store();
    const config = join(dir, 'server.json');
    writeFileSync(
      config,
      JSON.stringify({ rate_limit: '3/1m', log_level: 'warn', otlp_port: 0, safety_port: 0 }),
    );
    const license = join(dir, 'license.txt');
    writeFileSync(license, 'ACME-0000');
    const server = await startServer({
      dataDir: dir,
      bin: 'audit',
      args: ['--config', config, '--license', license],
    });
    try {
      const a = await api(server.url, '/api/v1/traces');
      expect(a.headers.get('x-ratelimit-limit')).toBe('3');
      // The file's second listeners are up: OTLP on its own port, the safety API on its own.
      expect(server.otlp).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1\/traces$/);
      expect(server.safety).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(server.safety).not.toBe(server.url);
      expect((await api(server.safety!, '/api/v1/health', { key: null })).status).toBe(200);
    } finally {
      await server.stop();
    }
    writeFileSync(config, JSON.stringify({ prot: 1 }));
    const bad = await runBin('audit', ['serve', '--port', '0', '--config', config], {
      dataDir: dir,
    });
    expect(bad.exitCode).toBe(2);
    expect(String(bad.stderr)).toContain('--config: unknown setting "prot"');
    writeFileSync(config, JSON.stringify({ safety_port: 'x' }));
    const badSafety = await runBin('audit', ['serve', '--port', '0', '--config', config], {
      dataDir: dir,
    });
    expect(badSafety.exitCode).toBe(2);
    expect(String(badSafety.stderr)).toContain('--config safety_port: must be a port number');
    const noLicense = await runBin(
      'audit',
      ['serve', '--port', '0', '--license', join(dir, 'nope')],
      { dataDir: dir },
    );
    expect(noLicense.exitCode).toBe(3);
    const badPort = await runBin('evid', ['serve', '--port', '99999'], { dataDir: dir });
    expect(badPort.exitCode).toBe(2);
    expect(String(badPort.stderr)).toContain('--port: must be a port number');
  });
});

describe('shutdown', () => {
  it('SIGTERM lets an in-flight request finish, then exits 0 with the store intact', async () => {
    const dir = store();
    const server = await startServer({ dataDir: dir });
    const body = Buffer.from(JSON.stringify(trace('sess_inflight', 'support-bot', 50)));
    const { port, hostname } = new URL(server.url);
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = request(
        {
          host: hostname,
          port,
          method: 'POST',
          path: '/api/v1/traces',
          headers: {
            authorization: `Bearer ${ADMIN_KEY}`,
            'content-type': 'application/json',
            'content-length': body.length,
            // The server's 100 Continue proves it is handling this request: SIGTERM then.
            expect: '100-continue',
          },
        },
        (res) => {
          let text = '';
          res.on('data', (c: Buffer) => (text += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on('error', reject);
      req.on('continue', () => {
        server.child.kill('SIGTERM');
        setTimeout(() => req.end(body), 300);
      });
      req.flushHeaders();
    });
    const a = await answer;
    expect(a.status).toBe(201);
    const exit = await server.child;
    expect(exit.exitCode).toBe(0);
    const status = await runJson<{ traces: number; events: number }>('evid', ['status'], {
      dataDir: dir,
    });
    expect(status.data).toMatchObject({ traces: 1, events: 50 });
    const verify = await runJson<{ ok: boolean }>('audit', ['verify'], { dataDir: dir });
    expect(verify.data.ok).toBe(true);
  });
});
