import { execa } from 'execa';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeNdjson } from '../../scripts/gen-traces.mjs';
import { ROOT, runJson, tempDataDir } from '../support/cli.js';
import { api, startServer, trace } from '../support/server.js';
import { withDb } from '../support/tamper.js';

const dirs: Array<{ cleanup(): void }> = [];
afterAll(() => dirs.forEach((d) => d.cleanup()));

describe('load', () => {
  it('8 clients ingest over REST for 10 s while a CLI process ingests: every 201 is stored, nothing else, verify passes', async () => {
    const store = tempDataDir('evid-load-');
    dirs.push(store);
    const file = join(store.dir, 'cli.ndjson');
    writeFileSync(file, makeNdjson(2000, 10, { prefix: 'sess_cli', textBytes: 200 }));
    const server = await startServer({ dataDir: store.dir, env: { EVID_RATE_LIMIT: 'off' } });
    const acknowledged = new Set<string>();
    const statuses = new Map<number, number>();
    const deadline = Date.now() + 10_000;
    const client = async (c: number): Promise<void> => {
      for (let i = 0; Date.now() < deadline; i++) {
        // Every 25th request repeats an earlier session: it must be refused (409), not stored twice.
        const session = i > 0 && i % 25 === 0 ? `sess_rest_${c}_${i - 1}` : `sess_rest_${c}_${i}`;
        const a = await api(server.url, '/api/v1/traces', {
          method: 'POST',
          body: trace(session, `agent-${c}`, 10),
        });
        statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
        if (a.status === 201) acknowledged.add(a.body.session_id as string);
      }
    };
    const cli = execa(
      process.execPath,
      [join(ROOT, 'bin/evid.js'), 'traces', 'ingest', file, '--json'],
      {
        reject: false,
        env: { EVID_DATA_DIR: store.dir },
      },
    );
    await Promise.all([...Array.from({ length: 8 }, (_, c) => client(c)), cli]);
    await server.stop();
    const cliRun = await cli;
    expect(cliRun.exitCode, String(cliRun.stderr)).toBe(0);
    const cliAccepted = (
      JSON.parse(String(cliRun.stdout)) as { accepted: Array<{ session_id: string }> }
    ).accepted;
    expect(cliAccepted).toHaveLength(2000);

    expect([...statuses.keys()].sort()).toEqual([201, 409]);
    expect(acknowledged.size).toBeGreaterThan(80);
    const stored = withDb(
      store.dir,
      (db) =>
        db.prepare('SELECT session_id, event_count FROM traces').all() as Array<{
          session_id: string;
          event_count: number;
        }>,
    );
    const expected = new Set([...acknowledged, ...cliAccepted.map((a) => a.session_id)]);
    expect(stored).toHaveLength(expected.size);
    for (const row of stored) expect(expected.has(row.session_id), row.session_id).toBe(true);
    const events = withDb(
      store.dir,
      (db) => (db.prepare('SELECT COUNT(*) AS n FROM events').get() as { n: number }).n,
    );
    expect(events).toBe(expected.size * 10);
    const verify = await runJson<{ ok: boolean; entries_checked: number }>('audit', ['verify'], {
      dataDir: store.dir,
    });
    expect(verify.code).toBe(0);
    expect(verify.data.ok).toBe(true);
  }, 120_000);
});
