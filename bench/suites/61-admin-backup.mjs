// Issue 14 benchmark: `evid admin backup` of a 1M-event store (SQLite's online backup API,
// SHA-256 of the copy, zip with a manifest) against `sqlite3 evid.db ".backup"` of the same
// store, measured in the same run. Both are run as child processes; the ratio is sqlite3's
// time over ours (1 = as fast as a bare page copy; the zip and hash add work on top).
//
// EVID_BENCH_BACKUP_EVENTS (default 1,000,000) sets the store size; EVID_BENCH_1M_DIR keeps
// (and on later runs reuses) the store, as in 40-export-packs.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ingestGenerated, openBenchContext } from '../lib/store.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const GOAL_RATIO = 0.25;

async function buildStore(dir, events, log) {
  const ctx = await openBenchContext(dir);
  const t0 = Date.now();
  const built = await ingestGenerated(ctx, {
    events: Math.ceil(events / 100_000) * 100_000,
    prefix: 'sess_m',
    textBytes: 200,
  });
  log(`built a ${built / 1000}k-event store in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  ctx.close();
}

function timed(cmd, args, env = {}) {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(cmd, args, { env: { ...process.env, ...env }, encoding: 'utf8' });
  const s = Number(process.hrtime.bigint() - t0) / 1e9;
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed: ${r.stderr}`);
  return s;
}

export async function run(log) {
  const events = Number(process.env.EVID_BENCH_BACKUP_EVENTS ?? 1_000_000);
  const keep = process.env.EVID_BENCH_1M_DIR;
  const store = keep ?? mkdtempSync(join(tmpdir(), 'evid-bench-60-'));
  const work = mkdtempSync(join(tmpdir(), 'evid-bench-60-out-'));
  try {
    if (!existsSync(join(store, 'evid.db'))) {
      mkdirSync(store, { recursive: true });
      await buildStore(store, events, log);
    } else log(`reusing the store in ${store}`);
    const dbBytes = statSync(join(store, 'evid.db')).size;
    const sqlite = timed('sqlite3', [join(store, 'evid.db'), `.backup ${join(work, 'copy.db')}`]);
    const ours = timed(
      process.execPath,
      [join(root, 'bin/evid.js'), 'admin', 'backup', '--output', join(work, 'b.zip')],
      {
        EVID_DATA_DIR: store,
        EVID_ACTOR: 'bench',
      },
    );
    const zipBytes = statSync(join(work, 'b.zip')).size;
    log(
      `store ${(dbBytes / 2 ** 20).toFixed(0)} MiB; sqlite3 .backup ${sqlite.toFixed(2)} s; evid admin backup ${ours.toFixed(2)} s (${(zipBytes / 2 ** 20).toFixed(0)} MiB zip)`,
    );
    const ratio = sqlite / ours;
    return [
      {
        name: `admin backup of ${events / 1000}k events (sqlite3 .backup time / ours)`,
        result: `${ratio.toFixed(2)} (${ours.toFixed(1)} s, ${(zipBytes / 2 ** 20).toFixed(0)} MiB)`,
        baseline: `sqlite3 .backup ${sqlite.toFixed(1)} s, ${(dbBytes / 2 ** 20).toFixed(0)} MiB`,
        goal: `>= ${GOAL_RATIO}`,
        pass: ratio >= GOAL_RATIO,
      },
    ];
  } finally {
    rmSync(work, { recursive: true, force: true });
    if (!keep) rmSync(store, { recursive: true, force: true });
  }
}
