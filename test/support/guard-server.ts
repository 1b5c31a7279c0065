import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Loose } from './server.js';

/**
 * A guard model on loopback speaking Llama Guard 3's output format through an
 * OpenAI-compatible API: the answer text is `safe`, or `unsafe` and a line of hazard codes.
 * `respond` decides the verdict from the last message; `hang` never answers (a slow guard).
 */
export interface GuardServer {
  url: string;
  requests: Array<{ path: string; body: Loose }>;
  close(): Promise<void>;
}

export function llamaGuardVerdict(text: string): string {
  if (/\bkill\b|\bhurt\b/i.test(text)) return 'unsafe\nS1,S10';
  if (/\bsocial security number\b/i.test(text)) return 'unsafe\nS7';
  return 'safe';
}

export async function startGuardServer(mode: 'respond' | 'hang' = 'respond'): Promise<GuardServer> {
  const requests: GuardServer['requests'] = [];
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (raw += c));
    req.on('end', () => {
      const body = JSON.parse(raw || '{}');
      requests.push({ path: req.url ?? '', body });
      if (mode === 'hang') return; // never answers
      let text: string;
      let payload: unknown;
      if (req.url === '/v1/chat/completions') {
        const last = body.messages[body.messages.length - 1].content as string;
        text = llamaGuardVerdict(last);
        payload = {
          id: 'chatcmpl-guard',
          object: 'chat.completion',
          created: 1_764_000_000,
          model: body.model,
          choices: [
            { index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' },
          ],
        };
      } else if (req.url === '/v1/completions') {
        const prompt = body.prompt as string;
        const convo = prompt.slice(
          prompt.indexOf('<BEGIN CONVERSATION>'),
          prompt.indexOf('<END CONVERSATION>'),
        );
        text = llamaGuardVerdict(convo);
        payload = {
          id: 'cmpl-guard',
          object: 'text_completion',
          created: 1_764_000_000,
          model: body.model,
          choices: [{ index: 0, text, finish_reason: 'stop' }],
        };
      } else {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(payload));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
