// Issue 13 benchmark: peak memory of `evid traces ingest` of a big NDJSON file (the issue's
// 348 MB, 300k events, 30k traces took 1.1 GB read whole). The real command in a child
// process, detectors on as a user runs it; peak RSS from GNU time (`/usr/bin/time -v`).
// Throughput is reported beside it; the pipeline's own events/s against bare inserts is
// the ingest row of 10-foundation, which this change leaves alone.
import { execFileSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeNdjson } from '../../scripts/gen-traces.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const TIME = '/usr/bin/time';
const TRACES = 30_000;
const EVENTS_PER_TRACE = 10;
const GOAL_MB = 300;

export async function run(log) {
  if (!existsSync(TIME)) {
    log(`${TIME} not found: peak RSS not measured`);
    return [];
  }
  const dir = mkdtempSync(join(tmpdir(), 'evid-bench-ingest-mem-'));
  try {
    const file = join(dir, 'big.ndjson');
    // Written a thousand traces at a time, so the bench itself never holds the file.
    for (let done = 0; done < TRACES; done += 1000) {
      appendFileSync(
        file,
        makeNdjson(1000, EVENTS_PER_TRACE, { prefix: `sess_mem_${done}`, seed: done + 1 }),
      );
    }
    const size = statSync(file).size;
    log(`generated ${(size / 1e6).toFixed(0)} MB, ${TRACES} traces`);
    const timeFile = join(dir, 'time.txt');
    const t0 = process.hrtime.bigint();
    const out = execFileSync(
      TIME,
      [
        '-v',
        '-o',
        timeFile,
        process.execPath,
        join(root, 'bin/evid.js'),
        'traces',
        'ingest',
        file,
        '--json',
      ],
      { env: { ...process.env, EVID_DATA_DIR: join(dir, 'store') }, maxBuffer: 64 << 20 },
    );
    const s = Number(process.hrtime.bigint() - t0) / 1e9;
    const summary = JSON.parse(out.toString());
    if (summary.accepted_count !== TRACES) throw new Error('bench ingest rejected traces');
    const kb = Number(
      /Maximum resident set size \(kbytes\): (\d+)/.exec(readFileSync(timeFile, 'utf8'))[1],
    );
    const mb = kb / 1024;
    const events = TRACES * EVENTS_PER_TRACE;
    log(`peak RSS ${mb.toFixed(0)} MB, ${s.toFixed(1)} s, ${Math.round(events / s)} events/s`);
    return [
      {
        name: `traces ingest of a ${(size / 1e6).toFixed(0)} MB NDJSON file (${events / 1000}k events), detectors on: peak RSS`,
        result: `${mb.toFixed(0)} MB (${Math.round(events / s)} events/s, ${(size / 1e6 / s).toFixed(1)} MB/s)`,
        baseline: `file ${(size / 2 ** 20).toFixed(0)} MiB; read whole (before issue 13) 1.1 GB`,
        goal: `<= ${GOAL_MB} MB`,
        pass: mb <= GOAL_MB,
      },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
