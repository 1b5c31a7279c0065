// `sources test` (src/sources/test-source.ts) against a stand-in receiver that checks what a
// real receiver checks (the token, the webhook signature over the raw body, the dry-run
// header) and answers as the receivers' dry run does. The e2e tests drive the real ones.
import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppContext } from '../../src/context.js';
import { addSource, type AddedSource } from '../../src/sources/manage.js';
import { testSource } from '../../src/sources/test-source.js';
import { tempDataDir } from '../support/cli.js';
import { withDb } from '../support/tamper.js';

let data: { dir: string; cleanup(): void };
let app: AppContext;
let server: Server | undefined;
beforeEach(() => {
  data = tempDataDir();
  app = AppContext.fromEnv({ dataDir: data.dir, env: { EVID_ACTOR: 'cli:test' } });
});
afterEach(async () => {
  app.close();
  data.cleanup();
  if (server) await new Promise((r) => server!.close(r));
  server = undefined;
});

const add = (type: string, extra: Record<string, unknown> = {}): AddedSource =>
  app.store.transact((tx) => addSource(tx, data.dir, { type, name: `${type}-src`, ...extra }));

interface Seen {
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A receiver that answers `answer(seen)` and records what it was sent. */
async function receiver(answer: (s: Seen) => { status: number; body: unknown }): Promise<{
  url: string;
  seen: Seen[];
}> {
  const seen: Seen[] = [];
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      const s = { url: req.url ?? '', headers: req.headers, body };
      seen.push(s);
      const a = answer(s);
      res.writeHead(a.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(a.body));
    });
  });
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

const dryRun = (sourceId: string, sessions: unknown[]) => ({
  status: 200,
  body: { dry_run: true, source_id: sourceId, authenticated_as: 'ak_x', sessions },
});

describe('sources test: a round trip through the receiver', () => {
  it('otel: posts a one-span OTLP/JSON export with the token and the dry-run header', async () => {
    const { source, credential } = add('otel');
    const mapped = [
      { session_id: 'evid-sources-test', agent: 'a', events: [{ type: 'llm_call' }] },
    ];
    const r = await receiver((s) =>
      s.headers.authorization === `Bearer ${credential!.value}`
        ? dryRun(source.source_id, mapped)
        : { status: 401, body: { error: { details: 'invalid API key' } } },
    );
    const result = await testSource(app.store, source.source_id, {
      dataDir: data.dir,
      baseUrl: r.url,
      credential: { kind: 'source token', value: credential!.value },
    });
    expect(result).toMatchObject({
      ok: true,
      target: `${r.url}/v1/traces`,
      credential: 'source token',
      http_status: 200,
      authenticated: true,
      authenticated_as: 'ak_x',
      event: { type: 'llm_call' },
      reason: null,
    });
    expect(result.latency_ms).toEqual(expect.any(Number));
    const sent = r.seen[0]!;
    expect(sent.url).toBe('/v1/traces');
    expect(sent.headers['x-evid-dry-run']).toBe('1');
    expect(sent.headers['content-type']).toBe('application/json');
    const span = JSON.parse(sent.body).resourceSpans[0].scopeSpans[0].spans[0];
    expect(span.traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(span.spanId).toMatch(/^[0-9a-f]{16}$/);
    expect(span.attributes).toContainEqual({
      key: 'gen_ai.operation.name',
      value: { stringValue: 'chat' },
    });

    const wrong = await testSource(app.store, source.source_id, {
      dataDir: data.dir,
      baseUrl: r.url,
      credential: { kind: 'source token', value: 'evk_wrong' },
    });
    expect(wrong).toMatchObject({ ok: false, authenticated: false, http_status: 401 });
    expect(wrong.reason).toBe('authentication failed (401): invalid API key');
  });

  it('webhook: signs "<t>.<body>" with the secret issued when the source was added', async () => {
    const { source, credential } = add('webhook');
    const r = await receiver((s) => {
      const m = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(s.headers['x-evid-signature']));
      const want =
        m && createHmac('sha256', credential!.value).update(`${m[1]}.${s.body}`).digest('hex');
      return m && want === m[2]
        ? dryRun(source.source_id, [JSON.parse(s.body)])
        : { status: 401, body: { error: { details: 'bad signature' } } };
    });
    const result = await testSource(app.store, source.source_id, {
      dataDir: data.dir,
      baseUrl: r.url,
    });
    expect(result).toMatchObject({
      ok: true,
      credential: 'webhook signature',
      event: { prompt: 'ping' },
    });
    expect(r.seen[0]!.url).toBe(`/api/v1/sources/${source.source_id}/events`);
    expect(r.seen[0]!.headers['x-evid-dry-run']).toBe('1');
  });

  it('webhook: a changed key file is reported before anything is sent', async () => {
    const { source } = add('webhook');
    withDb(data.dir, (db) =>
      db.prepare("UPDATE sources SET secret_hash = '00' WHERE source_id = ?").run(source.source_id),
    );
    const r = await receiver(() => dryRun(source.source_id, []));
    const result = await testSource(app.store, source.source_id, {
      dataDir: data.dir,
      baseUrl: r.url,
    });
    expect(result.ok).toBe(false);
    expect(result.reason).toContain('the key file changed');
    expect(r.seen).toHaveLength(0);
  });

  it("gateway: a one-message chat completion with X-Evid-Key, to the source's gateway URL", async () => {
    const { source } = add('gateway', { endpoint: 'http://127.0.0.1:9/v1' });
    const r = await receiver((s) =>
      s.headers['x-evid-key'] === 'admin-key'
        ? dryRun(source.source_id, [
            { session_id: 'x', agent: 'y', events: [{ type: 'llm_call' }] },
          ])
        : { status: 401, body: {} },
    );
    const result = await testSource(app.store, source.source_id, {
      dataDir: data.dir,
      baseUrl: r.url,
      credential: { kind: 'EVID_API_KEY', value: 'admin-key' },
    });
    expect(result).toMatchObject({ ok: true, credential: 'EVID_API_KEY' });
    expect(r.seen[0]!.url).toBe(`/gateway/${source.source_id}/v1/chat/completions`);
    expect(r.seen[0]!.headers.authorization).toBeUndefined();
    expect(JSON.parse(r.seen[0]!.body).messages).toEqual([{ role: 'user', content: 'ping' }]);
  });

  it('fails, saying why, when the receiver is missing, stores for real, or nobody listens', async () => {
    const { source } = add('otel');
    const credential = { kind: 'EVID_API_KEY' as const, value: 'k' };
    const missing = await receiver(() => ({
      status: 404,
      body: { error: { details: 'no route POST /v1/traces' } },
    }));
    const r404 = await testSource(app.store, source.source_id, {
      dataDir: data.dir,
      baseUrl: missing.url,
      credential,
    });
    expect(r404).toMatchObject({ ok: false, http_status: 404, authenticated: null });
    expect(r404.reason).toBe(
      `no receiver answered at ${missing.url}/v1/traces: no route POST /v1/traces`,
    );
    await new Promise((r) => server!.close(r));
    const real = await receiver(() => ({ status: 200, body: {} }));
    const stored = await testSource(app.store, source.source_id, {
      dataDir: data.dir,
      baseUrl: real.url,
      credential,
    });
    expect(stored.ok).toBe(false);
    expect(stored.reason).toContain('not as a dry run');
    await new Promise((r) => server!.close(r));
    server = undefined;
    const nobody = await testSource(app.store, source.source_id, {
      dataDir: data.dir,
      baseUrl: real.url,
      credential,
    });
    expect(nobody).toMatchObject({ ok: false, http_status: null, latency_ms: null });
    expect(nobody.reason).toContain('connection refused');
  });
});

describe('sources test: a log file', () => {
  const line = (o: Record<string, unknown>) => `${JSON.stringify(o)}\n`;

  it('maps the last complete line of the newest file the glob matches, with the format mapping', async () => {
    const dir = join(data.dir, 'logs');
    mkdirSync(dir);
    const format = {
      session: 'ctx.sid',
      agent: 'svc',
      type: 'kind',
      timestamp: 'ts',
      prompt: 'in',
    };
    const { source } = add('logfile', { endpoint: join(dir, '*.log'), options: { format } });
    writeFileSync(
      join(dir, 'a.log'),
      line({ ctx: { sid: 'old' }, svc: 'bot', kind: 'llm_call', ts: '2026-01-01T00:00:00Z' }),
    );
    await new Promise((r) => setTimeout(r, 20));
    writeFileSync(
      join(dir, 'b.log'),
      line({
        ctx: { sid: 's1' },
        svc: 'bot',
        kind: 'llm_call',
        ts: '2026-01-02T00:00:00Z',
        in: 'hi',
      }) +
        '\n' +
        '{"ctx":{"sid":"partial"', // a line still being written
    );
    const result = await testSource(app.store, source.source_id, {
      dataDir: data.dir,
      baseUrl: 'http://unused',
    });
    expect(result).toMatchObject({
      ok: true,
      files: [join(dir, 'a.log'), join(dir, 'b.log')],
      sessions: [{ session_id: 's1', agent: 'bot', events: [{ type: 'llm_call', prompt: 'hi' }] }],
    });
  });

  it('fails when nothing matches, or the last line lacks what the format needs', async () => {
    const none = add('logfile', { endpoint: join(data.dir, 'nothing', '*.log') }).source;
    const r1 = await testSource(app.store, none.source_id, {
      dataDir: data.dir,
      baseUrl: 'http://unused',
    });
    expect(r1).toMatchObject({ ok: false, files: [] });
    expect(r1.reason).toContain('no file matches');
    const file = join(data.dir, 'one.log');
    const src = app.store.transact((tx) =>
      addSource(tx, data.dir, { type: 'logfile', name: 'one', endpoint: file }),
    ).source;
    const r2 = await testSource(app.store, src.source_id, {
      dataDir: data.dir,
      baseUrl: 'http://unused',
    });
    expect(r2.reason).toContain('does not exist');
    writeFileSync(file, line({ agent: 'a', type: 'llm_call', timestamp: '2026-01-01T00:00:00Z' }));
    const r3 = await testSource(app.store, src.source_id, {
      dataDir: data.dir,
      baseUrl: 'http://unused',
    });
    expect(r3.ok).toBe(false);
    expect(r3.reason).toContain('no session_id and agent');
    writeFileSync(file, '');
    const r4 = await testSource(app.store, src.source_id, {
      dataDir: data.dir,
      baseUrl: 'http://unused',
    });
    expect(r4).toMatchObject({ ok: true, event: null, sessions: [] });
  });
});
