import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseShapes, checkedCall } from '../support/response-shapes.js';
import { tempDataDir } from '../support/cli.js';
import {
  ADMIN_KEY,
  api,
  startServer,
  trace,
  type Loose,
  type RunningServer,
} from '../support/server.js';

/**
 * The webhook receiver's answers, the error body's `kill_switch` member, and the 404 of
 * every route with an id in its path, against what the built server really answers: each
 * answer is checked against the served /api/v1/openapi.json as the admin routes' test does
 * (documented status, valid body, closed objects refuse keys they do not list), and the
 * receiver's 2xx schemas must have had every property they declare turn up.
 */
const RECEIVER = '/api/v1/sources/{id}/events';

let store: { dir: string; cleanup(): void };
let server: RunningServer;
let shapes: ResponseShapes;
let source: string;
let secret: string;
let otelSource: string;
const problems: string[] = [];

function signature(body: string, key = secret): string {
  const t = Math.floor(Date.now() / 1000);
  return `t=${t},v1=${createHmac('sha256', key).update(`${t}.${body}`).digest('hex')}`;
}

/** A signed delivery (no Authorization header), its answer checked against the document. */
async function deliver(
  payload: unknown,
  options: { to?: string; dryRun?: boolean; sig?: string | null } = {},
): Promise<{ status: number; body: Loose }> {
  const raw = JSON.stringify(payload);
  const sig = options.sig === undefined ? signature(raw) : options.sig;
  const r = await api(server.url, `/api/v1/sources/${options.to ?? source}/events`, {
    method: 'POST',
    key: null,
    raw,
    headers: {
      ...(sig === null ? {} : { 'x-evid-signature': sig }),
      ...(options.dryRun ? { 'x-evid-dry-run': '1' } : {}),
    },
  });
  problems.push(...shapes.check('POST', RECEIVER, r.status, r.body));
  return r;
}

async function call(
  method: string,
  documented: string,
  path: string,
  options: { body?: unknown; headers?: Record<string, string>; key?: string | null } = {},
): Promise<{ status: number; body: Loose }> {
  return checkedCall(shapes, problems, server.url, method, documented, path, options);
}

const ev = (session: string, agent: string, i: number) => ({
  session_id: session,
  agent,
  type: 'llm_call',
  prompt: `question ${i}`,
  completion: `answer ${i}`,
  timestamp: new Date(Date.UTC(2026, 0, 2, 0, 0, i)).toISOString(),
});

beforeAll(async () => {
  store = tempDataDir('evid-receiver-shapes-');
  server = await startServer({ dataDir: store.dir });
  const doc = await api(server.url, '/api/v1/openapi.json');
  expect(doc.status).toBe(200);
  shapes = new ResponseShapes(doc.body);
  const hook = await api(server.url, '/api/v1/sources', {
    method: 'POST',
    body: { type: 'webhook', name: 'shapes-hook' },
  });
  expect(hook.status, JSON.stringify(hook.body)).toBe(201);
  source = hook.body.source.source_id;
  secret = hook.body.credential.value;
  const otel = await api(server.url, '/api/v1/sources', {
    method: 'POST',
    body: { type: 'otel', name: 'shapes-otel' },
  });
  otelSource = otel.body.source.source_id;
});
afterAll(async () => {
  await server?.stop();
  store?.cleanup();
});

describe('the webhook receiver answers what its response schemas say', () => {
  it('a dry run answers the mapped sessions (200) and stores nothing', async () => {
    const dry = await deliver(
      {
        session_id: 'sess_dry',
        agent: 'hook-bot',
        framework: 'langchain',
        environment: 'prod',
        events: [ev('sess_dry', 'hook-bot', 0)],
      },
      { dryRun: true },
    );
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    expect(dry.body.sessions[0]).toMatchObject({
      session_id: 'sess_dry',
      framework: 'langchain',
      attributes: { environment: 'prod' },
    });
    expect((await api(server.url, '/api/v1/traces/sess_dry')).status).toBe(404);
  });

  it('stores (202), counts a redelivery as duplicates, lists a refused session apart', async () => {
    const first = await deliver([ev('sess_a', 'hook-bot', 0), ev('sess_a', 'hook-bot', 1)]);
    expect(first.status, JSON.stringify(first.body)).toBe(202);
    expect(first.body).toMatchObject({ accepted: 2, duplicates: 0 });
    expect(first.body.sessions[0].created).toBe(true);
    const again = await deliver([ev('sess_a', 'hook-bot', 0), ev('sess_a', 'hook-bot', 1)]);
    expect(again.body).toMatchObject({ accepted: 0, duplicates: 2 });
    const bad = { ...ev('sess_bad', 'hook-bot', 2), timestamp: 'yesterday' };
    const mixed = await deliver([ev('sess_b', 'hook-bot', 3), bad]);
    expect(mixed.status, JSON.stringify(mixed.body)).toBe(202);
    expect(mixed.body.rejected).toEqual([
      {
        session_id: 'sess_bad',
        error: { code: 400, type: 'validation', message: expect.stringContaining('timestamp') },
      },
    ]);
  });

  it('refuses: unsigned 401, unknown or non-webhook source 404, nothing storable 400', async () => {
    expect((await deliver([ev('s', 'a', 0)], { sig: null })).status).toBe(401);
    const unknown = await deliver([ev('s', 'a', 0)], { to: 'src_nope' });
    expect(unknown.status).toBe(404);
    expect((await deliver([ev('s', 'a', 0)], { to: otelSource })).status).toBe(404);
    expect((await deliver({ nothing: true })).status).toBe(400);
  });

  it('a 503 carries the kill switch that refused it, as the Error schema documents', async () => {
    const on = await api(server.url, '/api/v1/kill-switch/activate', {
      method: 'POST',
      body: { agent: 'stopped-bot', reason: 'schema test' },
    });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    try {
      const hook = await deliver([ev('sess_stop', 'stopped-bot', 0)]);
      expect(hook.status).toBe(503);
      expect(hook.body.error.kill_switch).toEqual({
        scope: 'agent',
        agent: 'stopped-bot',
        reason: 'schema test',
        actor: expect.any(String),
        since: expect.any(String),
      });
      const rest = await call('POST', '/api/v1/traces', '/api/v1/traces', {
        body: trace('sess_stop_rest', 'stopped-bot'),
      });
      expect(rest.status).toBe(503);
      expect(rest.body.error.kill_switch.scope).toBe('agent');
      // Stored in part: the stopped agent's session is listed with its refusal.
      const part = await deliver([ev('sess_go', 'hook-bot', 0), ev('sess_stop', 'stopped-bot', 1)]);
      expect(part.status).toBe(202);
      expect(part.body.rejected[0].error).toMatchObject({ code: 503, type: 'kill_switch_active' });
    } finally {
      await api(server.url, '/api/v1/kill-switch/deactivate', {
        method: 'POST',
        body: { agent: 'stopped-bot', reason: 'done' },
      });
    }
  });

  it('the kill_switch check is sensitive: a missing or an extra member breaks it', () => {
    const fresh = new ResponseShapes(shapes.doc);
    const error = { code: 503, message: 'Service Unavailable', details: 'd', request_id: 'r' };
    const state = { scope: 'global', agent: null, reason: 'x', actor: 'a', since: 't' };
    const at = (kill_switch: unknown) =>
      fresh.check('POST', '/api/v1/traces', 503, { error: { ...error, kill_switch } });
    expect(at(state)).toEqual([]);
    const { since: _s, ...partial } = state;
    expect(at(partial)).toEqual([expect.stringContaining("must have required property 'since'")]);
    expect(at({ ...state, retry_after: 60 })).toEqual([
      expect.stringContaining('must NOT have additional properties'),
    ]);
  });
});

describe('routes with an id in the path answer their documented 404', () => {
  const eventBody = { events: [{ type: 'llm_call', timestamp: '2026-01-02T00:00:00Z' }] };
  const cases: Array<
    [
      string,
      string,
      string,
      { body?: unknown; headers?: Record<string, string>; key?: string | null }?,
    ]
  > = [
    ['GET', '/api/v1/traces/{id}', '/api/v1/traces/tr_nope'],
    ['POST', '/api/v1/traces/{id}/events', '/api/v1/traces/tr_nope/events', { body: eventBody }],
    ['GET', '/api/v1/events/{id}', '/api/v1/events/ev_nope'],
    ['GET', '/api/v1/findings/{id}', '/api/v1/findings/f_nope'],
    ['PATCH', '/api/v1/findings/{id}', '/api/v1/findings/f_nope', { body: { status: 'closed' } }],
    ['GET', '/api/v1/reports/{id}', '/api/v1/reports/rep_nope'],
    ['GET', '/api/v1/reports/{filename}/download', '/api/v1/reports/nope.html/download'],
    ['GET', '/api/v1/exports/{pack_id}', '/api/v1/exports/pack_nope'],
    ['GET', '/api/v1/compliance/{regulation}/{agent}', '/api/v1/compliance/gdpr/nobody-bot'],
    ['GET', '/v1/executions/{id}', '/v1/executions/ex_nope'],
    ['POST', '/v1/executions/{id}/cancel', '/v1/executions/ex_nope/cancel'],
    ['GET', '/v1/alignment/evaluate/{id}', '/v1/alignment/evaluate/run_nope'],
    ['GET', '/v1/alignment/objectives/{id}', '/v1/alignment/objectives/set_nope'],
    ['GET', '/v1/analysis/safety/model/{id}', '/v1/analysis/safety/model/run_nope'],
    [
      'GET',
      '/gateway/{id}/v1/models',
      '/gateway/src_nope/v1/models',
      { key: null, headers: { 'x-evid-key': ADMIN_KEY } },
    ],
  ];
  it.each(cases)('%s %s', async (method, documented, path, options) => {
    const r = await call(method, documented, path, options);
    expect(r.status, JSON.stringify(r.body)).toBe(404);
    expect(r.body.error.type).toBe('not_found');
  });
});

describe('nothing broke its schema', () => {
  it('every answer was documented and valid; the receiver 2xx schemas were fully seen', () => {
    expect(problems).toEqual([]);
    const ops = [
      { method: 'POST', path: RECEIVER, status: '202' },
      { method: 'POST', path: RECEIVER, status: '200' },
    ];
    for (const { method, path, status } of ops) {
      expect(shapes.answered).toContain(`${method} ${path} ${status}`);
    }
    expect(shapes.unseen(ops)).toEqual([]);
  });
});
