// Issue 2 benchmarks: ingest pipeline vs bare inserts, verify vs bare SHA-256, cold start.
import Database from 'better-sqlite3';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeNdjson, makeTraces } from '../../scripts/gen-traces.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const dist = (p) => import(join(root, 'dist', p));

async function openContext(dir) {
  const { AppContext } = await dist('context.js');
  return AppContext.fromEnv({ dataDir: dir, env: { ...process.env, EVID_ACTOR: 'bench' } });
}

function seconds(fn) {
  const t0 = process.hrtime.bigint();
  const value = fn();
  return { s: Number(process.hrtime.bigint() - t0) / 1e9, value };
}

/** Bare better-sqlite3: the same event rows into a table of the same columns, one transaction. */
function bareInsert(dir, traces) {
  const db = new Database(join(dir, 'bare.db'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.exec(`CREATE TABLE events (id INTEGER PRIMARY KEY, event_id TEXT, trace_ref INTEGER, position INTEGER,
    agent TEXT, type TEXT, model TEXT, prompt TEXT, completion TEXT, tokens_prompt INTEGER,
    tokens_completion INTEGER, timestamp TEXT, attributes TEXT, ingested_at TEXT)`);
  const insert = db.prepare(
    'INSERT INTO events VALUES (NULL, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const now = new Date().toISOString();
  const { s } = seconds(() =>
    db.transaction(() => {
      traces.forEach((t, ti) =>
        t.events.forEach((e, i) =>
          insert.run(
            `ev_${ti}_${i}`,
            ti,
            i,
            t.agent,
            e.type,
            e.model,
            e.prompt,
            e.completion,
            e.tokens_prompt,
            e.tokens_completion,
            e.timestamp,
            '{}',
            now,
          ),
        ),
      );
    })(),
  );
  db.close();
  return s;
}

async function ingestBench(log) {
  const dir = mkdtempSync(join(tmpdir(), 'evid-bench-'));
  try {
    const text = makeNdjson(10_000, 10, { prefix: 'sess_bench', textBytes: 500 });
    const bare = bareInsert(dir, makeTraces(10_000, 10, { prefix: 'sess_bench', textBytes: 500 }));
    const ctx = await openContext(join(dir, 'store'));
    const { parseIngestInput } = await dist('ingest/parse-input.js');
    const { ingestTraces } = await dist('ingest/pipeline.js');
    const { s, value } = seconds(() =>
      ingestTraces(ctx.store, parseIngestInput(text), { source: 'bench' }),
    );
    ctx.close();
    if (value.accepted.length !== 10_000) throw new Error('bench ingest rejected traces');
    log(
      `pipeline ${s.toFixed(2)} s (${Math.round(100_000 / s)} events/s), bare insert ${bare.toFixed(2)} s`,
    );
    const ratio = bare / s;
    return {
      name: 'ingest 100k events (10/trace, 500 B texts): bare insert time / pipeline time',
      result: `${ratio.toFixed(2)} (${Math.round(100_000 / s)} events/s)`,
      baseline: `bare ${bare.toFixed(2)} s vs pipeline ${s.toFixed(2)} s`,
      goal: '>= 0.3',
      pass: ratio >= 0.3,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A store of 1M events: 100k traces x 10 events, so 1.1M ledger entries (one per trace too). */
async function buildMillion(dir, log) {
  const ctx = await openContext(dir);
  const { parseIngestInput } = await dist('ingest/parse-input.js');
  const { ingestTraces } = await dist('ingest/pipeline.js');
  const t0 = Date.now();
  for (let part = 0; part < 10; part++) {
    const text = makeNdjson(10_000, 10, {
      prefix: `sess_m${part}`,
      seed: part + 1,
      textBytes: 200,
    });
    ingestTraces(ctx.store, parseIngestInput(text), { source: 'bench' });
  }
  log(`built 1M-event store in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  ctx.close();
}

async function verifyBench(dir, log) {
  const ctx = await openContext(dir);
  const { verifyLedger } = await dist('store/verify-ledger.js');
  const store = ctx.store;
  const { s, value } = seconds(() =>
    store.read((r) => verifyLedger(r, ctx.signer.publicKey, store.origin)),
  );
  if (!value.ok || value.entries_checked !== 1_100_000)
    throw new Error(`verify failed: ${value.message}`);
  // Baseline: one SHA-256 per stored record and per ledger entry, over the same bytes,
  // already in memory: no SQLite, no canonicalisation, no chain or tree.
  const { canonicalize } = await dist('ledger/jcs.js');
  const { eventRecord, traceRecord } = await dist('store/records.js');
  const blobs = [];
  for (const e of store.db
    .prepare('SELECT e.*, t.trace_id FROM events e JOIN traces t ON t.id = e.trace_ref')
    .iterate())
    blobs.push(Buffer.from(canonicalize(eventRecord(e))));
  for (const t of store.db.prepare('SELECT * FROM traces').iterate())
    blobs.push(Buffer.from(canonicalize(traceRecord(t))));
  for (const l of store.db
    .prepare('SELECT kind, subject_id, digest, recorded_at, actor FROM ledger')
    .iterate())
    blobs.push(Buffer.from(canonicalize(l)));
  ctx.close();
  const { s: bare } = seconds(() => {
    for (const b of blobs) createHash('sha256').update(b).digest();
  });
  log(`verify ${s.toFixed(2)} s, bare SHA-256 over ${blobs.length} blobs ${bare.toFixed(2)} s`);
  const ratio = s / bare;
  return {
    name: 'audit verify, 1.1M ledger entries (1M events): verify time / bare SHA-256 loop',
    result: `${ratio.toFixed(2)}x (${s.toFixed(2)} s)`,
    baseline: `bare ${bare.toFixed(2)} s`,
    goal: '<= 3x and < 10 s',
    pass: ratio <= 3 && s < 10,
  };
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

function timeCommand(args, env, runs = 15) {
  const times = [];
  for (let i = 0; i < runs; i++) {
    const t0 = process.hrtime.bigint();
    execFileSync(process.execPath, args, { env, stdio: ['ignore', 'ignore', 'inherit'] });
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  return median(times);
}

function coldStartBench(dir, log) {
  const env = { ...process.env, EVID_DATA_DIR: dir };
  const bare = timeCommand(['-e', '0'], env);
  const status = timeCommand([join(root, 'bin/evid.js'), 'status', '--json'], env);
  log(
    `node -e 0: ${bare.toFixed(0)} ms, evid status --json: ${status.toFixed(0)} ms (median of 15)`,
  );
  const ratio = status / bare;
  return {
    name: 'cold start of evid status --json on 1M events / node -e 0',
    result: `${ratio.toFixed(2)}x (${status.toFixed(0)} ms)`,
    baseline: `node -e 0 ${bare.toFixed(0)} ms`,
    goal: '<= 2x',
    pass: ratio <= 2,
  };
}

export async function run(log) {
  const rows = [await ingestBench(log)];
  const dir = mkdtempSync(join(tmpdir(), 'evid-bench-1m-'));
  try {
    await buildMillion(dir, log);
    rows.push(await verifyBench(dir, log));
    rows.push(coldStartBench(dir, log));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}
