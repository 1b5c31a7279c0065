import Database from 'better-sqlite3';
import { createHmac, randomBytes } from 'node:crypto';
import { appendFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import OpenAI from 'openai';
import { afterAll, describe, expect, it } from 'vitest';
import { runJson, tempDataDir } from '../support/cli.js';
import { startServer, type RunningServer } from '../support/server.js';

// Issue 12, "Bad input and faults": kill -9 of `evid serve` while all four receivers are
// busy, then a restart. Nothing a client saw acknowledged is missing, nothing is stored
// twice, every line of the tailed log lands exactly once, and `audit verify` passes.

const store = tempDataDir('evid-sources-kill9-');
let upstream: Server;
afterAll(async () => {
  await new Promise((resolve) => upstream?.close(resolve));
  store.cleanup();
});

/** A loopback upstream answering chat completions in OpenAI's wire format. */
async function startUpstream(): Promise<string> {
  upstream = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          id: `chatcmpl-${randomBytes(6).toString('hex')}`,
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: 'gpt-4o-mini',
          choices: [
            { index: 0, message: { role: 'assistant', content: 'ok' }, finish_reason: 'stop' },
          ],
          usage: { prompt_tokens: 5, completion_tokens: 1, total_tokens: 6 },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/v1`;
}

interface Added {
  source: { source_id: string };
  credential: { value: string } | null;
}

async function addSource(args: string[]): Promise<Added> {
  const r = await runJson<Added>('evid', ['sources', 'add', ...args], { dataDir: store.dir });
  expect(r.code, r.stderr).toBe(0);
  return r.data;
}

const hex = (bytes: number) => randomBytes(bytes).toString('hex');

/** One OTLP/JSON export request of `n` GenAI chat spans in one session. */
function otlpBatch(session: string, n: number): { body: string; ids: string[] } {
  const traceId = hex(16);
  const spans = Array.from({ length: n }, (_, i) => {
    const spanId = hex(8);
    const start = BigInt(Date.now()) * 1_000_000n + BigInt(i);
    return {
      traceId,
      spanId,
      name: 'chat gpt-4o-mini',
      kind: 3,
      startTimeUnixNano: String(start),
      endTimeUnixNano: String(start + 1000n),
      attributes: [
        { key: 'gen_ai.operation.name', value: { stringValue: 'chat' } },
        { key: 'gen_ai.request.model', value: { stringValue: 'gpt-4o-mini' } },
        { key: 'gen_ai.conversation.id', value: { stringValue: session } },
        { key: 'gen_ai.usage.input_tokens', value: { intValue: '7' } },
      ],
    };
  });
  const body = JSON.stringify({
    resourceSpans: [
      {
        resource: { attributes: [{ key: 'service.name', value: { stringValue: 'otel-bot' } }] },
        scopeSpans: [{ scope: { name: 'kill9' }, spans }],
      },
    ],
  });
  return { body, ids: spans.map((s) => `otel_${traceId}_${s.spanId}`) };
}

function signed(secret: string, body: string): Record<string, string> {
  const t = Math.floor(Date.now() / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return { 'x-evid-signature': `t=${t},v1=${v1}`, 'content-type': 'application/json' };
}

interface Acked {
  otel: string[];
  webhook: string[];
  gateway: string[];
}

/** Drives the three push receivers until `stop` resolves; records what was acknowledged. */
async function drive(
  url: string,
  ids: {
    otel: string;
    otelToken: string;
    webhook: string;
    secret: string;
    gateway: string;
    gatewayToken: string;
  },
  acked: Acked,
  until: Promise<void>,
): Promise<void> {
  let running = true;
  void until.then(() => (running = false));
  const client = new OpenAI({
    apiKey: 'sk-upstream-secret',
    baseURL: `${url}/gateway/${ids.gateway}/v1`,
    defaultHeaders: { 'X-Evid-Key': ids.gatewayToken, 'X-Evid-Agent': 'gateway-bot' },
    maxRetries: 0,
    timeout: 5_000,
  });
  let n = 0;
  const otel = async () => {
    while (running) {
      const { body, ids: spanIds } = otlpBatch(`otel_s${n++ % 5}`, 20);
      try {
        const res = await fetch(`${url}/v1/traces`, {
          method: 'POST',
          headers: { authorization: `Bearer ${ids.otelToken}`, 'content-type': 'application/json' },
          body,
        });
        if (res.status === 200) acked.otel.push(...spanIds);
      } catch {
        // the server is gone: not acknowledged
      }
    }
  };
  const webhook = async () => {
    let i = 0;
    while (running) {
      const id = `wh_${i++}`;
      const body = JSON.stringify({
        session_id: `wh_s${i % 5}`,
        agent: 'webhook-bot',
        event_id: id,
        type: 'llm_call',
        prompt: `webhook ${id}`,
        timestamp: new Date().toISOString(),
      });
      try {
        const res = await fetch(`${url}/api/v1/sources/${ids.webhook}/events`, {
          method: 'POST',
          headers: signed(ids.secret, body),
          body,
        });
        if (res.status >= 200 && res.status < 300) acked.webhook.push(id);
      } catch {
        // not acknowledged
      }
    }
  };
  const gateway = async () => {
    let i = 0;
    while (running) {
      const session = `gw_s${i++}`;
      try {
        await client.chat.completions.create(
          { model: 'gpt-4o-mini', messages: [{ role: 'user', content: `call ${session}` }] },
          { headers: { 'X-Evid-Session-Id': session } },
        );
        acked.gateway.push(session);
      } catch {
        // not acknowledged
      }
    }
  };
  await Promise.all([otel(), otel(), webhook(), gateway()]);
}

describe('kill -9 of evid serve with all four receivers busy', () => {
  it('loses nothing acknowledged and stores nothing twice', async () => {
    const upstreamUrl = await startUpstream();
    const logFile = join(store.dir, 'agent.ndjson');
    writeFileSync(logFile, '');
    const otel = await addSource(['--type', 'otel', '--name', 'otel']);
    const webhook = await addSource(['--type', 'webhook', '--name', 'hook']);
    const gateway = await addSource([
      '--type',
      'gateway',
      '--name',
      'gw',
      '--endpoint',
      upstreamUrl,
    ]);
    const logfile = await addSource(['--type', 'logfile', '--name', 'log', '--endpoint', logFile]);
    const ids = {
      otel: otel.source.source_id,
      otelToken: otel.credential!.value,
      webhook: webhook.source.source_id,
      secret: webhook.credential!.value,
      gateway: gateway.source.source_id,
      gatewayToken: gateway.credential!.value,
    };

    // The log grows the whole time, across the kill and the restart.
    let lines = 0;
    const writeLines = (count: number) => {
      let text = '';
      for (let k = 0; k < count; k++, lines++) {
        text += `${JSON.stringify({
          session_id: `log_s${lines % 7}`,
          agent: 'log-bot',
          type: 'llm_call',
          prompt: `log line ${lines}`,
          timestamp: new Date().toISOString(),
        })}\n`;
      }
      appendFileSync(logFile, text);
    };
    const writer = setInterval(() => writeLines(50), 50);

    const acked: Acked = { otel: [], webhook: [], gateway: [] };
    let server: RunningServer = await startServer({ dataDir: store.dir });
    let stop!: () => void;
    const stopped = new Promise<void>((resolve) => (stop = resolve));
    const driving = drive(server.url, ids, acked, stopped);
    // Kill once every receiver has answered some requests (and while all keep sending).
    const deadline0 = Date.now() + 60_000;
    while (
      (acked.otel.length < 100 || acked.webhook.length < 5 || acked.gateway.length < 5) &&
      Date.now() < deadline0
    ) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    server.child.kill('SIGKILL');
    await server.child;
    stop();
    await driving;
    clearInterval(writer);
    writeLines(500); // written while the server is down

    // Each receiver was busy when it died.
    expect(acked.otel.length).toBeGreaterThan(0);
    expect(acked.webhook.length).toBeGreaterThan(0);
    expect(acked.gateway.length).toBeGreaterThan(0);

    server = await startServer({ dataDir: store.dir });
    const logged = () =>
      withReadonly((db) =>
        db
          .prepare('SELECT COUNT(*) FROM events WHERE source_id = ?')
          .pluck()
          .get(logfile.source.source_id),
      ) as number;
    const deadline = Date.now() + 60_000;
    while (logged() < lines && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    await server.stop();

    withReadonly((db) => {
      const has = db.prepare('SELECT COUNT(*) FROM events WHERE event_id = ?').pluck();
      for (const id of acked.otel) expect(has.get(id), id).toBe(1);
      for (const id of acked.webhook) expect(has.get(id), id).toBe(1);
      const session = db.prepare(
        "SELECT COUNT(*) FROM events e JOIN traces t ON t.id = e.trace_ref WHERE t.session_id = ? AND e.type = 'llm_call'",
      );
      for (const s of acked.gateway) expect(session.pluck().get(s), s).toBe(1);
      // Every line of the log exactly once, whatever the kill interrupted.
      const prompts = db
        .prepare('SELECT prompt FROM events WHERE source_id = ? ORDER BY prompt')
        .pluck()
        .all(logfile.source.source_id) as string[];
      expect(prompts.length).toBe(lines);
      expect(new Set(prompts).size).toBe(lines);
      // No upstream credential was stored anywhere.
      const leaked = db
        .prepare("SELECT COUNT(*) FROM events WHERE attributes LIKE '%sk-upstream-secret%'")
        .pluck()
        .get();
      expect(leaked).toBe(0);
    });

    const verify = await runJson<{ ok: boolean }>('audit', ['verify'], { dataDir: store.dir });
    expect(verify.data.ok).toBe(true);
  }, 180_000);
});

function withReadonly<T>(fn: (db: Database.Database) => T): T {
  const db = new Database(join(store.dir, 'evid.db'), { readonly: true });
  try {
    return fn(db);
  } finally {
    db.close();
  }
}
