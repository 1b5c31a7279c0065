import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { complyingAnswer } from './model-servers.js';
import type { Loose } from './server.js';

/** A model whose answers wait for release(); firstCall settles when it is first asked. */
export interface HeldModel {
  url: string;
  calls: number;
  firstCall: Promise<void>;
  release(): void;
  close(): Promise<void>;
}

/**
 * An OpenAI-compatible model on loopback (the `complying` answers of model-servers.ts) that
 * keeps every answer until release(): a test holds a safety run mid-probe without timing.
 */
export async function startHeldModel(): Promise<HeldModel> {
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  let called!: () => void;
  const firstCall = new Promise<void>((r) => (called = r));
  const model = { calls: 0 } as HeldModel;
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (raw += c));
    req.on('end', () => {
      model.calls++;
      if (model.calls === 1) called();
      const body = JSON.parse(raw) as { model: string; messages: Array<Loose> };
      void released.then(() => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            id: `chatcmpl-${model.calls}`,
            object: 'chat.completion',
            created: 1_764_000_000,
            model: body.model,
            choices: [
              {
                index: 0,
                message: { role: 'assistant', content: complyingAnswer(body.messages) },
                finish_reason: 'stop',
              },
            ],
          }),
        );
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(model, {
    url: `http://127.0.0.1:${port}/v1`,
    firstCall,
    release,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
