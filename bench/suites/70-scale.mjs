// Issue 13, the growth curve: stores of 100k and 1M events (10M with `npm run bench -- scale
// --big`), each built as a user builds one, by `evid traces ingest` of an NDJSON file
// (~1.1 KB per event, one trace in 20 carrying an e-mail address and a phone number so the
// findings list is not empty). At each size, every command a child process of its own:
//   ingest events/s and peak RSS; `audit verify` s; `evid status` cold start (median of 5);
//   GET /api/v1/traces and /api/v1/findings p99 (first pages, with and without filters, and
//   time windows); pack build and both pack verifiers over 10% of the store (a time window);
//   store bytes per event. At 100k and 1M also the pack of the WHOLE store and its verify,
//   for the goals (peak RSS <= 300 MB; pack verify <= 2x `audit verify`; build at 1M
//   <= 2x ten times its 100k time). Each cost is then named by how it grows from one size to
//   the next: constant, sublinear, linear, or faster (a bug).
import { appendFileSync, mkdtempSync, rmSync, statSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { makeTraces } from '../../scripts/gen-traces.mjs';
import { hasGnuTime, must, startChild, timedNode } from '../lib/processes.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const evid = join(root, 'bin/evid.js');
const audit = join(root, 'bin/audit.js');
const KEY = 'bench-scale-key-0123456789abcdef0123';
const PART = 1000; // traces per generated chunk; trace t of a chunk starts at minute t
const BASE = Date.parse('2026-11-01T00:00:00Z');
const RSS_GOAL_MB = 300;

/** N events as NDJSON, written a chunk at a time so the bench never holds the file. */
function writeInput(file, events) {
  const traces = events / 10;
  for (let done = 0; done < traces; done += PART) {
    const batch = makeTraces(Math.min(PART, traces - done), 10, {
      prefix: `sess_s${done}`,
      seed: done + 1,
    });
    let text = '';
    batch.forEach((t, i) => {
      if (i % 20 === 0) {
        t.events[0].prompt += ` reach me at jane.doe${i}@example.com or +44 20 7946 0${String(i % 1000).padStart(3, '0')}`;
      }
      text += JSON.stringify(t) + '\n';
    });
    appendFileSync(file, text);
  }
}

const storeBytes = (dir) =>
  ['evid.db', 'evid.db-wal']
    .map((f) => join(dir, f))
    .filter(existsSync)
    .reduce((n, f) => n + statSync(f).size, 0);

function statusColdStartMs(env) {
  const runs = [];
  for (let i = 0; i < 5; i++) {
    const t0 = process.hrtime.bigint();
    const r = spawnSync(process.execPath, [evid, 'status', '--json'], {
      env: { ...process.env, ...env },
      encoding: 'utf8',
    });
    if (r.status !== 0) throw new Error(`evid status failed: ${r.stderr}`);
    runs.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  return runs.sort((a, b) => a - b)[2];
}

const p99 = (ms) => ms.sort((a, b) => a - b)[Math.ceil(ms.length * 0.99) - 1];

/** Sequential GETs (one client, as a dashboard page loads): p99 ms over all the URLs. */
async function listP99(base, urls) {
  const ms = [];
  for (const url of urls) {
    const t0 = process.hrtime.bigint();
    const res = await fetch(base + url, { headers: { authorization: `Bearer ${KEY}` } });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`GET ${url}: ${res.status}`);
    ms.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  return p99(ms);
}

function windowQuery(i) {
  const from = BASE + ((i * 37) % (PART - 60)) * 60_000;
  const until = new Date(from + 60 * 60_000).toISOString();
  return `since=${new Date(from).toISOString()}&until=${until}`;
}

async function restP99(env) {
  const server = await startChild([evid, 'serve', '--port', '0'], {
    ...env,
    EVID_API_KEY: KEY,
    EVID_LOG_LEVEL: 'warn',
    EVID_RATE_LIMIT: 'off',
  });
  try {
    const n = 100;
    const traces = [];
    const findings = [];
    for (let i = 0; i < n; i++) {
      traces.push(
        '/api/v1/traces?limit=50',
        `/api/v1/traces?limit=50&agent=agent-${i % 7}`,
        `/api/v1/traces?limit=50&${windowQuery(i)}`,
      );
      findings.push(
        '/api/v1/findings?limit=50',
        `/api/v1/findings?limit=50&severity=${i % 2 ? 'high' : 'medium'}`,
        `/api/v1/findings?limit=50&status=open&${windowQuery(i)}`,
      );
    }
    await listP99(server.url, traces.slice(0, 30)); // warm the page cache and the JIT
    return {
      traces: await listP99(server.url, traces),
      findings: await listP99(server.url, findings),
    };
  } finally {
    await server.stop();
  }
}

/** Pack build and both verifiers; `args` choose the records (a window, or everything). */
function packRound(env, work, name, args) {
  const zip = join(work, `${name}.zip`);
  const build = must(
    timedNode([evid, 'pack', ...args, '--format', 'html', '--output', zip, '--json'], env),
    `evid pack (${name})`,
  );
  const built = JSON.parse(build.stdout);
  const records = built.counts.traces + built.counts.events;
  const auditVerify = must(
    timedNode([audit, 'evidence', 'verify', zip, '--json'], env),
    `audit evidence verify (${name})`,
  );
  const offline = must(
    timedNode([join(root, 'templates/verify.mjs'), zip, '--fingerprint', built.key_fingerprint]),
    `verify.mjs (${name})`,
  );
  const mib = statSync(zip).size / 2 ** 20;
  rmSync(zip);
  return { records, build, auditVerify, offline, mib };
}

async function measure(events, log) {
  const dir = mkdtempSync(join(tmpdir(), `evid-bench-scale-${events}-`));
  const store = join(dir, 'store');
  const env = { EVID_DATA_DIR: store, EVID_ACTOR: 'bench' };
  try {
    const input = join(dir, 'input.ndjson');
    writeInput(input, events);
    const fileMb = statSync(input).size / 1e6;
    const ingest = must(timedNode([evid, 'traces', 'ingest', input, '--json'], env), 'ingest');
    rmSync(input);
    const summary = JSON.parse(ingest.stdout);
    if (summary.accepted_count !== events / 10) throw new Error('ingest rejected traces');
    log(
      `${events}: ingest of ${fileMb.toFixed(0)} MB ${ingest.s.toFixed(1)} s, ${ingest.rssMb.toFixed(0)} MB`,
    );
    const verify = must(timedNode([audit, 'verify', '--json'], env), 'audit verify');
    const entries = JSON.parse(verify.stdout).tree_size;
    const status = statusColdStartMs(env);
    const rest = await restP99(env);
    const windowEnd = new Date(BASE + (PART / 10) * 60_000 - 1).toISOString();
    const tenth = packRound(env, dir, 'tenth', [
      '--since',
      new Date(BASE).toISOString(),
      '--until',
      windowEnd,
    ]);
    const whole =
      events <= 1_000_000 ? packRound(env, dir, 'whole', ['--since', '2000-01-01']) : undefined;
    const bytes = storeBytes(store) / events;
    const m = { events, entries, ingest, verify, status, rest, tenth, whole, bytes };
    log(
      `${events}: verify ${verify.s.toFixed(1)} s; status ${status.toFixed(0)} ms; traces p99 ${rest.traces.toFixed(1)} ms, findings p99 ${rest.findings.toFixed(1)} ms; 10% pack ${tenth.build.s.toFixed(1)} s ${tenth.build.rssMb.toFixed(0)} MB; ${bytes.toFixed(0)} B/event`,
    );
    return m;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** How a cost grows over a tenfold step: the exponent k of n^k, named. */
function growth(a, b, ratioOfSizes) {
  const k = Math.log(b / a) / Math.log(ratioOfSizes);
  const name =
    k < 0.2 ? 'constant' : k < 0.8 ? 'sublinear' : k <= 1.25 ? 'linear' : 'FASTER than linear';
  return `${name} (x${(b / a).toFixed(1)})`;
}

const fmtK = (n) => (n >= 1e6 ? `${n / 1e6}M` : `${n / 1e3}k`);
const run1 = (r) => `${r.s.toFixed(1)} s, ${r.rssMb.toFixed(0)} MB`;

export async function run(log, { flags = [] } = {}) {
  if (!hasGnuTime()) {
    log('/usr/bin/time not found: the scale suite needs GNU time for peak RSS');
    return [];
  }
  // EVID_BENCH_SCALE_SIZES=20000,200000 for a quick look at the suite itself.
  const sizes = process.env.EVID_BENCH_SCALE_SIZES
    ? process.env.EVID_BENCH_SCALE_SIZES.split(',').map(Number)
    : [100_000, 1_000_000, ...(flags.includes('--big') ? [10_000_000] : [])];
  const ms = [];
  for (const n of sizes) ms.push(await measure(n, log));

  const curve = (name, value, fmt, goal = 'growth no faster than linear') => {
    const parts = ms.map((m) => `${fmtK(m.events)}: ${fmt(value(m))}`);
    const steps = ms
      .slice(1)
      .map((m, i) => growth(value(ms[i]), value(m), m.events / ms[i].events));
    const last = steps.at(-1) ?? '';
    return {
      name: `scale: ${name}`,
      result: parts.join('; '),
      baseline: steps.join(', then '),
      goal,
      pass: !last.startsWith('FASTER'),
    };
  };
  const rows = [
    curve(
      'ingest events/s (detectors on)',
      (m) => m.events / m.ingest.s,
      (v) => `${v.toFixed(0)}/s`,
      'constant',
    ),
    curve(
      'ingest peak RSS',
      (m) => m.ingest.rssMb,
      (v) => `${v.toFixed(0)} MB`,
      'constant',
    ),
    curve(
      'audit verify',
      (m) => m.verify.s,
      (v) => `${v.toFixed(1)} s`,
    ),
    curve(
      'evid status cold start (median of 5)',
      (m) => m.status,
      (v) => `${v.toFixed(0)} ms`,
      'constant',
    ),
    curve(
      'GET /api/v1/traces p99 (first pages, filters, windows)',
      (m) => m.rest.traces,
      (v) => `${v.toFixed(1)} ms`,
      'constant',
    ),
    curve(
      'GET /api/v1/findings p99 (first pages, filters, windows)',
      (m) => m.rest.findings,
      (v) => `${v.toFixed(1)} ms`,
      'constant',
    ),
    curve(
      'pack build over 10% of the store',
      (m) => m.tenth.build.s,
      (v) => `${v.toFixed(1)} s`,
    ),
    curve(
      'pack build over 10%: peak RSS',
      (m) => m.tenth.build.rssMb,
      (v) => `${v.toFixed(0)} MB`,
      'constant',
    ),
    curve(
      'audit evidence verify of that pack',
      (m) => m.tenth.auditVerify.s,
      (v) => `${v.toFixed(1)} s`,
    ),
    curve(
      'audit evidence verify of that pack: peak RSS',
      (m) => m.tenth.auditVerify.rssMb,
      (v) => `${v.toFixed(0)} MB`,
      'constant',
    ),
    curve(
      'verify.mjs of that pack',
      (m) => m.tenth.offline.s,
      (v) => `${v.toFixed(1)} s`,
    ),
    curve(
      'verify.mjs of that pack: peak RSS',
      (m) => m.tenth.offline.rssMb,
      (v) => `${v.toFixed(0)} MB`,
      'constant',
    ),
    curve(
      'store bytes per event',
      (m) => m.bytes,
      (v) => `${v.toFixed(0)} B`,
      'constant',
    ),
  ];

  // The goals compare the two sizes that have whole-store packs (100k and 1M by default).
  const [m100, m1] = ms.filter((m) => m.whole);
  if (m1?.whole && m100?.whole) {
    const w = m1.whole;
    rows.push({
      name: 'scale goal: peak RSS at 1M events (ingest; whole-store pack build; its verify by both verifiers)',
      result: `ingest ${run1(m1.ingest)}; build ${run1(w.build)} (${w.mib.toFixed(0)} MiB zip); audit evidence verify ${run1(w.auditVerify)}; verify.mjs ${run1(w.offline)}`,
      baseline: `${w.records} records`,
      goal: `each <= ${RSS_GOAL_MB} MB`,
      pass: [m1.ingest, w.build, w.auditVerify, w.offline].every((r) => r.rssMb <= RSS_GOAL_MB),
    });
    for (const [who, r] of [
      ['audit evidence verify', w.auditVerify],
      ['verify.mjs', w.offline],
    ]) {
      rows.push({
        name: `scale goal: ${who} of the 1M pack (${w.records} records) / audit verify of ${m1.entries} entries`,
        result: `${(r.s / m1.verify.s).toFixed(2)}x (${r.s.toFixed(1)} s)`,
        baseline: `audit verify ${m1.verify.s.toFixed(1)} s`,
        goal: '<= 2x',
        pass: r.s / m1.verify.s <= 2,
      });
    }
    const linear = w.build.s / (10 * m100.whole.build.s);
    rows.push({
      name: 'scale goal: whole-store pack build at 1M / 10x its 100k time',
      result: `${linear.toFixed(2)}x (${w.build.s.toFixed(1)} s vs 10 x ${m100.whole.build.s.toFixed(1)} s)`,
      baseline: '',
      goal: '<= 2x',
      pass: linear <= 2,
    });
  }
  return rows;
}
