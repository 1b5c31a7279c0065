// Loopback receivers for SIEM tests: a Splunk HEC endpoint and a Sentinel Logs Ingestion
// endpoint with its Entra token endpoint. Each records exactly what arrived (method, path,
// headers, raw body) so tests check the wire format, and answers what the test tells it to.
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';

export interface Received {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface Answer {
  status: number;
  body?: string;
  headers?: Record<string, string>;
}

export interface Receiver {
  url: string;
  port: number;
  received: Received[];
  /** How to answer the next request (default: HEC success). May hold the answer back. */
  answer: (req: Received) => Answer | Promise<Answer>;
  close(): Promise<void>;
}

export const HEC_OK: Answer = { status: 200, body: '{"text":"Success","code":0}' };

/** Starts an HTTP (or, with a key and certificate, HTTPS) receiver on a free loopback port. */
export async function startReceiver(
  tls?: { key: string | Buffer; cert: string | Buffer },
  port = 0,
): Promise<Receiver> {
  const receiver: Receiver = {
    url: '',
    port: 0,
    received: [],
    answer: () => HEC_OK,
    close: async () => {},
  };
  const handler: http.RequestListener = (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const got: Received = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      receiver.received.push(got);
      void Promise.resolve(receiver.answer(got)).then((a) => {
        if (res.destroyed) return;
        res.writeHead(a.status, { 'content-type': 'application/json', ...a.headers });
        res.end(a.body ?? '');
      });
    });
  };
  const server = tls ? https.createServer(tls, handler) : http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  receiver.port = (server.address() as AddressInfo).port;
  receiver.url = `${tls ? 'https' : 'http'}://127.0.0.1:${receiver.port}`;
  receiver.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return receiver;
}

/** HEC bodies are JSON objects back to back (no array, no separator): split them. */
export function hecEvents(body: string): Array<Record<string, unknown>> {
  const out: Array<Record<string, unknown>> = [];
  let depth = 0;
  let start = 0;
  let inString = false;
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) {
      out.push(JSON.parse(body.slice(start, i + 1)) as Record<string, unknown>);
      start = i + 1;
    }
  }
  if (body.slice(start).trim() !== '')
    throw new Error(`trailing bytes after the last event: ${body.slice(start)}`);
  return out;
}

/** A self-signed CA and a server certificate for 127.0.0.1/localhost made with openssl. */
export async function makeCertificates(
  dir: string,
): Promise<{ ca: string; key: string; cert: string; otherCa: string }> {
  const { execa } = await import('execa');
  const { join } = await import('node:path');
  const { writeFileSync } = await import('node:fs');
  const p = (f: string): string => join(dir, f);
  const ssl = (args: string[]) => execa('openssl', args, { cwd: dir });
  for (const name of ['ca', 'other-ca']) {
    await ssl([
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '2',
      '-subj',
      `/CN=evid test ${name}`,
      '-keyout',
      p(`${name}.key`),
      '-out',
      p(`${name}.pem`),
    ]);
  }
  writeFileSync(p('san.cnf'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\n');
  await ssl([
    'req',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-subj',
    '/CN=localhost',
    '-keyout',
    p('server.key'),
    '-out',
    p('server.csr'),
  ]);
  await ssl([
    'x509',
    '-req',
    '-in',
    p('server.csr'),
    '-CA',
    p('ca.pem'),
    '-CAkey',
    p('ca.key'),
    '-CAcreateserial',
    '-days',
    '2',
    '-extfile',
    p('san.cnf'),
    '-out',
    p('server.pem'),
  ]);
  return {
    ca: p('ca.pem'),
    key: p('server.key'),
    cert: p('server.pem'),
    otherCa: p('other-ca.pem'),
  };
}
