import { execa } from 'execa';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeNdjson } from '../../scripts/gen-traces.mjs';
import { ROOT, runJson, tempDataDir } from '../support/cli.js';
import { withDb } from '../support/tamper.js';

const dirs: Array<{ cleanup(): void }> = [];
afterAll(() => dirs.forEach((d) => d.cleanup()));

/** Traces whose stored event rows do not add up to their event_count (must be none). */
function partialTraces(dir: string): number {
  return withDb(
    dir,
    (db) =>
      (
        db
          .prepare(
            `SELECT COUNT(*) AS n FROM (SELECT t.event_count, COUNT(e.id) AS c FROM traces t
             LEFT JOIN events e ON e.trace_ref = t.id GROUP BY t.id HAVING c != t.event_count)`,
          )
          .get() as { n: number }
      ).n,
  );
}

describe('several processes on one store', () => {
  it('two ingest processes at once: every trace stored, no SQLITE_BUSY, chain valid', async () => {
    const store = tempDataDir();
    dirs.push(store);
    const files = ['a', 'b'].map((p) => {
      const f = join(store.dir, `${p}.ndjson`);
      writeFileSync(f, makeNdjson(1500, 10, { prefix: `sess_${p}`, textBytes: 200 }));
      return f;
    });
    const runs = await Promise.all(
      files.map((f) =>
        execa(process.execPath, [join(ROOT, 'bin/evid.js'), 'traces', 'ingest', f, '--json'], {
          reject: false,
          env: { EVID_DATA_DIR: store.dir },
        }),
      ),
    );
    for (const r of runs) {
      expect(r.exitCode, String(r.stderr)).toBe(0);
      expect(String(r.stderr)).not.toMatch(/BUSY|locked/i);
      expect(JSON.parse(String(r.stdout)).accepted).toHaveLength(1500);
    }
    const status = await runJson<{ traces: number; events: number }>('evid', ['status'], {
      dataDir: store.dir,
    });
    expect(status.data).toMatchObject({ traces: 3000, events: 30000 });
    expect(partialTraces(store.dir)).toBe(0);
    const verify = await runJson<{ ok: boolean; entries_checked: number }>('audit', ['verify'], {
      dataDir: store.dir,
    });
    expect(verify.data).toMatchObject({ ok: true, entries_checked: 1 + 33000 }); // + the ledger key
  });

  it('kill -9 during an ingest of 100k events leaves whole traces only, and verify passes', async () => {
    const store = tempDataDir();
    dirs.push(store);
    const file = join(store.dir, 'big.ndjson');
    writeFileSync(file, makeNdjson(10_000, 10, { prefix: 'sess_kill', textBytes: 100 }));
    // Create the store first (reads never do), so every kill lands on an ingest, not on the
    // first migration.
    const first = join(store.dir, 'first.ndjson');
    writeFileSync(first, makeNdjson(1, 1, { prefix: 'sess_first' }));
    expect((await runJson('evid', ['traces', 'ingest', first], { dataDir: store.dir })).code).toBe(
      0,
    );
    const kills: number[] = [];
    for (let i = 0; i < 10; i++) {
      const child = execa(
        process.execPath,
        [join(ROOT, 'bin/evid.js'), 'traces', 'ingest', file, '--json'],
        {
          reject: false,
          env: { EVID_DATA_DIR: store.dir },
        },
      );
      const delay = 150 + Math.floor(Math.random() * 1500);
      await new Promise((resolve) => setTimeout(resolve, delay));
      child.kill('SIGKILL');
      const r = await child;
      kills.push(r.signal === 'SIGKILL' ? 1 : 0);
      expect(partialTraces(store.dir)).toBe(0);
      const verify = await runJson<{ ok: boolean; reason: string | null }>('audit', ['verify'], {
        dataDir: store.dir,
      });
      expect(verify.data, `after kill ${i} at ${delay} ms`).toMatchObject({ ok: true });
    }
    // At least some of the kills must have landed mid-ingest for the test to mean anything.
    expect(kills.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(5);
    // Finishing the job afterwards: already-stored traces conflict (exit 4), the rest go in.
    const last = await execa(
      process.execPath,
      [join(ROOT, 'bin/evid.js'), 'traces', 'ingest', file, '--json'],
      {
        reject: false,
        env: { EVID_DATA_DIR: store.dir },
      },
    );
    expect([0, 4]).toContain(last.exitCode);
    const status = await runJson<{ traces: number; events: number }>('evid', ['status'], {
      dataDir: store.dir,
    });
    expect(status.data).toMatchObject({ traces: 1 + 10_000, events: 1 + 100_000 }); // + first.ndjson
    const verify = await runJson<{ ok: boolean }>('audit', ['verify'], { dataDir: store.dir });
    expect(verify.data.ok).toBe(true);
  }, 240_000);
});
