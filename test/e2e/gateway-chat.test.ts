import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { APIError } from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runJson, tempDataDir } from '../support/cli.js';
import {
  addGatewaySource,
  gatewayClient,
  sessionEvents,
  UPSTREAM_KEY,
  type GatewaySource,
} from '../support/gateway.js';
import {
  ANSWER,
  chunkPayloads,
  completionBody,
  EMBEDDING,
  startFakeUpstream,
  TOOL,
  USAGE,
  type FakeUpstream,
} from '../support/openai-upstream.js';
import { api, startServer, type Loose, type RunningServer } from '../support/server.js';

// The recording gateway with the official client, against an upstream speaking OpenAI's
// wire format on loopback: what the client gets, what the upstream sees, what is stored.
let data: { dir: string; cleanup(): void };
let upstream: FakeUpstream;
let server: RunningServer;
let source: GatewaySource;

beforeAll(async () => {
  data = tempDataDir('evid-gateway-');
  upstream = await startFakeUpstream();
  source = addGatewaySource(data.dir, 'support-gw', upstream.url);
  server = await startServer({ dataDir: data.dir, env: { EVID_LOG_LEVEL: 'debug' } });
});

afterAll(async () => {
  await server?.stop();
  await upstream?.close();
  data?.cleanup();
});

const weatherTool = {
  type: 'function' as const,
  function: {
    name: TOOL.name,
    description: 'current weather',
    parameters: { type: 'object', properties: { city: { type: 'string' } } },
  },
};

describe('gateway: chat completions', () => {
  it('passes a completion through unchanged and records it before answering', async () => {
    const client = gatewayClient(server.url, source, {
      'X-Evid-Session-Id': 'sess_gw_plain',
      'X-Evid-Agent': 'support-bot',
    });
    const { data: answer, response } = await client.chat.completions
      .create({
        model: 'gpt-4o-mini',
        messages: [
          { role: 'system', content: 'You are a helpful assistant.' },
          { role: 'user', content: 'Hi there, my email is jane.roe@acme-corp.de' },
        ],
      })
      .withResponse();
    expect(JSON.parse(JSON.stringify(answer))).toEqual(completionBody('gpt-4o-mini', false));
    expect(response.headers.get('x-request-id')).toBe('req_upstream_1');
    expect(response.headers.get('openai-processing-ms')).toBe('12');

    const seen = upstream.seen.at(-1)!;
    expect(seen.url).toBe('/v1/chat/completions');
    expect(seen.headers.authorization).toBe(`Bearer ${UPSTREAM_KEY}`);
    expect(Object.keys(seen.headers).filter((h) => h.startsWith('x-evid-'))).toEqual([]);
    expect(JSON.parse(seen.body)).toMatchObject({ model: 'gpt-4o-mini' });

    // Recorded before the answer ended: no waiting needed.
    const events = await sessionEvents(server.url, 'sess_gw_plain');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: 'llm_call',
      agent: 'support-bot',
      model: 'gpt-4o-mini-2026-01-01',
      completion: ANSWER,
      tokens_prompt: USAGE.prompt_tokens,
      tokens_completion: USAGE.completion_tokens,
      attributes: { endpoint: 'chat/completions', status: 200, stream: false },
    });
    expect(events[0].prompt).toContain('system: You are a helpful assistant.');
    expect(events[0].prompt).toContain('user: Hi there');
    // The prompt is scanned like any other intake.
    const findings = await api(server.url, `/api/v1/findings?trace=sess_gw_plain`);
    expect(findings.body.findings.map((f: { type: string }) => f.type)).toContain('pii.email');
  });

  it('streams chunk by chunk, assembles the completion from the deltas and takes usage from the final chunk', async () => {
    const client = gatewayClient(server.url, source, { 'X-Evid-Session-Id': 'sess_gw_stream' });
    const stream = await client.chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'Say hello' }],
      stream: true,
      stream_options: { include_usage: true },
    });
    const got: unknown[] = [];
    for await (const chunk of stream) got.push(JSON.parse(JSON.stringify(chunk)));
    expect(got).toEqual(chunkPayloads('gpt-4o-mini', false, true).map((p) => JSON.parse(p)));

    const events = await sessionEvents(server.url, 'sess_gw_stream');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: 'llm_call',
      agent: 'support-gw',
      completion: ANSWER,
      tokens_prompt: USAGE.prompt_tokens,
      tokens_completion: USAGE.completion_tokens,
      attributes: { stream: true, finish_reason: 'stop' },
    });
    expect(events[0].attributes.interrupted).toBeUndefined();
  });

  it('records each tool call of the answer as a tool_call event, streamed or not', async () => {
    for (const stream of [false, true]) {
      const session = `sess_gw_tools_${stream}`;
      const client = gatewayClient(server.url, source, { 'X-Evid-Session-Id': session });
      const params = {
        model: 'gpt-4o-mini',
        messages: [{ role: 'user' as const, content: 'Weather in Paris?' }],
        tools: [weatherTool],
      };
      if (stream) {
        const s = await client.chat.completions.create({ ...params, stream: true });
        const args: string[] = [];
        for await (const c of s)
          args.push(c.choices[0]?.delta.tool_calls?.[0]?.function?.arguments ?? '');
        expect(args.join('')).toBe(TOOL.arguments);
      } else {
        const answer = await client.chat.completions.create(params);
        const wanted = completionBody('gpt-4o-mini', true).choices as Loose[];
        expect(answer.choices[0]!.message.tool_calls).toEqual(wanted[0].message.tool_calls);
      }
      const events = await sessionEvents(server.url, session);
      expect(events.map((e) => e.type)).toEqual(['llm_call', 'tool_call']);
      expect(events[1]).toMatchObject({
        attributes: {
          tool_name: TOOL.name,
          arguments: TOOL.arguments,
          tool_call_id: 'call_abc123',
        },
      });
      expect(events[0].attributes).toMatchObject({
        finish_reason: 'tool_calls',
        tools_offered: [TOOL.name],
      });
    }
  });

  it('without a session header, each call is its own session, named after the request id', async () => {
    const client = gatewayClient(server.url, source);
    const { response } = await client.chat.completions
      .create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'one' }] })
      .withResponse();
    const requestId = response.headers.get('x-evid-request-id');
    expect(requestId).toMatch(/^req_/);
    const events = await sessionEvents(server.url, `gw_${requestId}`);
    expect(events.map((e) => e.event_id)).toEqual([`gw_${requestId}_0`]);
  });

  it('accepts Helicone-Session-Id as the session', async () => {
    const client = gatewayClient(server.url, source, { 'Helicone-Session-Id': 'sess_helicone' });
    await client.chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'hi' }],
    });
    expect(await sessionEvents(server.url, 'sess_helicone')).toHaveLength(1);
  });

  it('passes upstream 429 and 500 through unchanged and records them with the error', async () => {
    for (const [model, status] of [
      ['fail-429', 429],
      ['fail-500', 500],
    ] as const) {
      const session = `sess_gw_${model}`;
      const client = gatewayClient(server.url, source, { 'X-Evid-Session-Id': session });
      const err = await client.chat.completions
        .create({ model, messages: [{ role: 'user', content: 'hi' }] })
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(APIError);
      const apiError = err as APIError;
      expect(apiError.status).toBe(status);
      if (status === 429) {
        expect(apiError.code).toBe('rate_limit_exceeded');
        expect(apiError.headers?.get('retry-after')).toBe('7');
        expect(apiError.headers?.get('x-ratelimit-remaining-requests')).toBe('0');
      }
      const events = await sessionEvents(server.url, session);
      expect(events).toHaveLength(1);
      expect(events[0].attributes).toMatchObject({ status });
      expect(events[0].attributes.error).toMatch(/Rate limit reached|server had an error/);
    }
  });

  it('a client that aborts mid-stream stops the upstream call and what it got is recorded as interrupted', async () => {
    const client = gatewayClient(server.url, source, { 'X-Evid-Session-Id': 'sess_gw_abort' });
    const stream = await client.chat.completions.create({
      model: 'stall',
      messages: [{ role: 'user', content: 'Say hello' }],
      stream: true,
    });
    const text: string[] = [];
    for await (const chunk of stream) {
      text.push(chunk.choices[0]?.delta.content ?? '');
      if (text.join('') === 'Hello! How') break; // leaving the loop aborts the request
    }
    let events: Awaited<ReturnType<typeof sessionEvents>> = [];
    for (let i = 0; i < 100 && events.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 50));
      events = await sessionEvents(server.url, 'sess_gw_abort');
    }
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      completion: 'Hello! How',
      attributes: { interrupted: true, stream: true },
    });
  });

  it('records responses and embeddings calls, and passes the model list through', async () => {
    const client = gatewayClient(server.url, source, { 'X-Evid-Session-Id': 'sess_gw_more' });
    const vectors = await client.embeddings.create({
      model: 'text-embedding-3-small',
      input: ['first text', 'second text'],
    });
    expect(vectors.data[0]!.embedding).toEqual(EMBEDDING);
    const response = await client.responses.create({
      model: 'gpt-4.1',
      instructions: 'Be brief.',
      input: 'Weather in Paris?',
    });
    expect(response.output_text).toBe(ANSWER);
    const models = await client.models.list();
    expect(models.data.map((m) => m.id)).toEqual(['gpt-4o-mini']);
    const events = await sessionEvents(server.url, 'sess_gw_more');
    expect(events.map((e) => e.type)).toEqual(['embeddings', 'llm_call', 'tool_call']);
    expect(events[1]).toMatchObject({
      model: 'gpt-4.1-2026-01-01',
      prompt: 'system: Be brief.\n\nuser: Weather in Paris?',
      completion: ANSWER,
      tokens_prompt: 11,
      tokens_completion: 7,
      attributes: { endpoint: 'responses' },
    });
    expect(events[2].attributes).toMatchObject({
      tool_name: TOOL.name,
      tool_call_id: 'call_resp1',
    });
    expect(events[0]).toMatchObject({
      type: 'embeddings',
      model: 'text-embedding-3-small',
      prompt: 'first text\n\nsecond text',
      tokens_prompt: 5,
    });
  });

  it('a dry run maps the call, stores nothing and calls no upstream', async () => {
    const before = upstream.seen.length;
    const r = await api(server.url, `/gateway/${source.id}/v1/chat/completions`, {
      method: 'POST',
      key: null,
      headers: {
        'x-evid-key': source.token,
        'x-evid-dry-run': '1',
        'x-evid-session-id': 'sess_gw_dry',
      },
      body: { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'dry' }] },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      dry_run: true,
      source_id: source.id,
      sessions: [
        {
          session_id: 'sess_gw_dry',
          agent: 'support-gw',
          events: [{ type: 'llm_call', model: 'gpt-4o-mini', prompt: 'user: dry' }],
        },
      ],
    });
    expect(r.body.authenticated_as).toMatch(/^ak_/);
    expect(upstream.seen.length).toBe(before);
    expect(await sessionEvents(server.url, 'sess_gw_dry')).toEqual([]);

    // `evid sources test` relies on exactly this answer.
    const tested = await runJson<Loose>(
      'evid',
      ['sources', 'test', source.id, '--url', server.url, '--token', source.token],
      { dataDir: data.dir },
    );
    expect(tested.code, tested.stderr).toBe(0);
    expect(tested.data).toMatchObject({ ok: true, event: { type: 'llm_call' } });
    expect(upstream.seen.length).toBe(before);
  });
});

describe('gateway: afterwards', () => {
  it('audit verify passes, and neither the store nor the log holds the upstream key', async () => {
    const serverLog = (await server.stop()).stderr;
    const verify = await runJson<{ ok: boolean }>('audit', ['verify'], { dataDir: data.dir });
    expect(verify.code).toBe(0);
    expect(verify.data.ok).toBe(true);
    for (const file of readdirSync(data.dir, { recursive: true }) as string[]) {
      const path = join(data.dir, file);
      let bytes: Buffer;
      try {
        bytes = readFileSync(path);
      } catch {
        continue; // a directory
      }
      expect(bytes.includes(UPSTREAM_KEY), file).toBe(false);
      expect(bytes.includes(source.token), file).toBe(false);
    }
    expect(serverLog).toContain('request completed'); // the log was on
    expect(serverLog).not.toContain(UPSTREAM_KEY);
    expect(serverLog).not.toContain(source.token);
  });
});
