// Issue 15 benchmark: the dashboard. What a first load ships (JS + CSS of dist/dashboard,
// gzipped), the time from navigation to the overview's first render in headless Chromium on
// loopback, and the p99 of the traces and findings pages' API calls, on a store of
// EVID_BENCH_DASH_EVENTS events (default 1,000,000), built in-process with the detectors off
// plus a small batch with the detectors on so that there are findings to page through.
// EVID_BENCH_DASH_DIR keeps (and on later runs reuses) the store. Chromium is Debian's
// (`apt-get install chromium`) or CHROMIUM_PATH; without one the browser row is a MISS.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { ingestGenerated, openBenchContext } from '../lib/store.mjs';
import { startChild } from '../lib/processes.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const dist = (p) => import(join(root, 'dist', p));
const KEY = 'bench-dashboard-key-0123456789abcdef';
const EMAIL = 'bench@example.com';
const PASSWORD = 'bench password 0123';
const GOALS = { firstLoadKb: 150, overviewMs: 1000, apiP99Ms: 50 };
const FINDING_TRACES = 500;

/** What index.html loads: its scripts and stylesheets, each gzipped at level 9. */
function firstLoadBytes() {
  const dir = join(root, 'dist', 'dashboard');
  const html = readFileSync(join(dir, 'index.html'), 'utf8');
  const assets = [...html.matchAll(/(?:src|href)="\/?(assets\/[^"]+\.(?:js|css))"/g)].map(
    (m) => m[1],
  );
  if (assets.length === 0) throw new Error('no assets in dist/dashboard/index.html: npm run build');
  const gz = assets.reduce(
    (n, a) => n + gzipSync(readFileSync(join(dir, a)), { level: 9 }).length,
    0,
  );
  return { assets, gz };
}

/** Traces with an e-mail address in a prompt, so the PII detector files findings. */
function findingTraces() {
  const base = Date.now() - 3 * 86_400_000;
  return Array.from({ length: FINDING_TRACES }, (_, t) =>
    JSON.stringify({
      session_id: `sess_dash_f${t}`,
      agent: `agent-${t % 7}`,
      framework: 'langchain',
      events: [
        {
          type: 'llm_call',
          model: 'gpt-4o-mini',
          prompt: `Send the statement to customer${t}@example-mail.org please.`,
          completion: 'Done.',
          timestamp: new Date(base + t * 60_000).toISOString(),
        },
      ],
    }),
  ).join('\n');
}

async function buildStore(dir, events, log) {
  const { parseIngestInput } = await dist('ingest/parse-input.js');
  const { ingestTraces } = await dist('ingest/pipeline.js');
  const ctx = await openBenchContext(dir);
  const t0 = Date.now();
  const built = await ingestGenerated(ctx, { events, prefix: 'sess_d', textBytes: 200 });
  ingestTraces(ctx.store, parseIngestInput(findingTraces()), { source: 'bench' });
  ctx.close();
  log(
    `built a ${built + FINDING_TRACES}-event store in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
  );
  const added = spawnSync(
    process.execPath,
    [join(root, 'bin/evid.js'), 'admin', 'users', 'add', '--email', EMAIL, '--role', 'admin'],
    { input: PASSWORD, env: { ...process.env, EVID_DATA_DIR: dir }, encoding: 'utf8' },
  );
  if (added.status !== 0) throw new Error(`users add failed: ${added.stderr}`);
}

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];

/** p99 and median of GETs of `paths`, one at a time, as the dashboard issues them. */
async function apiTimes(url, paths, rounds) {
  const times = [];
  for (let i = 0; i < rounds; i++) {
    const path = paths[i % paths.length];
    const t0 = process.hrtime.bigint();
    const res = await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${KEY}` } });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`GET ${path}: ${res.status}`);
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  times.sort((a, b) => a - b);
  return { p99: percentile(times, 0.99), p50: percentile(times, 0.5) };
}

function chromiumPath() {
  return [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
    (p) => p && existsSync(p),
  );
}

/** Navigation to the overview's chart and cards, each in a fresh context (a cold cache). */
async function overviewRenders(url, runs) {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const times = [];
  try {
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext();
      const signIn = await context.request.post(`${url}/api/v1/session`, {
        data: { email: EMAIL, password: PASSWORD },
      });
      if (!signIn.ok()) throw new Error(`sign-in: ${signIn.status()}`);
      const page = await context.newPage();
      const t0 = process.hrtime.bigint();
      await page.goto(url);
      await page.locator('.chart canvas').waitFor();
      await page.locator('.card-value').first().waitFor();
      times.push(Number(process.hrtime.bigint() - t0) / 1e6);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return times.sort((a, b) => a - b);
}

export async function run(log) {
  const events = Number(process.env.EVID_BENCH_DASH_EVENTS ?? 1_000_000);
  const keep = process.env.EVID_BENCH_DASH_DIR;
  const store = keep ?? mkdtempSync(join(tmpdir(), 'evid-bench-65-'));
  const rows = [];
  const load = firstLoadBytes();
  rows.push({
    name: `dashboard first load, JS + CSS gzipped (${load.assets.length} files)`,
    result: `${(load.gz / 1024).toFixed(1)} KB`,
    goal: `<= ${GOALS.firstLoadKb} KB`,
    pass: load.gz / 1024 <= GOALS.firstLoadKb,
  });
  let server;
  try {
    if (!existsSync(join(store, 'evid.db'))) {
      mkdirSync(store, { recursive: true });
      await buildStore(store, events, log);
    } else log(`reusing the store in ${store}`);
    server = await startChild([join(root, 'bin/audit.js'), 'serve', '--port', '0'], {
      EVID_DATA_DIR: store,
      EVID_API_KEY: KEY,
      EVID_LOG_LEVEL: 'warn',
      NO_COLOR: '1',
    });
    const label = `${Math.round(events / 1000)}k events`;
    // The overview's own API call, to tell the server's part of a first render from the browser's.
    const overviewApi = await apiTimes(server.url, ['/api/v1/overview?days=30'], 10);
    log(
      `GET /api/v1/overview: p50 ${overviewApi.p50.toFixed(1)} ms, max ${overviewApi.p99.toFixed(1)} ms`,
    );
    if (chromiumPath()) {
      const times = await overviewRenders(server.url, 5);
      const median = times[Math.floor(times.length / 2)];
      log(`overview first render (ms): ${times.map((t) => t.toFixed(0)).join(', ')}`);
      rows.push({
        name: `overview first render in headless Chromium, ${label} (median of 5, cold cache)`,
        result: `${median.toFixed(0)} ms (max ${times.at(-1).toFixed(0)} ms)`,
        goal: `< ${GOALS.overviewMs} ms`,
        pass: median < GOALS.overviewMs,
      });
    } else {
      rows.push({
        name: `overview first render in headless Chromium, ${label}`,
        result: 'no Chromium (apt-get install chromium, or CHROMIUM_PATH)',
        goal: `< ${GOALS.overviewMs} ms`,
        pass: false,
      });
    }
    // The dashboard's page size (web/src/pages/traces.tsx, findings.tsx: virtualised rows).
    const PAGE = 200;
    const offsets = [0, 50, 500, 5000];
    const tracePaths = [
      ...offsets.map((o) => `/api/v1/traces?limit=${PAGE}&offset=${o}`),
      `/api/v1/traces?limit=${PAGE}&agent=agent-3`,
      `/api/v1/traces?limit=${PAGE}&since=30d`,
    ];
    const findingPaths = [
      ...offsets.slice(0, 3).map((o) => `/api/v1/findings?limit=${PAGE}&offset=${o}`),
      `/api/v1/findings?limit=${PAGE}&status=open`,
      `/api/v1/findings?limit=${PAGE}&severity=high`,
      `/api/v1/findings?limit=${PAGE}&agent=agent-3`,
    ];
    for (const [what, paths] of [
      ['traces', tracePaths],
      ['findings', findingPaths],
    ]) {
      await apiTimes(server.url, paths, paths.length); // warm the page cache
      const t = await apiTimes(server.url, paths, 300);
      rows.push({
        name: `GET ${what} page (${PAGE} rows, filters and offsets to 5000) p99, ${label}`,
        result: `${t.p99.toFixed(1)} ms`,
        baseline: `p50 ${t.p50.toFixed(1)} ms`,
        goal: `< ${GOALS.apiP99Ms} ms`,
        pass: t.p99 < GOALS.apiP99Ms,
      });
    }
    return rows;
  } finally {
    await server?.stop();
    if (!keep) rmSync(store, { recursive: true, force: true });
  }
}
