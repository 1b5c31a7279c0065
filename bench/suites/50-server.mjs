// Issue 5 benchmarks: the REST server under autocannon, each figure beside a bare fastify
// route on the same machine in the same run (the ceiling).
//   POST /api/v1/traces (10 events per trace, unique session ids) vs a bare POST route that
//     parses the same JSON body and answers 201;
//   GET /api/v1/findings (default page of 50) on a store of 1M events and 100k findings vs a
//     bare GET route answering a small JSON document.
// Both servers run as child processes, autocannon in this one. Each figure is measured in
// ROUNDS windows alternating between the bare route and the server (bare, server, bare,
// server), so both see the same load from whatever else runs on the machine: measured one
// after the other, the bare route alone moved 2x between consecutive 10 s windows here.
// Where /proc exists, the CPU time each server process spent per request is reported too.
// BENCH_SERVER_EVENTS scales the store down (default 1,000,000).
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startChild } from '../lib/processes.mjs';
import { makeTraces } from '../../scripts/gen-traces.mjs';
import { addFindingPerTrace, ingestGenerated, openBenchContext } from '../lib/store.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const dist = (p) => import(join(root, 'dist', p));
const KEY = 'bench-admin-key-0123456789';
const EVENTS = Number(process.env.BENCH_SERVER_EVENTS ?? 1_000_000);
const DURATION = 10;
const ROUNDS = 2;
const CONNECTIONS = 8;

/** 1M events (100k traces x 10) with the pipeline (detect: false), then 100k findings. */
async function buildStore(dir, log) {
  const ctx = await openBenchContext(dir);
  const t0 = Date.now();
  await ingestGenerated(ctx, { events: EVENTS, prefix: 'sess_s', textBytes: 100 });
  const findings = await addFindingPerTrace(ctx);
  ctx.close();
  log(
    `built store: ${EVENTS} events, ${findings} findings in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
  );
}

/** A bare fastify server (same version, same machine): the ceiling for each route shape. */
const BARE = `
import Fastify from 'fastify';
const app = Fastify({ logger: false, bodyLimit: 11 * 1024 * 1024 });
app.post('/bare', async (req, reply) => { reply.code(201); return { ok: true, n: req.body.events.length }; });
app.get('/bare', async () => ({ findings: [], total: 0, page: 1, page_size: 50 }));
await app.listen({ host: '127.0.0.1', port: 0 });
process.stdout.write(JSON.stringify({ listening: 'http://127.0.0.1:' + app.server.address().port }) + '\\n');
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
`;

function cannon(options) {
  return new Promise((resolve, reject) =>
    autocannon(
      { connections: CONNECTIONS, duration: DURATION / ROUNDS, timeout: 60, ...options },
      (err, result) => (err ? reject(err) : resolve(result)),
    ),
  );
}

/**
 * CPU time (user + system, ms) so far, from /proc; undefined elsewhere. `thread` = the pid:
 * the main thread alone (the event loop), which bounds req/s when a core is free for it.
 */
function cpuMs(pid, { thread = false } = {}) {
  const file = thread ? `/proc/${pid}/task/${pid}/stat` : `/proc/${pid}/stat`;
  if (!existsSync(file)) return undefined;
  const fields = readFileSync(file, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10; // clock ticks of 10 ms
}

/**
 * One figure: ROUNDS alternating windows of the bare route and the server, summed. req/s
 * is requests over the whole time; p99 is the worst window's; cpu is ms per request.
 */
async function paired(bare, bareOptions, server, serverOptions) {
  const runs = { bare: [], server: [] };
  const load = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, child, options] of [
      ['bare', bare, bareOptions],
      ['server', server, serverOptions],
    ]) {
      const before = cpuMs(child.pid);
      const loopBefore = cpuMs(child.pid, { thread: true });
      const result = await cannon(options);
      const after = cpuMs(child.pid);
      const loop =
        loopBefore === undefined ? undefined : cpuMs(child.pid, { thread: true }) - loopBefore;
      runs[name].push({ result, cpu: before === undefined ? undefined : after - before, loop });
    }
    load.push(loadavg()[0]);
  }
  const merge = (list) => {
    const total = list.reduce((n, r) => n + r.result.requests.total, 0);
    const perRequest = (key) =>
      list.every((r) => r[key] !== undefined)
        ? list.reduce((n, r) => n + r[key], 0) / total
        : undefined;
    const cpu = perRequest('cpu');
    const loop = perRequest('loop');
    return {
      requests: { average: total / DURATION, total },
      latency: {
        p50: Math.max(...list.map((r) => r.result.latency.p50)),
        p99: Math.max(...list.map((r) => r.result.latency.p99)),
      },
      errors: list.reduce((n, r) => n + r.result.errors, 0),
      non2xx: list.reduce((n, r) => n + r.result.non2xx, 0),
      cpu,
      loop,
    };
  };
  return { bare: merge(runs.bare), server: merge(runs.server), load: Math.max(...load) };
}

/** Unique session ids per request, 10 events per trace (the shape of the ingest benchmark). */
function traceRequests(prefix) {
  const template = makeTraces(1, 10, { prefix, textBytes: 500 })[0];
  let n = 0;
  return [
    {
      method: 'POST',
      setupRequest: (req) => ({
        ...req,
        body: JSON.stringify({ ...template, session_id: `${prefix}_${n++}` }),
      }),
    },
  ];
}

const summary = (r) =>
  `${Math.round(r.requests.average)} req/s, p99 ${r.latency.p99} ms${r.errors || r.non2xx ? `, ${r.errors} errors, ${r.non2xx} non-2xx` : ''}`;
const cpuText = (r) =>
  r.cpu === undefined ? '' : `, ${r.cpu.toFixed(2)} ms CPU/req (event loop ${r.loop.toFixed(2)})`;

/**
 * Diagnostic: the same traces through ingestTraces in-process, 8 at a time (what group
 * commit does with 8 connections), on the same store: the domain's own ceiling.
 */
async function inProcessIngest(dir) {
  const { AppContext } = await dist('context.js');
  const { ingestTraces } = await dist('ingest/pipeline.js');
  const ctx = AppContext.fromEnv({ dataDir: dir, env: { ...process.env, EVID_ACTOR: 'bench' } });
  const template = makeTraces(1, 10, { prefix: 'inproc', textBytes: 500 })[0];
  let n = 0;
  const t0 = performance.now();
  while (performance.now() - t0 < 5_000) {
    const items = Array.from({ length: 8 }, (_, index) => ({
      index,
      value: { ...template, session_id: `sess_inproc_${n++}` },
    }));
    ingestTraces(ctx.store, items, { source: 'bench' });
  }
  const perSecond = n / ((performance.now() - t0) / 1000);
  ctx.close();
  return perSecond;
}

/**
 * Diagnostic, the floor under the ingest ratio: the rows one served trace wrote (its trace,
 * its events, its ledger entries, a tree head per transaction) inserted again with bare
 * prepared statements, 8 traces per transaction (what group commit does with 8
 * connections), on the same 1M-event store, after the server stopped. No validation, no
 * detection, no hashing, no signing: what SQLite alone costs per trace. Added to the bare
 * route's own CPU per request, it bounds the ratio any pipeline on one thread could reach.
 */
function bareInsertFloor(dbPath) {
  const db = new Database(dbPath);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  // As the server's writer: its WAL checkpoints run on another thread (checkpointer.ts), so
  // none is counted here. The WAL starts empty and is checkpointed after the measurement.
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.pragma('wal_autocheckpoint = 0');
  const trace = db
    .prepare("SELECT * FROM traces WHERE source = 'rest' ORDER BY id DESC LIMIT 1")
    .get();
  const events = db.prepare('SELECT * FROM events WHERE trace_ref = ?').all(trace.id);
  const subjects = [trace.trace_id, ...events.map((e) => e.event_id)];
  const ledger = db
    .prepare(`SELECT * FROM ledger WHERE subject_id IN (${subjects.map(() => '?').join(',')})`)
    .all(...subjects);
  const head = db.prepare('SELECT * FROM tree_heads ORDER BY tree_size DESC LIMIT 1').get();
  const insert = (table, row, omit) => {
    const cols = Object.keys(row).filter((c) => c !== omit);
    const stmt = db.prepare(
      `INSERT INTO ${table} (${cols.join(', ')}) VALUES (${cols.map(() => '?').join(', ')})`,
    );
    return (values) => stmt.run(cols.map((c) => (c in values ? values[c] : row[c])));
  };
  const insTrace = insert('traces', trace, 'id');
  const insEvent = events.map((e) => insert('events', e, 'id'));
  const insLedger = ledger.map((l) => insert('ledger', l, 'seq'));
  const insHead = insert('tree_heads', head, undefined);
  let n = 0;
  let size = head.tree_size;
  const batch = db.transaction((count) => {
    for (let t = 0; t < count; t++, n++) {
      const ref = insTrace({
        trace_id: `tr_floor_${n}`,
        session_id: `sess_floor_${n}`,
      }).lastInsertRowid;
      insEvent.forEach((ins, i) => ins({ event_id: `ev_floor_${n}_${i}`, trace_ref: ref }));
      for (const ins of insLedger) ins({});
    }
    size += count * ledger.length;
    insHead({ tree_size: size });
  });
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  while (performance.now() - t0 < 4_000) batch(8);
  const c = process.cpuUsage(c0);
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  return { cpu: (c.user + c.system) / 1000 / n, rows: 1 + events.length + ledger.length };
}

export async function run(log) {
  const dir = mkdtempSync(join(tmpdir(), 'evid-bench-server-'));
  const rows = [];
  let bareRoute; // the bare POST route's figures: req/s and ms of CPU per request
  try {
    await buildStore(join(dir, 'store'), log);
    const barePath = join(root, 'bench', `.bare-server-${process.pid}.mjs`);
    writeFileSync(barePath, BARE);
    const bare = await startChild([barePath], {});
    const server = await startChild([join(root, 'bin/evid.js'), 'serve', '--port', '0'], {
      EVID_DATA_DIR: join(dir, 'store'),
      EVID_API_KEY: KEY,
      EVID_LOG_LEVEL: 'warn',
      EVID_RATE_LIMIT: '100000000',
    });
    try {
      const headers = { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' };
      const ingest = await paired(
        bare,
        { url: `${bare.url}/bare`, headers, requests: traceRequests('sess_bare') },
        server,
        { url: `${server.url}/api/v1/traces`, headers, requests: traceRequests('sess_cannon') },
      );
      log(
        `POST /api/v1/traces: ${summary(ingest.server)}${cpuText(ingest.server)}; bare POST: ${summary(ingest.bare)}${cpuText(ingest.bare)}; load ${ingest.load.toFixed(1)}`,
      );
      const ratio = ingest.server.requests.average / ingest.bare.requests.average;
      rows.push({
        name: 'POST /api/v1/traces (10 events/trace, 8 connections) req/s / bare fastify POST',
        result: `${ratio.toFixed(2)} (${summary(ingest.server)})`,
        baseline: `bare ${summary(ingest.bare)}; load ${ingest.load.toFixed(1)}`,
        goal: '>= 0.3',
        pass: ratio >= 0.3 && ingest.server.errors === 0 && ingest.server.non2xx === 0,
      });
      bareRoute = { rps: ingest.bare.requests.average, cpu: ingest.bare.cpu };
      if (ingest.server.cpu !== undefined) {
        rows.push({
          name: 'diagnostic: server CPU per POST /api/v1/traces / bare route CPU per POST',
          result: `${(ingest.server.cpu / ingest.bare.cpu).toFixed(1)}x (${ingest.server.cpu.toFixed(2)} ms vs ${ingest.bare.cpu.toFixed(2)} ms; server event loop ${ingest.server.loop.toFixed(2)} ms)`,
          baseline: 'CPU time of each server process over its requests',
          goal: 'info',
          pass: true,
        });
      }
      const list = await paired(bare, { url: `${bare.url}/bare`, headers }, server, {
        url: `${server.url}/api/v1/findings`,
        headers,
      });
      log(
        `GET /api/v1/findings: ${summary(list.server)}${cpuText(list.server)}; bare GET: ${summary(list.bare)}; load ${list.load.toFixed(1)}`,
      );
      rows.push({
        name: `GET /api/v1/findings (page of 50) on ${EVENTS / 1e6}M events: p99`,
        result: `${list.server.latency.p99} ms (${summary(list.server)}${cpuText(list.server)})`,
        baseline: `bare ${summary(list.bare)}; load ${list.load.toFixed(1)}`,
        goal: 'p99 < 50 ms',
        pass: list.server.latency.p99 < 50 && list.server.errors === 0 && list.server.non2xx === 0,
      });
    } finally {
      await server.stop();
      await bare.stop();
      rmSync(barePath, { force: true });
    }
    const floor = bareInsertFloor(join(dir, 'store', 'evid.db'));
    // One thread that must spend the bare route's CPU and the floor's per trace serves at
    // most 1000 / (both) traces/s; against the bare route's req/s, that bounds the ratio.
    const bound = bareRoute?.cpu ? 1000 / (bareRoute.cpu + floor.cpu) / bareRoute.rps : undefined;
    log(
      `bare inserts of one trace's ${floor.rows} rows, 8 traces per transaction: ${floor.cpu.toFixed(3)} ms CPU per trace`,
    );
    rows.push({
      name: "diagnostic: floor: bare SQLite inserts of one served trace's rows (8 traces per transaction, same store)",
      result: `${floor.cpu.toFixed(2)} ms CPU per trace (${floor.rows} rows)${bound === undefined ? '' : `; a pipeline costing nothing more, on one thread, reaches at most ${bound.toFixed(2)} of the bare route`}`,
      baseline: 'no validation, detection, hashing or signing: SQLite alone',
      goal: 'info',
      pass: true,
    });
    const domain = await inProcessIngest(join(dir, 'store'));
    const served = rows[0] ? Number(/\((\d+) req\/s/.exec(rows[0].result)?.[1] ?? 0) : 0;
    log(`in-process ingestTraces, 8 traces per call: ${Math.round(domain)} traces/s`);
    rows.push({
      name: 'diagnostic: POST /api/v1/traces req/s / in-process ingestTraces (8 per call) traces/s',
      result: `${(served / domain).toFixed(2)} (${Math.round(domain)} traces/s in-process)`,
      baseline: 'the pipeline without HTTP',
      goal: 'info',
      pass: true,
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}
