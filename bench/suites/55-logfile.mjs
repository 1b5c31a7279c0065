// Issue 12 benchmark: the log file tailer of `evid serve` against `evid traces ingest` of the
// same events (both with the detectors on, both the built binary as a user runs it).
//   ingest: one NDJSON file of traces (the events grouped by session), `evid traces ingest`;
//   tail:   the same events as one NDJSON line each, interleaved across sessions as a live
//           log is, in a file a logfile source points at; timed from `evid serve` starting
//           to the last event committed (server start included).
// Events per second; goal: tailing >= 0.8x ingest. BENCH_LOGFILE_EVENTS scales it.
import Database from 'better-sqlite3';
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const bin = join(root, 'bin', 'evid.js');
const EVENTS = Number(process.env.BENCH_LOGFILE_EVENTS ?? 100_000);
const SESSIONS = 1_000;

function event(i) {
  return {
    event_id: `bench_${i}`,
    type: i % 3 ? 'llm_call' : 'tool_call',
    model: 'gpt-4o-mini',
    prompt: `question ${i}: what is the refund policy for order ${i * 7}? `.repeat(2),
    completion: `answer ${i}: refunds are accepted within 30 days of delivery.`,
    tokens_prompt: 40,
    tokens_completion: 20,
    timestamp: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(),
  };
}

const session = (i) => `bench_sess_${i % SESSIONS}`;

function writeInputs(dir) {
  const traces = Array.from({ length: SESSIONS }, (_, s) => ({
    session_id: `bench_sess_${s}`,
    agent: 'bench-bot',
    events: [],
  }));
  const logLines = [];
  for (let i = 0; i < EVENTS; i++) {
    traces[i % SESSIONS].events.push(event(i));
    logLines.push(JSON.stringify({ session_id: session(i), agent: 'bench-bot', ...event(i) }));
  }
  writeFileSync(join(dir, 'traces.ndjson'), traces.map((t) => JSON.stringify(t)).join('\n'));
  writeFileSync(join(dir, 'app.log'), `${logLines.join('\n')}\n`);
}

const env = (dataDir) => ({ ...process.env, EVID_DATA_DIR: dataDir, EVID_ACTOR: 'bench' });

function ingest(dir) {
  const data = join(dir, 'ingest');
  const t0 = process.hrtime.bigint();
  execFileSync(process.execPath, [bin, 'traces', 'ingest', join(dir, 'traces.ndjson'), '--json'], {
    env: env(data),
    stdio: ['ignore', 'ignore', 'inherit'],
    maxBuffer: 1 << 30,
  });
  return Number(process.hrtime.bigint() - t0) / 1e9;
}

async function tail(dir) {
  const data = join(dir, 'tail');
  const { AppContext } = await import(join(root, 'dist', 'context.js'));
  const { addSource } = await import(join(root, 'dist', 'sources', 'manage.js'));
  const app = AppContext.fromEnv({ dataDir: data, env: env(data) });
  app.store.transact((tx) =>
    addSource(tx, data, { type: 'logfile', name: 'bench', endpoint: join(dir, 'app.log') }),
  );
  app.close();
  const t0 = process.hrtime.bigint();
  const child = spawn(process.execPath, [bin, 'serve', '--port', '0'], {
    env: { ...env(data), EVID_API_KEY: 'bench-admin-key-0123456789', EVID_LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve) => createInterface({ input: child.stdout }).once('line', resolve));
  const db = new Database(join(data, 'evid.db'), { readonly: true });
  const count = db.prepare('SELECT COUNT(*) AS n FROM events');
  while (count.get().n < EVENTS) await new Promise((r) => setTimeout(r, 50));
  const s = Number(process.hrtime.bigint() - t0) / 1e9;
  db.close();
  await new Promise((r) => (child.once('exit', r), child.kill('SIGTERM')));
  return s;
}

export async function run(log) {
  const dir = mkdtempSync(join(tmpdir(), 'evid-bench-logfile-'));
  try {
    writeInputs(dir);
    log(`${EVENTS} events in ${SESSIONS} sessions`);
    const ingestS = ingest(dir);
    log(`traces ingest: ${ingestS.toFixed(2)} s`);
    const tailS = await tail(dir);
    log(`log tailing: ${tailS.toFixed(2)} s`);
    const ingestRate = EVENTS / ingestS;
    const tailRate = EVENTS / tailS;
    const ratio = tailRate / ingestRate;
    return [
      {
        name: `log tailing vs traces ingest, events/s (${EVENTS} events, ${SESSIONS} sessions interleaved)`,
        result: `${ratio.toFixed(2)}x (${Math.round(tailRate)} events/s)`,
        baseline: `ingest ${Math.round(ingestRate)} events/s`,
        goal: '>= 0.8x',
        pass: ratio >= 0.8,
      },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
