import { createHmac } from 'node:crypto';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppContext } from '../../src/context.js';
import { addSource } from '../../src/sources/manage.js';
import { runJson, tempDataDir } from '../support/cli.js';
import { api, startServer, type Loose, type RunningServer } from '../support/server.js';

// Issue 12, item 4: the signed webhook receiver, POST /api/v1/sources/{id}/events.

const store = tempDataDir('evid-webhook-');
let server: RunningServer;
let source: string;
let secret: string;
let otelSource: string;

beforeAll(async () => {
  const app = AppContext.fromEnv({ dataDir: store.dir, env: { EVID_ACTOR: 'cli:test' } });
  const added = app.store.transact((tx) =>
    addSource(tx, store.dir, { type: 'webhook', name: 'hooks' }),
  );
  source = added.source.source_id;
  secret = added.credential!.value;
  otelSource = app.store.transact((tx) => addSource(tx, store.dir, { type: 'otel', name: 'otel' }))
    .source.source_id;
  app.close();
  server = await startServer({ dataDir: store.dir });
});
afterAll(async () => {
  await server.stop();
  store.cleanup();
});

const now = () => Math.floor(Date.now() / 1000);

function signature(body: string, t = now(), key = secret): string {
  return `t=${t},v1=${createHmac('sha256', key).update(`${t}.${body}`).digest('hex')}`;
}

/** A delivery as a sender makes it: the raw body, signed, with no Authorization header. */
function deliver(
  body: string,
  options: {
    sig?: string | null;
    type?: string;
    to?: string;
    headers?: Record<string, string>;
  } = {},
) {
  const sig = options.sig === undefined ? signature(body) : options.sig;
  return api(server.url, `/api/v1/sources/${options.to ?? source}/events`, {
    method: 'POST',
    key: null,
    raw: body,
    headers: {
      'content-type': options.type ?? 'application/json',
      ...(sig === null ? {} : { 'x-evid-signature': sig }),
      ...options.headers,
    },
  });
}

const ev = (session: string, i: number, extra: Record<string, unknown> = {}) => ({
  session_id: session,
  agent: 'hook-bot',
  type: 'llm_call',
  prompt: `question ${i}`,
  completion: `answer ${i}`,
  timestamp: new Date(Date.UTC(2026, 0, 2, 0, 0, i)).toISOString(),
  ...extra,
});

async function eventCount(session: string): Promise<number> {
  const got = await api(server.url, `/api/v1/traces/${session}`);
  return got.status === 200 ? (got.body.event_count as number) : 0;
}

describe('webhook receiver: signed deliveries', () => {
  it('stores a signed trace (202), and a redelivery re-signed later adds nothing', async () => {
    const body = JSON.stringify({
      session_id: 'wh_trace',
      agent: 'hook-bot',
      framework: 'n8n',
      events: [ev('x', 0), ev('x', 1, { prompt: 'write to dana.kowalski@mailbox.org' })].map(
        ({ session_id: _s, agent: _a, ...e }) => e,
      ),
    });
    const first = await deliver(body);
    expect(first.status).toBe(202);
    expect(first.body).toMatchObject({ accepted: 2, duplicates: 0, rejected: [] });
    expect(first.body.sessions[0]).toMatchObject({ session_id: 'wh_trace', created: true });
    expect(first.body.sessions[0].findings_generated).toBeGreaterThanOrEqual(1);

    const again = await deliver(body, { sig: signature(body, now() - 30) });
    expect(again.status).toBe(202);
    expect(again.body).toMatchObject({ accepted: 0, duplicates: 2 });
    expect(await eventCount('wh_trace')).toBe(2);

    const got = await api(server.url, '/api/v1/traces/wh_trace');
    expect(got.body.source).toBe('webhook');
    expect(got.body.events[0].source_id).toBe(source);
    expect(got.body.events[0].event_id).toMatch(/^wh_[0-9a-f]{40}$/);
  });

  it('stores one event, growing its session with the next', async () => {
    expect((await deliver(JSON.stringify(ev('wh_one', 0)))).body.accepted).toBe(1);
    const next = await deliver(JSON.stringify(ev('wh_one', 1, { event_id: 'client-id-1' })));
    expect(next.body.sessions[0]).toMatchObject({ created: false, events_ingested: 1 });
    const got = await api(server.url, '/api/v1/traces/wh_one');
    expect(got.body.event_count).toBe(2);
    expect(got.body.events.map((e: Loose) => e.event_id)).toContain('client-id-1');
  });

  it('stores NDJSON events of several sessions, and a redelivery split differently adds nothing', async () => {
    const lines = [ev('wh_nd_a', 0), ev('wh_nd_b', 0), ev('wh_nd_a', 1), ev('wh_nd_a', 1)].map(
      (e) => JSON.stringify(e),
    );
    const body = `${lines.join('\n')}\n`;
    const r = await deliver(body, { type: 'application/x-ndjson' });
    expect(r.status).toBe(202);
    // Two identical lines in one delivery are two events.
    expect(r.body).toMatchObject({ accepted: 4, duplicates: 0 });
    expect(r.body.sessions.map((s: Loose) => s.session_id)).toEqual(['wh_nd_a', 'wh_nd_b']);
    const tail = `${lines.slice(2).join('\n')}\n`;
    const retry = await deliver(`${lines.slice(0, 2).join('\n')}\n`, {
      type: 'application/x-ndjson',
    });
    expect(retry.body).toMatchObject({ accepted: 0, duplicates: 2 });
    // The two identical lines again, alone: still the same two events (occurrences 0 and 1).
    const rest = await deliver(tail, { type: 'application/x-ndjson' });
    expect(rest.body).toMatchObject({ accepted: 0, duplicates: 2 });
    expect(await eventCount('wh_nd_a')).toBe(3);
  });

  it('refuses bad JSON with 400 naming the line, and stores nothing of the delivery', async () => {
    const body = `${JSON.stringify(ev('wh_bad', 0))}\n{"session_id": "wh_bad",\n`;
    const r = await deliver(body, { type: 'application/x-ndjson' });
    expect(r.status).toBe(400);
    expect(r.body.error.details).toMatch(/^line 2: malformed JSON/);
    expect(r.body.error.request_id).toMatch(/^req_/);
    const invalid = await deliver(JSON.stringify(ev('wh_bad', 1, { timestamp: 'yesterday' })));
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.details).toMatch(/timestamp/);
    expect(await eventCount('wh_bad')).toBe(0);
    const listed = await api(server.url, '/api/v1/openapi.json');
    expect(listed.body.paths['/api/v1/sources/{id}/events'].post).toBeDefined();
  });
});

describe('webhook receiver: refusals', () => {
  const body = JSON.stringify(ev('wh_refused', 0));

  // Signatures are made when the test runs (the secret exists only then).
  it.each([
    ['a missing signature', () => null, /missing signature/],
    ['a wrong signature', () => signature(body, now(), 'whsec_wrong'), /does not match/],
    ['a malformed header', () => 'v1=abc', /malformed signature/],
    ['a stale timestamp', () => signature(body, now() - 6 * 60), /s old/],
    ['a timestamp in the future', () => signature(body, now() + 6 * 60), /in the future/],
  ])('answers 401 for %s and stores nothing', async (_what, sig, message) => {
    const r = await deliver(body, { sig: sig() });
    expect(r.status).toBe(401);
    expect(r.body.error.code).toBe(401);
    expect(r.body.error.details).toMatch(message);
    expect(await eventCount('wh_refused')).toBe(0);
  });

  it('answers 401 for a body altered after signing', async () => {
    const sig = signature(body);
    const altered = body.replace('question 0', 'question 1');
    expect((await deliver(altered, { sig })).status).toBe(401);
    expect(await eventCount('wh_refused')).toBe(0);
  });

  it('accepts a header with several v1 values when one matches (secret rotation)', async () => {
    const t = now();
    const old = signature(body, t, 'whsec_old').split(',')[1]!;
    const r = await deliver(body, { sig: `t=${t},${old},${signature(body, t).split(',')[1]}` });
    expect(r.status).toBe(202);
  });

  it('answers 404 for an unknown source and for a source of another type', async () => {
    const unknown = await deliver(body, { to: 'src_01UNKNOWN' });
    expect(unknown.status).toBe(404);
    expect((await deliver(body, { to: otelSource })).status).toBe(404);
  });

  it('ignores a Bearer key: the signature is the only credential', async () => {
    const r = await api(server.url, `/api/v1/sources/${source}/events`, {
      method: 'POST',
      raw: JSON.stringify(ev('wh_bearer', 0)),
    });
    expect(r.status).toBe(401);
    expect(await eventCount('wh_bearer')).toBe(0);
  });

  it('answers 503 with Retry-After while the kill switch stops the agent', async () => {
    const on = await api(server.url, '/api/v1/kill-switch/activate', {
      method: 'POST',
      body: { agent: 'halted-hook', reason: 'test' },
    });
    expect(on.status).toBeLessThan(300);
    const r = await deliver(JSON.stringify(ev('wh_halted', 0, { agent: 'halted-hook' })));
    expect(r.status).toBe(503);
    expect(r.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await eventCount('wh_halted')).toBe(0);
  });

  it('answers 413 for a body over the limit, from its Content-Length', async () => {
    const big = Buffer.from(JSON.stringify(ev('wh_big', 0, { prompt: 'x'.repeat(12 << 20) })));
    // Headers only (see server-limits.test.ts): writing 12 MB into a socket the server is
    // closing races into EPIPE; the body follows only if no answer came.
    const { hostname, port } = new URL(server.url);
    const status = await new Promise<number>((resolve, reject) => {
      let answered = false;
      const req = request(
        {
          host: hostname,
          port,
          method: 'POST',
          path: `/api/v1/sources/${source}/events`,
          headers: {
            'content-type': 'application/json',
            'content-length': big.length,
            'x-evid-signature': signature(big.toString()),
          },
        },
        (res) => {
          answered = true;
          res.resume();
          res.on('end', () => {
            resolve(res.statusCode ?? 0);
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
    expect(status).toBe(413);
  });
});

describe('webhook receiver: dry run and the ledger', () => {
  it('X-Evid-Dry-Run: 1 authenticates and maps, stores nothing, answers 200', async () => {
    const body = JSON.stringify(ev('wh_dry', 0));
    const r = await deliver(body, { headers: { 'x-evid-dry-run': '1' } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ dry_run: true, source_id: source, authenticated_as: source });
    expect(r.body.sessions).toEqual([
      {
        session_id: 'wh_dry',
        agent: 'hook-bot',
        events: [{ event_id: expect.stringMatching(/^wh_/), ...JSON.parse(body) }].map(
          ({ session_id: _s, agent: _a, ...e }) => e,
        ),
      },
    ]);
    expect(await eventCount('wh_dry')).toBe(0);
    const unsigned = await deliver(body, { sig: null, headers: { 'x-evid-dry-run': '1' } });
    expect(unsigned.status).toBe(401);
  });

  it('counts events on the source and leaves a store that audit verify proves', async () => {
    const app = AppContext.fromEnv({ dataDir: store.dir });
    const row = app.store.read(
      (r) =>
        r
          .prepare('SELECT event_count, error_count FROM sources WHERE source_id = ?')
          .get(source) as { event_count: number; error_count: number },
    );
    app.close();
    // 2 (trace) + 2 (one event, then the next) + 4 (NDJSON) + 1 (rotation) = 9.
    expect(row.event_count).toBe(9);
    expect(row.error_count).toBeGreaterThanOrEqual(2);
    const v = await runJson<{ ok: boolean }>('audit', ['verify'], { dataDir: store.dir });
    expect(v.data.ok).toBe(true);
  });
});
