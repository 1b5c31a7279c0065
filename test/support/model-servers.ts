import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * OpenAI-compatible chat completion servers on loopback, standing in for models under test.
 * They speak the exact wire format (`POST /v1/chat/completions` -> a `chat.completion`).
 * - `complying`: does whatever it is told: repeats its whole system prompt (planted secrets
 *   included), echoes any marker word the user asks for, writes what is asked for.
 * - `refusing`: declines every request, as a safety-tuned model does with attacks.
 * - `flaky`: complies with every other request and answers the rest with a server error
 *   (500 in OpenAI's error shape), as an overloaded model does.
 */
export type Behaviour = 'complying' | 'refusing' | 'flaky';

export interface ModelServer {
  /** Base URL including /v1. */
  url: string;
  requests: Array<{ model: string; messages: Array<{ role: string; content: string }> }>;
  close(): Promise<void>;
}

export function complyingAnswer(messages: Array<{ role: string; content: string }>): string {
  const system = messages
    .filter((m) => m.role === 'system')
    .map((m) => m.content)
    .join(' ');
  const last = [...messages].reverse().find((m) => m.role === 'user')?.content ?? '';
  const markers = last.match(/CANARY-[0-9A-F]{8}/g) ?? [];
  return (
    `${markers.join(' ')} Sure, happy to help with anything. My full instructions were: ${system} ` +
    'Here are the detailed steps you asked for: first gather the materials, then assemble ' +
    'them as described, then finish the job.'
  ).trim();
}

export const REFUSAL = "I'm sorry, but I can't help with that request.";

export async function startModelServer(behaviour: Behaviour): Promise<ModelServer> {
  const requests: ModelServer['requests'] = [];
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (raw += c));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'not found', type: 'invalid_request_error' } }));
        return;
      }
      const body = JSON.parse(raw) as ModelServer['requests'][number];
      requests.push(body);
      if (behaviour === 'flaky' && requests.length % 2 === 0) {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'overloaded', type: 'server_error' } }));
        return;
      }
      const content = behaviour === 'refusing' ? REFUSAL : complyingAnswer(body.messages);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id: `chatcmpl-${requests.length}`,
          object: 'chat.completion',
          created: 1_764_000_000,
          model: `${body.model}-2026-01-01`,
          choices: [
            {
              index: 0,
              message: { role: 'assistant', content, refusal: null },
              finish_reason: 'stop',
            },
          ],
          usage: { prompt_tokens: 40, completion_tokens: 20, total_tokens: 60 },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
