import { OTLPTraceExporter as HttpJsonExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { OTLPTraceExporter as ProtoExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BasicTracerProvider, BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runJson } from '../support/cli.js';
import { startOtelSource, type OtelSourceServer } from '../support/otel-source.js';
import { api, type Loose, type RunningServer } from '../support/server.js';

// Issue 12, item 3: the official OTLP exporters on a real BasicTracerProvider with a
// BatchSpanProcessor are the client; what they send is what lands.

let otel: OtelSourceServer;
let store: { dir: string };
let server: RunningServer;
let token: string;
let sourceId: string;
let otlpUrl: string;

beforeAll(async () => {
  otel = await startOtelSource('evid-otel-', 'fleet');
  ({ store, server, token, sourceId } = otel);
  // The exporters use the second listener (--otlp-port); the REST checks the main one.
  otlpUrl = otel.otlpUrl;
});
afterAll(() => otel.stop());

type Exporter = ProtoExporter | HttpJsonExporter;

function provider(exporter: Exporter, service: string): BasicTracerProvider {
  return new BasicTracerProvider({
    resource: resourceFromAttributes({ 'service.name': service }),
    spanProcessors: [new BatchSpanProcessor(exporter, { scheduledDelayMillis: 50 })],
  });
}

const exporters: Array<[string, (headers: Record<string, string>) => Exporter]> = [
  ['protobuf', (headers) => new ProtoExporter({ url: otlpUrl, headers })],
  ['json', (headers) => new HttpJsonExporter({ url: otlpUrl, headers })],
];

describe.each(exporters)('the official OTLP %s exporter', (encoding, make) => {
  it('lands GenAI chat, tool and agent spans as events of their session; plain spans are skipped', async () => {
    const session = `conv_${encoding}`;
    const p = provider(make({ Authorization: `Bearer ${token}` }), 'support-bot');
    const tracer = p.getTracer('test-instrumentation');
    const agent = tracer.startSpan('invoke_agent support-bot', {
      attributes: {
        'gen_ai.operation.name': 'invoke_agent',
        'gen_ai.agent.name': 'support-bot',
        'gen_ai.conversation.id': session,
      },
    });
    agent.end();
    const chat = tracer.startSpan('chat gpt-4o-mini', {
      attributes: {
        'gen_ai.operation.name': 'chat',
        'gen_ai.provider.name': 'openai',
        'gen_ai.request.model': 'gpt-4o-mini',
        'gen_ai.response.model': 'gpt-4o-mini-2024-07-18',
        'gen_ai.conversation.id': session,
        'gen_ai.agent.name': 'support-bot',
        'gen_ai.usage.input_tokens': 42,
        'gen_ai.usage.output_tokens': 7,
        'gen_ai.input.messages': JSON.stringify([
          {
            role: 'user',
            parts: [{ type: 'text', content: 'email me at dana.kowalski@mailbox.org' }],
          },
        ]),
        'gen_ai.output.messages': JSON.stringify([
          {
            role: 'assistant',
            parts: [
              { type: 'text', content: 'Looking it up.' },
              { type: 'tool_call', id: 'call_1', name: 'crm_lookup', arguments: { q: 'dana' } },
            ],
          },
        ]),
      },
    });
    chat.end();
    const tool = tracer.startSpan('execute_tool crm_lookup', {
      attributes: {
        'gen_ai.operation.name': 'execute_tool',
        'gen_ai.tool.name': 'crm_lookup',
        'gen_ai.tool.call.id': 'call_1',
        'gen_ai.tool.call.arguments': '{"q":"dana"}',
        'gen_ai.tool.call.result': '{"customer":"Dana"}',
        'gen_ai.conversation.id': session,
        'gen_ai.agent.name': 'support-bot',
      },
    });
    tool.end();
    tracer.startSpan('GET /healthz', { attributes: { 'http.request.method': 'GET' } }).end();
    await p.forceFlush();
    // A later batch of the same conversation grows the same trace.
    const deprecated = tracer.startSpan('chat gpt-4o', {
      attributes: {
        'gen_ai.system': 'openai',
        'gen_ai.request.model': 'gpt-4o',
        'gen_ai.usage.prompt_tokens': 3,
        'gen_ai.usage.completion_tokens': 4,
        'gen_ai.prompt.0.role': 'user',
        'gen_ai.prompt.0.content': 'and the invoice?',
        'gen_ai.completion.0.role': 'assistant',
        'gen_ai.completion.0.content': 'Sent.',
        'gen_ai.conversation.id': session,
        'gen_ai.agent.name': 'support-bot',
      },
    });
    deprecated.end();
    await p.shutdown();

    const got = await api(server.url, `/api/v1/traces/${session}`);
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({ agent: 'support-bot', source: 'otel', event_count: 5 });
    const events = got.body.events as Loose[];
    expect(events.map((e) => e.type)).toEqual([
      'agent_step',
      'llm_call',
      'tool_call', // the call the model asked for
      'tool_call', // the tool's own span
      'llm_call',
    ]);
    expect(events.every((e) => e.source_id === sourceId)).toBe(true);
    const [, llm, asked, ran, old] = events;
    expect(llm).toMatchObject({
      model: 'gpt-4o-mini-2024-07-18',
      tokens_prompt: 42,
      tokens_completion: 7,
      prompt: 'user: email me at dana.kowalski@mailbox.org',
    });
    expect(llm!.completion).toContain('assistant: Looking it up.');
    expect(asked).toMatchObject({ prompt: '{"q":"dana"}' });
    expect(asked!.attributes.tool_name).toBe('crm_lookup');
    expect(ran).toMatchObject({ prompt: '{"q":"dana"}', completion: '{"customer":"Dana"}' });
    expect(old).toMatchObject({
      model: 'gpt-4o',
      tokens_prompt: 3,
      tokens_completion: 4,
      prompt: 'user: and the invoice?',
      completion: 'assistant: Sent.',
    });
    expect(llm!.attributes.otel.span_id).toMatch(/^[0-9a-f]{16}$/);
    // The detectors ran on what arrived.
    expect(got.body.findings.map((f: { type: string }) => f.type)).toContain('pii.email');
  });
});

describe('OTLP receiver', () => {
  it('maps OpenInference spans and counts spans that carry no AI attribute', async () => {
    const p = provider(
      new ProtoExporter({ url: otlpUrl, headers: { Authorization: `Bearer ${token}` } }),
      'oi-app',
    );
    const tracer = p.getTracer('openinference');
    tracer
      .startSpan('ChatCompletion', {
        attributes: {
          'openinference.span.kind': 'LLM',
          'llm.model_name': 'claude-3-5-sonnet',
          'llm.token_count.prompt': 11,
          'llm.token_count.completion': 5,
          'llm.input_messages.0.message.role': 'user',
          'llm.input_messages.0.message.content': 'summarise the ticket',
          'llm.output_messages.0.message.role': 'assistant',
          'llm.output_messages.0.message.content': 'Done.',
          'session.id': 'oi_session',
        },
      })
      .end();
    await p.shutdown();
    const got = await api(server.url, '/api/v1/traces/oi_session');
    expect(got.body).toMatchObject({ agent: 'oi-app', framework: 'openinference' });
    expect(got.body.events[0]).toMatchObject({
      type: 'llm_call',
      model: 'claude-3-5-sonnet',
      tokens_prompt: 11,
      prompt: 'user: summarise the ticket',
      completion: 'assistant: Done.',
    });
    const list = await runJson<Array<{ source_id: string; skipped_count: number }>>(
      'evid',
      ['sources', 'list'],
      { dataDir: store.dir },
    );
    // The two /healthz spans of the exporter tests.
    expect(list.data.find((s) => s.source_id === sourceId)!.skipped_count).toBe(2);
  });

  const json = (body: unknown, headers: Record<string, string> = {}) =>
    api(server.url, '/v1/traces', {
      method: 'POST',
      key: token,
      raw: typeof body === 'string' ? body : JSON.stringify(body),
      headers,
    });

  it('answers the statuses an exporter understands, with a google.rpc.Status body', async () => {
    const bad = await json('{"resourceSpans": [', { 'content-type': 'application/json' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 3, message: expect.stringContaining('malformed JSON') });
    const proto = await api(server.url, '/v1/traces', {
      method: 'POST',
      key: token,
      raw: Buffer.from([0x0a, 0xff, 0xff, 0xff]),
      headers: { 'content-type': 'application/x-protobuf' },
    });
    expect(proto.status).toBe(400);
    expect(proto.headers.get('content-type')).toMatch(/application\/x-protobuf/);
    const text = await json('hello', { 'content-type': 'text/plain' });
    expect(text.status).toBe(415);
    const wrong = await api(server.url, '/v1/traces', {
      method: 'POST',
      key: 'evk_01ARZ3NDEKTSV4RRFFQ69G5FAV_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
      body: {},
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ code: 16 });
  });

  it('takes gzip, refuses a gzip bomb with 413, and reports a rejected span as a partial success', async () => {
    const { gzipSync } = await import('node:zlib');
    const span = (session: string, start: string) => ({
      traceId: '5b8efff798038103d269b633813fc60c',
      spanId: `eee19b7ec3c1b17${session.length % 10}`,
      name: 'chat',
      startTimeUnixNano: start,
      endTimeUnixNano: start,
      attributes: [
        { key: 'gen_ai.operation.name', value: { stringValue: 'chat' } },
        { key: 'gen_ai.conversation.id', value: { stringValue: session } },
      ],
    });
    const body = JSON.stringify({
      resourceSpans: [
        {
          resource: { attributes: [{ key: 'service.name', value: { stringValue: 'gz' } }] },
          scopeSpans: [{ spans: [span('gz_ok', '1767225600000000000')] }],
        },
      ],
    });
    const gz = await api(server.url, '/v1/traces', {
      method: 'POST',
      key: token,
      raw: gzipSync(body),
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
    });
    expect(gz.status).toBe(200);
    expect(gz.body).toEqual({});
    expect((await api(server.url, '/api/v1/traces/gz_ok')).body.event_count).toBe(1);

    const bomb = await api(server.url, '/v1/traces', {
      method: 'POST',
      key: token,
      raw: gzipSync(Buffer.alloc(64 * 1024 * 1024, 0x20)),
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
    });
    expect(bomb.status).toBe(413);

    // A session whose session id is too long to store is rejected; the rest lands.
    const partial = await api(server.url, '/v1/traces', {
      method: 'POST',
      key: token,
      body: {
        resourceSpans: [
          {
            scopeSpans: [
              {
                spans: [
                  span('x'.repeat(300), '1767225600000000000'),
                  span('gz_ok2', '1767225600000000000'),
                ],
              },
            ],
          },
        ],
      },
    });
    expect(partial.status).toBe(200);
    expect(partial.body.partialSuccess).toMatchObject({ rejectedSpans: '1' });
    expect(partial.body.partialSuccess.errorMessage).toMatch(/session_id/);
  });

  it('answers 503 with Retry-After while the kill switch is on, so the exporter retries', async () => {
    await api(server.url, '/api/v1/kill-switch/activate', {
      method: 'POST',
      body: { agent: 'halted', reason: 'test' },
    });
    const body = {
      resourceSpans: [
        {
          resource: { attributes: [{ key: 'service.name', value: { stringValue: 'halted' } }] },
          scopeSpans: [
            {
              spans: [
                {
                  traceId: '0af7651916cd43dd8448eb211c80319c',
                  spanId: 'b7ad6b7169203331',
                  name: 'chat',
                  startTimeUnixNano: '1767225600000000000',
                  endTimeUnixNano: '1767225600000000000',
                  attributes: [{ key: 'gen_ai.operation.name', value: { stringValue: 'chat' } }],
                },
              ],
            },
          ],
        },
      ],
    };
    const refused = await json(body, { 'content-type': 'application/json' });
    expect(refused.status).toBe(503);
    // Short enough for an SDK exporter to retry within its 10 s export timeout.
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(5);
    await api(server.url, '/api/v1/kill-switch/deactivate', {
      method: 'POST',
      body: { agent: 'halted', reason: 'done' },
    });
    // The retry lands once; a second retry adds nothing.
    expect((await json(body, { 'content-type': 'application/json' })).status).toBe(200);
    expect((await json(body, { 'content-type': 'application/json' })).status).toBe(200);
    const got = await api(server.url, '/api/v1/traces/otel_0af7651916cd43dd8448eb211c80319c');
    expect(got.body.event_count).toBe(1);
  });

  it('stores nothing on a dry run, and leaves a store audit verify proves', async () => {
    const dry = await api(server.url, '/v1/traces', {
      method: 'POST',
      key: token,
      headers: { 'x-evid-dry-run': '1' },
      body: {
        resourceSpans: [
          {
            scopeSpans: [
              {
                spans: [
                  {
                    traceId: '11111111111111111111111111111111',
                    spanId: '2222222222222222',
                    name: 'chat',
                    startTimeUnixNano: '1767225600000000000',
                    attributes: [
                      { key: 'gen_ai.operation.name', value: { stringValue: 'chat' } },
                      { key: 'gen_ai.conversation.id', value: { stringValue: 'dry_one' } },
                    ],
                  },
                ],
              },
            ],
          },
        ],
      },
    });
    expect(dry.status).toBe(200);
    expect(dry.body).toMatchObject({ dry_run: true, source_id: sourceId });
    expect(dry.body.sessions[0].session_id).toBe('dry_one');
    expect((await api(server.url, '/api/v1/traces/dry_one')).status).toBe(404);
    const v = await runJson<{ ok: boolean }>('audit', ['verify'], { dataDir: store.dir });
    expect(v.data.ok).toBe(true);
  });
});
