import { APIError } from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runJson, tempDataDir } from '../support/cli.js';
import {
  addGatewaySource,
  closedUrl,
  gatewayClient,
  sessionEvents,
  UPSTREAM_KEY,
  type GatewaySource,
} from '../support/gateway.js';
import { ANSWER, startFakeUpstream, type FakeUpstream } from '../support/openai-upstream.js';
import { api, startServer, type RunningServer } from '../support/server.js';

// What the gateway answers when something goes wrong: the upstream down or silent, the kill
// switch on, a bad credential, a call that cannot be recorded. Never a 500.
let data: { dir: string; cleanup(): void };
let upstream: FakeUpstream;
let server: RunningServer;
const sources: Record<'main' | 'quick' | 'down' | 'closed', GatewaySource> = {} as never;

beforeAll(async () => {
  data = tempDataDir('evid-gateway-faults-');
  upstream = await startFakeUpstream();
  sources.main = addGatewaySource(data.dir, 'main-gw', upstream.url);
  sources.quick = addGatewaySource(data.dir, 'quick-gw', upstream.url, { timeout_ms: 300 });
  sources.down = addGatewaySource(data.dir, 'down-gw', await closedUrl());
  sources.closed = addGatewaySource(data.dir, 'closed-gw', upstream.url, { fail_closed: true });
  server = await startServer({ dataDir: data.dir });
});

afterAll(async () => {
  await server?.stop();
  await upstream?.close();
  data?.cleanup();
});

const chat = (source: GatewaySource, body: unknown, headers: Record<string, string> = {}) =>
  api(server.url, `/gateway/${source.id}/v1/chat/completions`, {
    method: 'POST',
    key: null,
    headers: { 'x-evid-key': source.token, authorization: `Bearer ${UPSTREAM_KEY}`, ...headers },
    body,
  });

const hello = (model = 'gpt-4o-mini') => ({
  model,
  messages: [{ role: 'user', content: 'hello' }],
});

async function sourceRow(id: string) {
  const app = (await import('../../src/context.js')).AppContext.fromEnv({ dataDir: data.dir });
  try {
    return app.store.read(
      (r) =>
        r
          .prepare('SELECT error_count, last_error, event_count FROM sources WHERE source_id = ?')
          .get(id) as { error_count: number; last_error: string | null; event_count: number },
    );
  } finally {
    app.close();
  }
}

describe('gateway: faults', () => {
  it('upstream down: 502 in the OpenAI error shape, recorded, counted against the source', async () => {
    const r = await chat(sources.down, hello(), { 'x-evid-session-id': 'sess_down' });
    expect(r.status).toBe(502);
    expect(r.body).toEqual({
      error: {
        message: expect.stringMatching(/^upstream unreachable: ECONNREFUSED/),
        type: 'upstream_error',
        code: 'upstream_unavailable',
      },
    });
    const events = await sessionEvents(server.url, 'sess_down');
    expect(events[0].attributes).toMatchObject({ status: null, error: r.body.error.message });
    expect((await sourceRow(sources.down.id)).error_count).toBe(1);
  });

  it('upstream silent longer than timeout_ms: 504, and the client library sees an APIError', async () => {
    const client = gatewayClient(server.url, sources.quick, { 'X-Evid-Session-Id': 'sess_hang' });
    const err = await client.chat.completions
      .create({ model: 'hang', messages: [{ role: 'user', content: 'hi' }] })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(APIError);
    expect((err as APIError).status).toBe(504);
    expect((err as APIError).code).toBe('upstream_timeout');
    const events = await sessionEvents(server.url, 'sess_hang');
    expect(events[0].attributes.error).toMatch(/sent nothing for 300 ms/);
  });

  it('a stream that stalls midway ends with an error event and is recorded as interrupted', async () => {
    const client = gatewayClient(server.url, sources.quick, { 'X-Evid-Session-Id': 'sess_stall' });
    const stream = await client.chat.completions.create({
      model: 'stall',
      messages: [{ role: 'user', content: 'hi' }],
      stream: true,
    });
    const text: string[] = [];
    const err = await (async () => {
      for await (const c of stream) text.push(c.choices[0]?.delta.content ?? '');
    })().catch((e: unknown) => e);
    expect(text.join('')).toBe('Hello! How');
    expect(err).toBeInstanceOf(APIError);
    expect(String((err as Error).message)).toMatch(/sent nothing for 300 ms/);
    const events = await sessionEvents(server.url, 'sess_stall');
    expect(events[0]).toMatchObject({
      completion: 'Hello! How',
      attributes: { interrupted: true, status: 200 },
    });
  });

  it('kill switch for the agent: 503 with Retry-After before any upstream call; lifted, calls go on', async () => {
    const on = await api(server.url, '/api/v1/kill-switch/activate', {
      method: 'POST',
      body: { agent: 'rogue-bot', reason: 'gateway test' },
    });
    expect(on.status).toBe(200);
    const before = upstream.seen.length;
    const r = await chat(sources.main, hello(), {
      'x-evid-agent': 'rogue-bot',
      'x-evid-session-id': 'sess_killed',
    });
    expect(r.status).toBe(503);
    expect(r.headers.get('retry-after')).toBe('60');
    expect(r.body.error).toMatchObject({ type: 'kill_switch_active', code: 'kill_switch_active' });
    expect(r.body.error.message).toMatch(/kill switch is active for agent rogue-bot/);
    expect(upstream.seen.length).toBe(before);
    expect(await sessionEvents(server.url, 'sess_killed')).toEqual([]);
    // Another agent on the same source is not stopped.
    expect((await chat(sources.main, hello(), { 'x-evid-agent': 'good-bot' })).status).toBe(200);

    await api(server.url, '/api/v1/kill-switch/deactivate', {
      method: 'POST',
      body: { agent: 'rogue-bot', reason: 'done' },
    });
    const after = await chat(sources.main, hello(), { 'x-evid-agent': 'rogue-bot' });
    expect(after.status).toBe(200);
    expect(after.body.choices[0].message.content).toBe(ANSWER);
  });

  it('a wrong key is 401 and another source\u2019s token 403, neither reaching the upstream', async () => {
    const before = upstream.seen.length;
    const wrong = await chat({ id: sources.main.id, token: 'evk_nope_0000000000000000' }, hello());
    expect(wrong.status).toBe(401);
    const missing = await chat({ id: sources.main.id, token: '' }, hello());
    expect(missing.status).toBe(401);
    const other = await chat({ id: sources.main.id, token: sources.quick.token }, hello());
    expect(other.status).toBe(403);
    const unknown = await chat({ id: 'src_unknown', token: sources.quick.token }, hello());
    expect(unknown.status).toBe(403);
    expect(upstream.seen.length).toBe(before);
  });

  it('a call that cannot be recorded: fail-open answers anyway, fail-closed answers 503', async () => {
    // A session id longer than 256 characters is refused by the ingest pipeline.
    const bad = { 'x-evid-session-id': 's'.repeat(300) };
    const open = await chat(sources.main, hello(), bad);
    expect(open.status).toBe(200);
    expect(open.body.choices[0].message.content).toBe(ANSWER);
    const mainRow = await sourceRow(sources.main.id);
    expect(mainRow.error_count).toBe(1);
    expect(mainRow.last_error).toMatch(/call not recorded: session_id/);

    const closed = await chat(sources.closed, hello(), bad);
    expect(closed.status).toBe(503);
    expect(closed.body.error).toMatchObject({ code: 'recording_failed' });

    const client = gatewayClient(server.url, sources.closed, {
      'X-Evid-Session-Id': 's'.repeat(300),
    });
    const stream = await client.chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'hello' }],
      stream: true,
    });
    const text: string[] = [];
    const err = await (async () => {
      for await (const c of stream) text.push(c.choices[0]?.delta.content ?? '');
    })().catch((e: unknown) => e);
    expect(text.join('')).toBe(ANSWER); // passed on as it came
    expect(err).toBeInstanceOf(APIError); // but the end says it was not recorded
    expect(String((err as Error).message)).toMatch(/could not be recorded/);
    expect((await sourceRow(sources.closed.id)).error_count).toBe(2);
  });

  it('an Idempotency-Key is the upstream\u2019s business: each call is forwarded, none waits on another', async () => {
    const before = upstream.seen.length;
    for (let i = 0; i < 2; i++) {
      const r = await chat(sources.main, hello(), { 'idempotency-key': 'same-key-1' });
      expect(r.status).toBe(200);
      expect(r.headers.get('idempotent-replayed')).toBeNull();
    }
    expect(upstream.seen.length).toBe(before + 2);
    expect(upstream.seen.at(-1)!.headers['idempotency-key']).toBe('same-key-1');
  });

  it('a streamed answer the client saw end is in the store even if the server is killed at once', async () => {
    const client = gatewayClient(server.url, sources.main, { 'X-Evid-Session-Id': 'sess_kill9' });
    const stream = await client.chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'hello' }],
      stream: true,
    });
    const text: string[] = [];
    for await (const c of stream) text.push(c.choices[0]?.delta.content ?? '');
    expect(text.join('')).toBe(ANSWER);
    server.child.kill('SIGKILL');
    await server.child;
    server = await startServer({ dataDir: data.dir });
    const events = await sessionEvents(server.url, 'sess_kill9');
    expect(events.map((e) => e.completion)).toEqual([ANSWER]);
  });

  it('audit verify passes after all of it', async () => {
    await server.stop();
    const verify = await runJson<{ ok: boolean }>('audit', ['verify'], { dataDir: data.dir });
    expect(verify.code).toBe(0);
    expect(verify.data.ok).toBe(true);
  });
});
