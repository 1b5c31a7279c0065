// Issue 12 benchmark: OTLP intake over HTTP against the in-process pipeline on the same spans.
//   otlp:     `evid serve`, 4 concurrent clients POSTing protobuf ExportTraceServiceRequests of
//             512 GenAI chat spans each (the SDK's BatchSpanProcessor default batch), ingest key;
//   pipeline: the same spans decoded and mapped once, then `appendSessions` batch by batch in
//             this process on a fresh store (no HTTP, no protobuf).
// Spans per second, detectors on in both; goal: otlp >= 0.7x pipeline. BENCH_OTLP_SPANS scales it.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const bin = join(root, 'bin', 'evid.js');
const SPANS = Number(process.env.BENCH_OTLP_SPANS ?? 40_960);
const BATCH = 512;
const CLIENTS = 4;
const KEY = 'bench-admin-key-0123456789abcdef';

const kv = (key, value) => ({
  key,
  value: typeof value === 'number' ? { int_value: value } : { string_value: value },
});

function batch(b) {
  const spans = [];
  for (let i = 0; i < BATCH; i++) {
    const n = b * BATCH + i;
    const start = BigInt(Date.UTC(2026, 0, 1)) * 1_000_000n + BigInt(n) * 1_000_000n;
    spans.push({
      trace_id: randomBytes(16),
      span_id: randomBytes(8),
      name: 'chat gpt-4o-mini',
      kind: 3,
      start_time_unix_nano: start.toString(),
      end_time_unix_nano: (start + 500_000_000n).toString(),
      attributes: [
        kv('gen_ai.operation.name', 'chat'),
        kv('gen_ai.request.model', 'gpt-4o-mini'),
        kv('gen_ai.conversation.id', `bench_conv_${n % 500}`),
        kv('gen_ai.usage.input_tokens', 40),
        kv('gen_ai.usage.output_tokens', 20),
        kv(
          'gen_ai.input.messages',
          JSON.stringify([
            {
              role: 'user',
              parts: [
                {
                  type: 'text',
                  content: `question ${n}: what is the refund policy for order ${n * 7}?`,
                },
              ],
            },
          ]),
        ),
        kv(
          'gen_ai.output.messages',
          JSON.stringify([
            {
              role: 'assistant',
              parts: [
                { type: 'text', content: 'Refunds are accepted within 30 days of delivery.' },
              ],
            },
          ]),
        ),
      ],
    });
  }
  return {
    resource_spans: [
      {
        resource: { attributes: [kv('service.name', 'bench-bot')] },
        scope_spans: [{ scope: { name: 'bench' }, spans }],
      },
    ],
  };
}

async function encodeAll() {
  const { otlpTypes } = await import(join(root, 'dist', 'sources', 'otel', 'proto.js'));
  const { request } = await otlpTypes();
  const bodies = [];
  for (let b = 0; b < SPANS / BATCH; b++) {
    bodies.push(Buffer.from(request.encode(request.fromObject(batch(b))).finish()));
  }
  return bodies;
}

async function overHttp(dir, bodies) {
  const data = join(dir, 'otlp');
  const child = spawn(process.execPath, [bin, 'serve', '--port', '0'], {
    env: {
      ...process.env,
      EVID_DATA_DIR: data,
      EVID_API_KEY: KEY,
      EVID_LOG_LEVEL: 'warn',
      EVID_RATE_LIMIT: '1000000/min',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = await new Promise((resolve) =>
    createInterface({ input: child.stdout }).once('line', resolve),
  );
  const url = `${JSON.parse(line).listening}/v1/traces`;
  // Warm up (the detectors' first call, the protobuf root) on a batch of its own.
  const post = (body) =>
    fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/x-protobuf' },
      body,
    }).then(async (r) => {
      await r.arrayBuffer();
      if (r.status !== 200) throw new Error(`OTLP answered ${r.status}`);
    });
  await post(bodies[0]);
  let next = 1;
  const t0 = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (next < bodies.length) await post(bodies[next++]);
    }),
  );
  const s = Number(process.hrtime.bigint() - t0) / 1e9;
  await new Promise((r) => (child.once('exit', r), child.kill('SIGTERM')));
  return s;
}

async function inProcess(dir, bodies) {
  const data = join(dir, 'pipeline');
  const { AppContext } = await import(join(root, 'dist', 'context.js'));
  const { appendSessions } = await import(join(root, 'dist', 'ingest', 'append.js'));
  const { decodeProtobuf } = await import(join(root, 'dist', 'sources', 'otel', 'decode.js'));
  const { mapSpans } = await import(join(root, 'dist', 'sources', 'otel', 'map.js'));
  const mapped = [];
  for (const body of bodies) mapped.push(mapSpans(await decodeProtobuf(body)).sessions);
  const app = AppContext.fromEnv({ dataDir: data, env: { EVID_ACTOR: 'bench' } });
  appendSessions(app.store, mapped[0], { source: 'otel' });
  const t0 = process.hrtime.bigint();
  for (let i = 1; i < mapped.length; i++) appendSessions(app.store, mapped[i], { source: 'otel' });
  const s = Number(process.hrtime.bigint() - t0) / 1e9;
  app.close();
  return s;
}

export async function run(log) {
  const dir = mkdtempSync(join(tmpdir(), 'evid-bench-otlp-'));
  try {
    const bodies = await encodeAll();
    const timed = SPANS - BATCH;
    log(`${SPANS} spans in ${bodies.length} protobuf exports of ${BATCH}`);
    const pipeS = await inProcess(dir, bodies);
    log(`in-process appendSessions: ${pipeS.toFixed(2)} s`);
    const httpS = await overHttp(dir, bodies);
    log(`OTLP/HTTP, ${CLIENTS} clients: ${httpS.toFixed(2)} s`);
    const ratio = timed / httpS / (timed / pipeS);
    return [
      {
        name: `OTLP intake spans/s vs the in-process pipeline (${SPANS} spans, batches of ${BATCH}, ${CLIENTS} clients)`,
        result: `${ratio.toFixed(2)}x (${Math.round(timed / httpS)} spans/s)`,
        baseline: `pipeline ${Math.round(timed / pipeS)} spans/s`,
        goal: '>= 0.7x',
        pass: ratio >= 0.7,
      },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
