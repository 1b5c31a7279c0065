// Issue 12, items 1 and 7 over REST: /api/v1/sources as `evid sources` does it, with the
// status codes and error bodies a client sees, against the built server.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runJson, tempDataDir } from '../support/cli.js';
import { api, startServer, type RunningServer } from '../support/server.js';
import { appendThroughSource, sourceSession } from '../support/source-events.js';
import { withDb } from '../support/tamper.js';

const store = tempDataDir('evid-sources-rest-');
let server: RunningServer;
const keys: Record<string, string> = {};

beforeAll(async () => {
  for (const role of ['viewer', 'ingest'])
    keys[role] = (
      await runJson<{ key: string }>(
        'evid',
        ['admin', 'keys', 'create', '--name', role, '--role', role],
        { dataDir: store.dir },
      )
    ).data.key;
  server = await startServer({ dataDir: store.dir });
}, 60_000);
afterAll(async () => {
  await server.stop();
  store.cleanup();
});

const errorBody = {
  error: {
    code: expect.any(Number),
    message: expect.any(String),
    details: expect.any(String),
    request_id: expect.any(String),
  },
};

describe('POST /api/v1/sources', () => {
  it('201 with the credential once, where to send it, and a Location; the answer is not kept for replays', async () => {
    const r = await api(server.url, '/api/v1/sources', {
      method: 'POST',
      body: { type: 'otel', name: 'rest-otel' },
      headers: { 'idempotency-key': 'add-1' },
    });
    expect(r.status).toBe(201);
    expect(r.headers.get('location')).toBe(`/api/v1/sources/${r.body.source.source_id}`);
    expect(r.headers.get('cache-control')).toBe('no-store');
    expect(r.body.credential).toMatchObject({
      kind: 'token',
      value: expect.stringMatching(/^evk_/),
    });
    expect(r.body.connect).toEqual({
      url: `${server.url}/v1/traces`,
      header: 'Authorization: Bearer <token>',
    });
    expect(r.body.source).toMatchObject({
      type: 'otel',
      name: 'rest-otel',
      status: 'never',
      created_by: 'api:env:EVID_API_KEY',
    });
    // The credential exists only in that answer: not in the idempotency cache, and a retry
    // is a conflict on the name, not a second copy of the token.
    const cached = withDb(store.dir, (db) =>
      db.prepare("SELECT COUNT(*) AS n FROM idempotency WHERE response_body LIKE '%evk_%'").get(),
    );
    expect(cached).toEqual({ n: 0 });
    const retry = await api(server.url, '/api/v1/sources', {
      method: 'POST',
      body: { type: 'otel', name: 'rest-otel' },
      headers: { 'idempotency-key': 'add-1' },
    });
    expect(retry.status).toBe(409);
    expect(retry.text).not.toContain(r.body.credential.value);
    const listed = await api(server.url, '/api/v1/sources');
    expect(listed.text).not.toContain(r.body.credential.value);
  });

  it('a webhook source gets its secret and URL, a log file source its format', async () => {
    const hook = await api(server.url, '/api/v1/sources', {
      method: 'POST',
      body: { type: 'webhook', name: 'rest-hook' },
    });
    expect(hook.status).toBe(201);
    expect(hook.body.credential.value).toMatch(/^whsec_/);
    expect(hook.body.connect.url).toBe(
      `${server.url}/api/v1/sources/${hook.body.source.source_id}/events`,
    );
    const format = { session: 'a.b', agent: 'svc', type: 'k', timestamp: 'ts', prompt: 'in' };
    const file = await api(server.url, '/api/v1/sources', {
      method: 'POST',
      body: {
        type: 'logfile',
        name: 'rest-log',
        endpoint: '/var/log/x/*.log',
        options: { format },
      },
    });
    expect(file.status).toBe(201);
    expect(file.body).toMatchObject({
      credential: null,
      connect: { url: null, path: '/var/log/x/*.log' },
      source: { options: { format } },
    });
  });

  it.each([
    [{ name: 'x' }, 'type', 'is required'],
    [{ type: 'kafka', name: 'x' }, 'type', 'must be one of otel, webhook, logfile, gateway'],
    [{ type: 'otel' }, 'name', 'is required'],
    [{ type: 'otel', name: '' }, 'name', 'must not be empty'],
    [{ type: 'otel', name: '   ' }, 'name', 'must be 1 to 100 printable characters'],
    [{ type: 'otel', name: 'x', colour: 'red' }, 'colour', 'is not a known parameter'],
    [{ type: 'gateway', name: 'g' }, 'endpoint', 'is required for a gateway source'],
    [{ type: 'gateway', name: 'g', endpoint: 'file:///etc' }, 'endpoint', 'must be an http(s) URL'],
    [{ type: 'logfile', name: 'l', endpoint: 'rel/a.log' }, 'endpoint', 'must be an absolute path'],
    [
      { type: 'logfile', name: 'l', endpoint: '/a', options: { format: 'csv' } },
      'options.format',
      'expected ndjson or a JSON object',
    ],
    [
      { type: 'logfile', name: 'l', endpoint: '/a', options: { format: { session: 's' } } },
      'options.format.agent',
      'is required',
    ],
    [
      { type: 'otel', name: 'o', options: { timeout_ms: 10 } },
      'options.timeout_ms',
      'is not an option of an otel source',
    ],
    [
      { type: 'gateway', name: 'g', endpoint: 'http://u/v1', options: { timeout_ms: 0 } },
      'options.timeout_ms',
      'must be >= 1',
    ],
    [
      { type: 'gateway', name: 'g', endpoint: 'http://u/v1', options: { fail_closed: 'yes' } },
      'options.fail_closed',
      'must be boolean',
    ],
  ])('%j: 400 naming %s', async (body, field, rule) => {
    const before = withDb(store.dir, (db) => db.prepare('SELECT COUNT(*) AS n FROM sources').get());
    const r = await api(server.url, '/api/v1/sources', { method: 'POST', body });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject(errorBody);
    expect(r.body.error.details).toBe(`${field}: ${r.body.error.details.slice(field.length + 2)}`);
    expect(r.body.error.details).toContain(rule);
    expect(
      withDb(store.dir, (db) => db.prepare('SELECT COUNT(*) AS n FROM sources').get()),
    ).toEqual(before);
  });

  it('403 for a viewer or an ingest key; 401 without a credential', async () => {
    for (const role of ['viewer', 'ingest']) {
      const r = await api(server.url, '/api/v1/sources', {
        method: 'POST',
        key: keys[role]!,
        body: { type: 'otel', name: `by-${role}` },
      });
      expect(r.status).toBe(403);
      expect(r.body.error.details).toContain(`role ${role} may not`);
    }
    const anon = await api(server.url, '/api/v1/sources', { key: null });
    expect(anon.status).toBe(401);
    // A viewer reads them.
    expect((await api(server.url, '/api/v1/sources', { key: keys.viewer! })).status).toBe(200);
  });
});

describe('GET and DELETE /api/v1/sources/{id}', () => {
  it('reads one source and the list; 404 for an unknown id', async () => {
    const created = await api(server.url, '/api/v1/sources', {
      method: 'POST',
      body: {
        type: 'gateway',
        name: 'rest-gw',
        endpoint: 'http://127.0.0.1:9/v1',
        options: { fail_closed: true },
      },
    });
    const id = created.body.source.source_id as string;
    const one = await api(server.url, `/api/v1/sources/${id}`, { key: keys.viewer! });
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({
      source_id: id,
      type: 'gateway',
      options: { fail_closed: true },
    });
    expect(one.body.credential).toBeUndefined();
    const list = await api(server.url, '/api/v1/sources');
    expect(list.body.total).toBe(list.body.sources.length);
    expect(list.body.sources.map((s: { source_id: string }) => s.source_id)).toContain(id);
    const missing = await api(server.url, '/api/v1/sources/src_nope');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject(errorBody);
  });

  it('DELETE with purge=true blanks its events, revokes its token (401 at once) and is ledgered with the caller', async () => {
    const created = await api(server.url, '/api/v1/sources', {
      method: 'POST',
      body: { type: 'otel', name: 'rest-purge' },
    });
    const source = created.body.source;
    appendThroughSource(store.dir, source, [sourceSession('s-rest-purge', 'bot', 2)]);
    expect((await api(server.url, `/api/v1/sources/${source.source_id}`)).body.event_count).toBe(2);
    expect(
      (
        await api(server.url, `/api/v1/sources/${source.source_id}?purge=maybe`, {
          method: 'DELETE',
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await api(server.url, `/api/v1/sources/${source.source_id}`, {
          method: 'DELETE',
          key: keys.viewer!,
        })
      ).status,
    ).toBe(403);
    const r = await api(server.url, `/api/v1/sources/${source.source_id}?purge=true`, {
      method: 'DELETE',
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ source_id: source.source_id, purged_events: 2 });
    expect((await api(server.url, `/api/v1/sources/${source.source_id}`)).status).toBe(404);
    expect(
      (await api(server.url, `/api/v1/sources/${source.source_id}`, { method: 'DELETE' })).status,
    ).toBe(404);
    const token = created.body.credential.value as string;
    expect((await api(server.url, '/api/v1/traces', { key: token })).status).toBe(401);
    const prompts = withDb(store.dir, (db) =>
      db.prepare('SELECT prompt FROM events WHERE source_id = ?').all(source.source_id),
    );
    expect(prompts).toEqual([{ prompt: null }, { prompt: null }]);
    const ledger = withDb(store.dir, (db) =>
      db
        .prepare("SELECT actor FROM ledger WHERE kind = 'source.removed' AND subject_id = ?")
        .all(source.source_id),
    );
    expect(ledger).toEqual([{ actor: 'api:env:EVID_API_KEY' }]);
    const v = await runJson<{ ok: boolean; message: string }>('audit', ['verify'], {
      dataDir: store.dir,
    });
    expect(v.data.ok, v.data.message).toBe(true);
  });

  it('DELETE without purge keeps the content', async () => {
    const created = await api(server.url, '/api/v1/sources', {
      method: 'POST',
      body: { type: 'webhook', name: 'rest-keep' },
    });
    const source = created.body.source;
    appendThroughSource(store.dir, source, [sourceSession('s-rest-keep', 'bot', 1)]);
    const r = await api(server.url, `/api/v1/sources/${source.source_id}`, { method: 'DELETE' });
    expect(r.body).toMatchObject({ purged_events: 0 });
    const prompts = withDb(store.dir, (db) =>
      db.prepare('SELECT prompt FROM events WHERE source_id = ?').all(source.source_id),
    );
    expect(prompts).toEqual([{ prompt: 'secret question 0 of s-rest-keep' }]);
  });
});

describe('POST /api/v1/sources/{id}/test', () => {
  it('a log file: 200 {ok: true} with the mapped event; a bad last line: 200 {ok: false} saying why', async () => {
    const path = join(store.dir, 'rest.jsonl');
    writeFileSync(
      path,
      `${JSON.stringify({ session_id: 's', agent: 'a', type: 'tool_call', timestamp: '2026-11-25T00:00:00Z' })}\n`,
    );
    const created = await api(server.url, '/api/v1/sources', {
      method: 'POST',
      body: { type: 'logfile', name: 'rest-test-log', endpoint: path },
    });
    const id = created.body.source.source_id as string;
    const ok = await api(server.url, `/api/v1/sources/${id}/test`, { method: 'POST', body: {} });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ ok: true, reason: null, event: { type: 'tool_call' } });
    writeFileSync(path, 'not json\n', { flag: 'a' });
    const bad = await api(server.url, `/api/v1/sources/${id}/test`, { method: 'POST', body: {} });
    expect(bad.status).toBe(200);
    expect(bad.body).toMatchObject({ ok: false, event: null });
    expect(bad.body.reason).toContain('the line is not JSON');
  });

  it('a receiver source: a real round trip to this server, with the caller as credential', async () => {
    const created = await api(server.url, '/api/v1/sources', {
      method: 'POST',
      body: { type: 'otel', name: 'rest-test-otel' },
    });
    const id = created.body.source.source_id as string;
    const r = await api(server.url, `/api/v1/sources/${id}/test`, { method: 'POST', body: {} });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ source_id: id, credential: 'EVID_API_KEY' });
    expect(r.body.target).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1\/traces$/);
    // Whether the OTLP receiver is served or not, the answer says so and stores nothing.
    if (!r.body.ok) expect(r.body.reason).toEqual(expect.any(String));
    else expect(r.body).toMatchObject({ authenticated: true, event: expect.any(Object) });
    expect(r.body.latency_ms).toEqual(expect.any(Number));
    const stored = withDb(store.dir, (db) =>
      db.prepare("SELECT COUNT(*) AS n FROM traces WHERE session_id = 'evid-sources-test'").get(),
    );
    expect(stored).toEqual({ n: 0 });
  });

  it('404 for an unknown source; 403 for a viewer; 400 for an unknown field', async () => {
    expect(
      (await api(server.url, '/api/v1/sources/src_nope/test', { method: 'POST', body: {} })).status,
    ).toBe(404);
    const created = await api(server.url, '/api/v1/sources', {
      method: 'POST',
      body: { type: 'webhook', name: 'rest-test-403' },
    });
    const id = created.body.source.source_id as string;
    expect(
      (
        await api(server.url, `/api/v1/sources/${id}/test`, {
          method: 'POST',
          key: keys.viewer!,
          body: {},
        })
      ).status,
    ).toBe(403);
    const extra = await api(server.url, `/api/v1/sources/${id}/test`, {
      method: 'POST',
      body: { url: 'http://evil' },
    });
    expect(extra.status).toBe(400);
    expect(extra.body.error.details).toBe('url: is not a known parameter');
  });
});

describe('the OpenAPI document', () => {
  it('lists the sources routes with their permissions', async () => {
    const doc = (await api(server.url, '/api/v1/openapi.json')).body;
    expect(doc.paths['/api/v1/sources'].get['x-evid-permission']).toBe('read');
    expect(doc.paths['/api/v1/sources'].post['x-evid-permission']).toBe('admin');
    expect(
      doc.paths['/api/v1/sources'].post.requestBody.content['application/json'].schema.properties
        .type.enum,
    ).toEqual(['otel', 'webhook', 'logfile', 'gateway']);
    expect(
      doc.paths['/api/v1/sources/{id}'].delete.parameters.map((p: { name: string }) => p.name),
    ).toContain('purge');
    expect(doc.paths['/api/v1/sources/{id}/test'].post).toBeDefined();
  });
});
