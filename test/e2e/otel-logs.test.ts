import { context, trace, TraceFlags } from '@opentelemetry/api';
import { SeverityNumber } from '@opentelemetry/api-logs';
import { OTLPLogExporter as HttpJsonExporter } from '@opentelemetry/exporter-logs-otlp-http';
import { OTLPLogExporter as ProtoExporter } from '@opentelemetry/exporter-logs-otlp-proto';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchLogRecordProcessor, LoggerProvider } from '@opentelemetry/sdk-logs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runJson } from '../support/cli.js';
import { startOtelSource, type OtelSourceServer } from '../support/otel-source.js';
import { api, type Loose, type RunningServer } from '../support/server.js';

// OTLP logs: instrumentations that keep a model call's content off the span send it as
// GenAI log events. The official log exporters on a real LoggerProvider with a
// BatchLogRecordProcessor are the client; what they send is what lands.

let otel: OtelSourceServer;
let store: { dir: string };
let server: RunningServer;
let token: string;
let sourceId: string;
let logsUrl: string;

beforeAll(async () => {
  otel = await startOtelSource('evid-otel-logs-', 'logs-fleet');
  ({ store, server, token, sourceId } = otel);
  // The exporters use the second listener (--otlp-port); the REST checks the main one.
  logsUrl = otel.otlpUrl.replace(/\/v1\/traces$/, '/v1/logs');
});
afterAll(() => otel.stop());

type Exporter = ProtoExporter | HttpJsonExporter;

function provider(exporter: Exporter, service: string): LoggerProvider {
  return new LoggerProvider({
    resource: resourceFromAttributes({ 'service.name': service }),
    processors: [new BatchLogRecordProcessor({ exporter, scheduledDelayMillis: 50 })],
  });
}

/** The context of a span, so that the SDK stamps its trace and span ids on a record. */
function inSpan(traceId: string, spanId: string) {
  return trace.setSpanContext(context.active(), {
    traceId,
    spanId,
    traceFlags: TraceFlags.SAMPLED,
  });
}

const exporters: Array<[string, (headers: Record<string, string>) => Exporter]> = [
  ['protobuf', (headers) => new ProtoExporter({ url: logsUrl, headers })],
  ['json', (headers) => new HttpJsonExporter({ url: logsUrl, headers })],
];

describe.each(exporters)('the official OTLP %s log exporter', (encoding, make) => {
  const traceId =
    encoding === 'json' ? '4bf92f3577b34da6a3ce929d0e0e4736' : '0af7651916cd43dd8448eb211c80319c';
  const session = `otel_${traceId}`;

  it('lands GenAI log events as model calls of their trace; application logs are skipped', async () => {
    const p = provider(make({ Authorization: `Bearer ${token}` }), 'claims-bot');
    const logger = p.getLogger('genai-instrumentation');
    // The current convention: one event carrying the call's attributes.
    logger.emit({
      eventName: 'gen_ai.client.inference.operation.details',
      severityNumber: SeverityNumber.INFO,
      context: inSpan(traceId, '00f067aa0ba902b7'),
      attributes: {
        'gen_ai.operation.name': 'chat',
        'gen_ai.request.model': 'gpt-4o-mini',
        'gen_ai.usage.input_tokens': 21,
        'gen_ai.usage.output_tokens': 6,
        'gen_ai.input.messages': JSON.stringify([
          {
            role: 'user',
            parts: [{ type: 'text', content: 'write to dana.kowalski@mailbox.org' }],
          },
        ]),
        'gen_ai.output.messages': JSON.stringify([
          { role: 'assistant', parts: [{ type: 'text', content: 'I cannot store cards.' }] },
        ]),
      },
    });
    // The older convention: one event per message of a call, their bodies the messages.
    const older = inSpan(traceId, '53995c3f42cd8ad8');
    logger.emit({
      eventName: 'gen_ai.system.message',
      context: older,
      attributes: { 'gen_ai.system': 'openai' },
      body: { content: 'You are a claims assistant.' },
    });
    logger.emit({
      eventName: 'gen_ai.user.message',
      context: older,
      attributes: { 'gen_ai.system': 'openai' },
      body: { content: 'Status of claim 88?' },
    });
    logger.emit({
      eventName: 'gen_ai.choice',
      context: older,
      attributes: { 'gen_ai.system': 'openai' },
      body: { index: 0, finish_reason: 'stop', message: { content: 'Approved yesterday.' } },
    });
    logger.emit({
      severityNumber: SeverityNumber.INFO,
      context: older,
      body: 'GET /healthz 200',
    });
    await p.shutdown();

    const got = await api(server.url, `/api/v1/traces/${session}`);
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({ agent: 'claims-bot', source: 'otel', event_count: 2 });
    const [details, grouped] = got.body.events as Loose[];
    expect(details).toMatchObject({
      type: 'llm_call',
      model: 'gpt-4o-mini',
      tokens_prompt: 21,
      tokens_completion: 6,
      prompt: 'user: write to dana.kowalski@mailbox.org',
      completion: 'assistant: I cannot store cards.',
      source_id: sourceId,
    });
    expect(details!.attributes.otel.signal).toBe('logs');
    expect(grouped).toMatchObject({
      type: 'llm_call',
      prompt: 'system: You are a claims assistant.\nuser: Status of claim 88?',
      completion: 'assistant: Approved yesterday.',
    });
    // The detectors ran on what arrived.
    expect(got.body.findings.map((f: { type: string }) => f.type)).toContain('pii.email');
  });

  it('takes a re-sent export as a duplicate, not a second copy', async () => {
    const send = async () => {
      const p = provider(make({ Authorization: `Bearer ${token}` }), 'claims-bot');
      p.getLogger('genai').emit({
        eventName: 'gen_ai.client.inference.operation.details',
        timestamp: 1767225600000,
        context: inSpan(traceId, '1111111111111111'),
        attributes: {
          'gen_ai.operation.name': 'chat',
          'gen_ai.input.messages': JSON.stringify([{ role: 'user', content: 'again?' }]),
        },
      });
      await p.shutdown();
    };
    await send();
    await send();
    const got = await api(server.url, `/api/v1/traces/${session}`);
    const again = (got.body.events as Loose[]).filter((e) => e.prompt === 'user: again?');
    expect(again).toHaveLength(1);
  });
});

describe('OTLP log receiver', () => {
  it('counted the application log records as skipped on the source', async () => {
    const list = await runJson<Array<{ source_id: string; skipped_count: number }>>(
      'evid',
      ['sources', 'list'],
      { dataDir: store.dir },
    );
    // One /healthz log record per exporter test.
    expect(list.data.find((s) => s.source_id === sourceId)!.skipped_count).toBe(2);
  });

  it('refuses a wrong credential with 401 and a malformed body with 400, as google.rpc.Status', async () => {
    const wrong = await api(server.url, '/v1/logs', {
      method: 'POST',
      key: 'evk_01ARZ3NDEKTSV4RRFFQ69G5FAV_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
      body: {},
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ code: 16 });
    const proto = await api(server.url, '/v1/logs', {
      method: 'POST',
      key: token,
      raw: Buffer.from([0x0a, 0xff, 0xff, 0xff]),
      headers: { 'content-type': 'application/x-protobuf' },
    });
    expect(proto.status).toBe(400);
    expect(proto.headers.get('content-type')).toMatch(/application\/x-protobuf/);
    const json = await api(server.url, '/v1/logs', {
      method: 'POST',
      key: token,
      raw: '{"resourceLogs": [',
      headers: { 'content-type': 'application/json' },
    });
    expect(json.status).toBe(400);
    expect(json.body).toMatchObject({
      code: 3,
      message: expect.stringContaining('malformed JSON'),
    });
  });

  it('a dry run shows the sessions without storing them', async () => {
    const body = {
      resourceLogs: [
        {
          resource: { attributes: [{ key: 'service.name', value: { stringValue: 'dry' } }] },
          scopeLogs: [
            {
              logRecords: [
                {
                  timeUnixNano: '1767225600000000000',
                  eventName: 'gen_ai.client.inference.operation.details',
                  attributes: [
                    { key: 'gen_ai.operation.name', value: { stringValue: 'chat' } },
                    { key: 'gen_ai.conversation.id', value: { stringValue: 'dry_logs' } },
                  ],
                },
                { timeUnixNano: '1767225600000000000', body: { stringValue: 'plain' } },
              ],
            },
          ],
        },
      ],
    };
    const dry = await api(server.url, '/v1/logs', {
      method: 'POST',
      key: token,
      raw: JSON.stringify(body),
      headers: { 'content-type': 'application/json', 'x-evid-dry-run': '1' },
    });
    expect(dry.status).toBe(200);
    expect(dry.body).toMatchObject({ dry_run: true, skipped_log_records: 1 });
    expect(dry.body.sessions[0]).toMatchObject({ session_id: 'dry_logs', agent: 'dry' });
    expect((await api(server.url, '/api/v1/traces/dry_logs')).status).toBe(404);
  });
});
