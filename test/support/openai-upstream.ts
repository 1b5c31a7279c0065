import {
  createServer,
  type IncomingHttpHeaders,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for OpenAI's API on loopback that speaks exactly its wire format: a
 * `chat.completion` object, or SSE `data: {chat.completion.chunk}` lines (tool-call deltas
 * by index, a final usage chunk with `choices: []` when `stream_options.include_usage` is
 * set, then `data: [DONE]`). The request's model picks a behaviour:
 *   fail-429 / fail-500   an OpenAI error body with that status (429 with Retry-After)
 *   hang                  never answers
 *   stall                 streams two content chunks, then sends nothing more
 *   anything else         answers; with `tools` in the request, a tool call
 */
export interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface FakeUpstream {
  /** Base URL including /v1, as a gateway source's endpoint. */
  url: string;
  seen: SeenRequest[];
  close(): Promise<void>;
}

export const ANSWER_PIECES = ['Hello', '! How', ' can I', ' help you today?'];
export const ANSWER = ANSWER_PIECES.join('');
export const TOOL = { name: 'get_weather', arguments: '{"city":"Paris","unit":"celsius"}' };
export const USAGE = { prompt_tokens: 19, completion_tokens: 10, total_tokens: 29 };
const CREATED = 1_764_000_000;

export function completionBody(model: string, withTool: boolean): Record<string, unknown> {
  return {
    id: 'chatcmpl-fake123',
    object: 'chat.completion',
    created: CREATED,
    model: `${model}-2026-01-01`,
    system_fingerprint: 'fp_fake',
    choices: [
      {
        index: 0,
        message: withTool
          ? {
              role: 'assistant',
              content: null,
              refusal: null,
              tool_calls: [
                {
                  id: 'call_abc123',
                  type: 'function',
                  function: { name: TOOL.name, arguments: TOOL.arguments },
                },
              ],
            }
          : { role: 'assistant', content: ANSWER, refusal: null },
        logprobs: null,
        finish_reason: withTool ? 'tool_calls' : 'stop',
      },
    ],
    usage: USAGE,
  };
}

/** The SSE events of a streamed answer, in order, as the `data:` payloads. */
export function chunkPayloads(model: string, withTool: boolean, usage: boolean): string[] {
  const base = {
    id: 'chatcmpl-fake123',
    object: 'chat.completion.chunk',
    created: CREATED,
    model: `${model}-2026-01-01`,
    system_fingerprint: 'fp_fake',
  };
  const chunk = (delta: unknown, finish: string | null = null) =>
    JSON.stringify({
      ...base,
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
      ...(usage ? { usage: null } : {}),
    });
  const out = [chunk({ role: 'assistant', content: withTool ? null : '', refusal: null })];
  if (withTool) {
    out.push(
      chunk({
        tool_calls: [
          {
            index: 0,
            id: 'call_abc123',
            type: 'function',
            function: { name: TOOL.name, arguments: '' },
          },
        ],
      }),
    );
    for (const piece of ['{"city":', '"Paris",', '"unit":"celsius"}']) {
      out.push(chunk({ tool_calls: [{ index: 0, function: { arguments: piece } }] }));
    }
    out.push(chunk({}, 'tool_calls'));
  } else {
    for (const piece of ANSWER_PIECES) out.push(chunk({ content: piece }));
    out.push(chunk({}, 'stop'));
  }
  if (usage) out.push(JSON.stringify({ ...base, choices: [], usage: USAGE }));
  return out;
}

export async function startFakeUpstream(): Promise<FakeUpstream> {
  const seen: SeenRequest[] = [];
  const server: Server = createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', () => {
      const body = Buffer.concat(parts).toString();
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      answer(req.url ?? '', body, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    seen,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

type Res = ServerResponse;

function json(res: Res, status: number, body: unknown, headers: Record<string, string> = {}) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    'x-request-id': 'req_upstream_1',
    'openai-processing-ms': '12',
    ...headers,
  });
  res.end(text);
}

/** The client asks for base64 (little-endian float32) by default and decodes it. */
function vector(format: string | undefined): number[] | string {
  const values = [0.5, -0.25, 0.125];
  return format === 'base64'
    ? Buffer.from(new Float32Array(values).buffer).toString('base64')
    : values;
}

export const EMBEDDING = [0.5, -0.25, 0.125];

/** A `response` object of the Responses API: a function call, then a message. */
export function responseBody(model: string): Record<string, unknown> {
  return {
    id: 'resp_fake123',
    object: 'response',
    created_at: CREATED,
    status: 'completed',
    model: `${model}-2026-01-01`,
    output: [
      {
        type: 'function_call',
        id: 'fc_1',
        call_id: 'call_resp1',
        name: TOOL.name,
        arguments: TOOL.arguments,
        status: 'completed',
      },
      {
        type: 'message',
        id: 'msg_1',
        role: 'assistant',
        status: 'completed',
        content: [{ type: 'output_text', text: ANSWER, annotations: [] }],
      },
    ],
    usage: { input_tokens: 11, output_tokens: 7, total_tokens: 18 },
  };
}

function answer(url: string, text: string, res: Res): void {
  if (url === '/v1/models') {
    json(res, 200, { object: 'list', data: [{ id: 'gpt-4o-mini', object: 'model' }] });
    return;
  }
  const body = JSON.parse(text) as {
    model: string;
    stream?: boolean;
    tools?: unknown[];
    stream_options?: { include_usage?: boolean };
    input?: unknown;
    encoding_format?: string;
  };
  if (url === '/v1/responses') {
    json(res, 200, responseBody(body.model));
    return;
  }
  if (url === '/v1/embeddings') {
    json(res, 200, {
      object: 'list',
      data: [{ object: 'embedding', index: 0, embedding: vector(body.encoding_format) }],
      model: body.model,
      usage: { prompt_tokens: 5, total_tokens: 5 },
    });
    return;
  }
  if (body.model === 'hang') return;
  if (body.model === 'fail-429') {
    json(
      res,
      429,
      {
        error: {
          message: 'Rate limit reached for gpt-4o-mini',
          type: 'requests',
          param: null,
          code: 'rate_limit_exceeded',
        },
      },
      { 'retry-after': '7', 'x-ratelimit-remaining-requests': '0' },
    );
    return;
  }
  if (body.model === 'fail-500') {
    json(res, 500, {
      error: { message: 'The server had an error', type: 'server_error', param: null, code: null },
    });
    return;
  }
  const withTool = Array.isArray(body.tools) && body.tools.length > 0;
  if (!body.stream) {
    json(res, 200, completionBody(body.model, withTool));
    return;
  }
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    'x-request-id': 'req_upstream_1',
  });
  const payloads = chunkPayloads(body.model, withTool, body.stream_options?.include_usage === true);
  if (body.model === 'stall') {
    // Two content chunks, then silence: the client gives up mid-answer.
    res.write(`data: ${payloads[0]}\n\n`);
    res.write(`data: ${payloads[1]}\n\n`);
    res.write(`data: ${payloads[2]}\n\n`);
    return;
  }
  // One write per event, a tick apart, as a real stream arrives.
  let i = 0;
  const next = () => {
    if (i < payloads.length) {
      res.write(`data: ${payloads[i++]}\n\n`);
      setImmediate(next);
    } else {
      res.end('data: [DONE]\n\n');
    }
  };
  next();
}
