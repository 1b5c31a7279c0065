// Issue 12 benchmarks: the recording gateway's added latency. The same client (node:http
// with a keep-alive agent, one request at a time) sends the same chat request either
// straight to a loopback upstream speaking OpenAI's wire format or through the gateway
// (`evid serve`, which records each call in the store before answering), alternating
// direct and gateway calls so both see the same machine load. Figures are differences:
//   non-streaming: gateway p50 - direct p50, gateway p99 - direct p99;
//   streaming: time to first content chunk, gateway p50 / p99 - direct p50 / p99.
// Upstream and gateway run as child processes, the client in this one.
// BENCH_GATEWAY_CALLS sets the calls per figure and path (default 2000).
import http from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startChild } from '../lib/processes.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const dist = (p) => import(join(root, 'dist', p));
const CALLS = Number(process.env.BENCH_GATEWAY_CALLS ?? 2000);
const WARMUP = 200;
const GOAL_MS = 5;

/** An upstream answering like OpenAI: a chat.completion, or 6 SSE chunks then [DONE]. */
const UPSTREAM = `
import http from 'node:http';
const answer = JSON.stringify({ id: 'chatcmpl-b', object: 'chat.completion', created: 1, model: 'gpt-4o-mini',
  choices: [{ index: 0, message: { role: 'assistant', content: 'Your order ships tomorrow; the tracking number follows by e-mail.' }, finish_reason: 'stop' }],
  usage: { prompt_tokens: 120, completion_tokens: 16, total_tokens: 136 } });
const chunk = (delta, finish = null) => 'data: ' + JSON.stringify({ id: 'chatcmpl-b', object: 'chat.completion.chunk', created: 1,
  model: 'gpt-4o-mini', choices: [{ index: 0, delta, finish_reason: finish }] }) + '\\n\\n';
const server = http.createServer((req, res) => {
  const parts = [];
  req.on('data', (c) => parts.push(c));
  req.on('end', () => {
    const body = JSON.parse(Buffer.concat(parts).toString());
    if (!body.stream) {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(answer) });
      return res.end(answer);
    }
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    const pieces = ['Your order', ' ships', ' tomorrow;', ' tracking', ' follows.'];
    res.write(chunk({ role: 'assistant', content: pieces[0] }));
    let i = 1;
    const next = () => {
      if (i < pieces.length) { res.write(chunk({ content: pieces[i++] })); setTimeout(next, 1); }
      else { res.write(chunk({}, 'stop')); res.end('data: [DONE]\\n\\n'); }
    };
    setTimeout(next, 1);
  });
});
server.keepAliveTimeout = 60000;
server.listen(0, '127.0.0.1', () => process.stdout.write(JSON.stringify({ listening: 'http://127.0.0.1:' + server.address().port }) + '\\n'));
process.on('SIGTERM', () => { server.closeAllConnections(); server.close(() => process.exit(0)); });
`;

const PAYLOAD = (stream) =>
  JSON.stringify({
    model: 'gpt-4o-mini',
    stream,
    messages: [
      { role: 'system', content: 'You are the support assistant of an online shop. Be brief.' },
      {
        role: 'user',
        content: 'Hi, I ordered a kettle last Tuesday (order 88231). When will it ship?',
      },
      { role: 'assistant', content: 'Let me check the order status for you.' },
      {
        role: 'user',
        content: 'Thanks. Please also tell me whether express delivery is possible.',
      },
    ],
  });

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/**
 * One call; resolves with ms to the first body chunk that carries content (for a stream)
 * and ms to the end. The whole answer is read either way.
 */
function call(url, headers, body) {
  return new Promise((resolve, reject) => {
    const t0 = process.hrtime.bigint();
    let first;
    const req = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': body.length, ...headers },
      },
      (res) => {
        res.on('data', (c) => {
          if (first === undefined && c.includes('"content"')) first = process.hrtime.bigint();
        });
        res.on('end', () => {
          if (res.statusCode !== 200) return reject(new Error(`status ${res.statusCode}`));
          const end = process.hrtime.bigint();
          resolve({ first: Number((first ?? end) - t0) / 1e6, total: Number(end - t0) / 1e6 });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const pct = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** Alternates direct and gateway calls; returns the sorted timings of each path. */
async function measure(direct, gateway, stream, key) {
  const body = Buffer.from(PAYLOAD(stream));
  const times = { direct: [], gateway: [] };
  for (let i = 0; i < WARMUP + CALLS; i++) {
    for (const [name, target] of [
      ['direct', direct],
      ['gateway', gateway],
    ]) {
      const headers =
        name === 'gateway'
          ? { 'x-evid-key': key, authorization: 'Bearer sk-bench' }
          : { authorization: 'Bearer sk-bench' };
      const t = await call(target, headers, body);
      if (i >= WARMUP) times[name].push(stream ? t.first : t.total);
    }
  }
  for (const list of Object.values(times)) list.sort((a, b) => a - b);
  return times;
}

export async function run(log) {
  const dir = mkdtempSync(join(tmpdir(), 'evid-bench-gateway-'));
  const upstreamPath = join(root, 'bench', `.fake-upstream-${process.pid}.mjs`);
  writeFileSync(upstreamPath, UPSTREAM);
  const rows = [];
  const upstream = await startChild([upstreamPath], {});
  let server;
  try {
    const { AppContext } = await dist('context.js');
    const { addSource } = await dist('sources/manage.js');
    const ctx = AppContext.fromEnv({ dataDir: dir, env: { ...process.env, EVID_ACTOR: 'bench' } });
    const added = ctx.store.transact((tx) =>
      addSource(tx, dir, { type: 'gateway', name: 'bench-gw', endpoint: `${upstream.url}/v1` }),
    );
    ctx.close();
    server = await startChild([join(root, 'bin/evid.js'), 'serve', '--port', '0'], {
      EVID_DATA_DIR: dir,
      EVID_LOG_LEVEL: 'warn',
      EVID_RATE_LIMIT: 'off',
    });
    const direct = `${upstream.url}/v1/chat/completions`;
    const gateway = `${server.url}/gateway/${added.source.source_id}/v1/chat/completions`;
    const key = added.credential.value;

    const plain = await measure(direct, gateway, false, key);
    for (const p of [50, 99]) {
      const added = pct(plain.gateway, p) - pct(plain.direct, p);
      rows.push({
        name: `non-streaming chat call, added latency p${p} (gateway - direct, ${CALLS} calls each, recorded)`,
        result: `${added.toFixed(2)} ms (gateway ${pct(plain.gateway, p).toFixed(2)} ms)`,
        baseline: `direct ${pct(plain.direct, p).toFixed(2)} ms`,
        goal: `<= ${GOAL_MS} ms`,
        pass: added <= GOAL_MS,
      });
    }
    log(`non-streaming: ${rows.map((r) => r.result).join('; ')}`);
    const streamed = await measure(direct, gateway, true, key);
    for (const p of [50, 99]) {
      const added = pct(streamed.gateway, p) - pct(streamed.direct, p);
      rows.push({
        name: `streaming chat call, time to first chunk added p${p} (gateway - direct)`,
        result: `${added.toFixed(2)} ms (gateway ${pct(streamed.gateway, p).toFixed(2)} ms)`,
        baseline: `direct ${pct(streamed.direct, p).toFixed(2)} ms`,
        goal: `<= ${GOAL_MS} ms`,
        pass: added <= GOAL_MS,
      });
    }
    log(
      `streaming: ${rows
        .slice(2)
        .map((r) => r.result)
        .join('; ')}`,
    );
  } finally {
    await server?.stop();
    await upstream.stop();
    agent.destroy();
    rmSync(upstreamPath, { force: true });
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}
