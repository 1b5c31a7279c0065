import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseShapes, checkedCall } from '../support/response-shapes.js';
import { tempDataDir } from '../support/cli.js';
import { closedUrl } from '../support/gateway.js';
import { api, type Loose, type RunningServer, startServer } from '../support/server.js';

/**
 * The answers the recording gateway and the OTLP receivers make themselves, against the
 * served /api/v1/openapi.json: a gateway dry run, and its failures in OpenAI's error shape
 * (502 upstream down, 504 upstream silent, 503 kill switch); an OTLP export's response,
 * dry run and partial success, and its refusals as google.rpc.Status. Each answer is
 * checked with ajv (documented status, valid body, closed objects refuse extra keys), and
 * every property those schemas declare must turn up.
 */
const CHAT = '/gateway/{id}/v1/chat/completions';
const MODELS = '/gateway/{id}/v1/models';

let store: { dir: string; cleanup(): void };
let server: RunningServer;
let shapes: ResponseShapes;
let silent: Server;
const held: Socket[] = [];
const problems: string[] = [];
const gateways: Record<string, { id: string; token: string }> = {};
let otelToken: string;

async function call(
  method: string,
  documented: string,
  path: string,
  options: { raw?: string; key?: string | null; headers?: Record<string, string> },
): Promise<{ status: number; body: Loose }> {
  return checkedCall(shapes, problems, server.url, method, documented, path, options);
}

async function addSource(body: Record<string, unknown>): Promise<{ id: string; token: string }> {
  const r = await api(server.url, '/api/v1/sources', { method: 'POST', body });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return { id: r.body.source.source_id, token: r.body.credential.value };
}

/** A chat completion through gateway `name` (its token in X-Evid-Key, as the gateway wants). */
function chat(name: string, headers: Record<string, string> = {}) {
  const gw = gateways[name]!;
  return call('POST', CHAT, `/gateway/${gw.id}/v1/chat/completions`, {
    key: null,
    raw: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] }),
    headers: { 'x-evid-key': gw.token, authorization: 'Bearer sk-upstream', ...headers },
  });
}

const hex = (n: number, c = 'a') => c.repeat(n * 2);
/** One OTLP/JSON export of a GenAI chat span; `traceId` all zeros makes it invalid. */
function export1(session: string, traceId = hex(16)): string {
  const start = BigInt(Date.UTC(2026, 0, 1)) * 1_000_000n;
  return JSON.stringify({
    resourceSpans: [
      {
        resource: { attributes: [{ key: 'service.name', value: { stringValue: 'otel-bot' } }] },
        scopeSpans: [
          {
            scope: { name: 'shapes' },
            spans: [
              {
                traceId,
                spanId: hex(8, 'b'),
                name: 'chat gpt-4o-mini',
                kind: 3,
                startTimeUnixNano: String(start),
                endTimeUnixNano: String(start + 1000n),
                attributes: [
                  { key: 'gen_ai.operation.name', value: { stringValue: 'chat' } },
                  { key: 'gen_ai.request.model', value: { stringValue: 'gpt-4o-mini' } },
                  { key: 'gen_ai.conversation.id', value: { stringValue: session } },
                ],
              },
            ],
          },
        ],
      },
    ],
  });
}

function otlp(path: '/v1/traces' | '/v1/logs', raw: string, headers: Record<string, string> = {}) {
  return call('POST', path, path, {
    key: otelToken,
    raw,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

beforeAll(async () => {
  store = tempDataDir('evid-gateway-shapes-');
  // An upstream that takes the connection and never answers: the gateway's 504.
  silent = createServer((socket) => held.push(socket));
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  const silentUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/v1`;
  server = await startServer({ dataDir: store.dir });
  const doc = await api(server.url, '/api/v1/openapi.json');
  expect(doc.status).toBe(200);
  shapes = new ResponseShapes(doc.body);
  const down = await closedUrl();
  gateways.down = await addSource({ type: 'gateway', name: 'gw-down', endpoint: down });
  gateways.silent = await addSource({
    type: 'gateway',
    name: 'gw-silent',
    endpoint: silentUrl,
    options: { timeout_ms: 1000 },
  });
  otelToken = (await addSource({ type: 'otel', name: 'shapes-otel' })).token;
});
afterAll(async () => {
  await server?.stop();
  for (const s of held) s.destroy();
  await new Promise((resolve) => silent?.close(resolve));
  store?.cleanup();
});

describe('the recording gateway answers what its response schemas say', () => {
  it('a dry run answers the session it would record (200); the model list records none', async () => {
    const dry = await chat('down', { 'x-evid-dry-run': '1', 'x-evid-session-id': 'sess_gw' });
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    expect(dry.body.sessions[0]).toMatchObject({ session_id: 'sess_gw' });
    const gw = gateways.down!;
    const models = await call('GET', MODELS, `/gateway/${gw.id}/v1/models`, {
      key: null,
      headers: { 'x-evid-key': gw.token, 'x-evid-dry-run': '1' },
    });
    expect(models.status).toBe(200);
    expect(models.body.sessions).toEqual([]);
  });

  it("upstream down 502, upstream silent 504, kill switch 503: OpenAI's error shape", async () => {
    const down = await chat('down');
    expect(down.status, JSON.stringify(down.body)).toBe(502);
    expect(down.body.error.code).toBe('upstream_unavailable');
    const timeout = await chat('silent');
    expect(timeout.status, JSON.stringify(timeout.body)).toBe(504);
    expect(timeout.body.error.code).toBe('upstream_timeout');
    const on = await api(server.url, '/api/v1/kill-switch/activate', {
      method: 'POST',
      body: { agent: 'gw-stopped', reason: 'schema test' },
    });
    expect(on.status).toBe(200);
    try {
      const stopped = await chat('down', { 'x-evid-agent': 'gw-stopped' });
      expect(stopped.status, JSON.stringify(stopped.body)).toBe(503);
      expect(stopped.body.error.type).toBe('kill_switch_active');
    } finally {
      await api(server.url, '/api/v1/kill-switch/deactivate', {
        method: 'POST',
        body: { agent: 'gw-stopped', reason: 'done' },
      });
    }
  });
});

describe('the OTLP receivers answer what their response schemas say', () => {
  it('an export lands ({}), a dry run maps it, a bad span is a partial success', async () => {
    const dry = await otlp('/v1/traces', export1('sess_otel_dry'), { 'x-evid-dry-run': '1' });
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    expect(dry.body).toMatchObject({ dry_run: true, skipped_spans: 0 });
    const landed = await otlp('/v1/traces', export1('sess_otel'));
    expect(landed.status).toBe(200);
    expect(landed.body).toEqual({});
    const partial = await otlp('/v1/traces', export1('sess_otel_bad', hex(16, '0')));
    expect(partial.status).toBe(200);
    expect(partial.body.partialSuccess.rejectedSpans).toBe('1');
    const logs = await otlp('/v1/logs', JSON.stringify({ resourceLogs: [] }));
    expect(logs.status, JSON.stringify(logs.body)).toBe(200);
    const logsDry = await otlp('/v1/logs', JSON.stringify({ resourceLogs: [] }), {
      'x-evid-dry-run': '1',
    });
    expect(logsDry.body).toMatchObject({ dry_run: true, skipped_log_records: 0 });
  });

  it('refuses as google.rpc.Status: no credential 401, a body that is not OTLP 400', async () => {
    const anonymous = await call('POST', '/v1/traces', '/v1/traces', {
      key: null,
      raw: export1('s'),
      headers: { 'content-type': 'application/json' },
    });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ code: 16, error: { code: 401 } });
    const bad = await otlp('/v1/traces', '{"resourceSpans": 7}');
    expect(bad.status, JSON.stringify(bad.body)).toBe(400);
    expect(bad.body.code).toBe(3);
  });
});

describe('nothing broke its schema', () => {
  it('every answer was documented and valid; the schemas these answers use were fully seen', () => {
    expect(problems).toEqual([]);
    const ops = [
      { method: 'POST', path: CHAT, status: '200' },
      { method: 'POST', path: CHAT, status: '502' },
      { method: 'POST', path: '/v1/traces', status: '200' },
      { method: 'POST', path: '/v1/traces', status: '401' },
      { method: 'POST', path: '/v1/logs', status: '200' },
    ];
    for (const { method, path, status } of ops) {
      expect(shapes.answered).toContain(`${method} ${path} ${status}`);
    }
    // The logs export answered {} only: its partialSuccess is the traces' one, renamed. A
    // mapped session's attributes come from a webhook delivery (receiver-response-schemas).
    const unseen = shapes
      .unseen(ops)
      .filter(
        (p) => !p.startsWith('ExportLogsServiceResponse') && p !== 'MappedSession.attributes',
      );
    expect(unseen).toEqual([]);
  });
});
