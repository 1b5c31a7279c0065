// Issue 14: GET/PUT /api/v1/retention (read / admin, 400 naming the field, nothing changed)
// and `evid serve` enforcing on its schedule, stopping cleanly on SIGTERM.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runBin, runJson, tempDataDir } from '../support/cli.js';
import { api, startServer, trace } from '../support/server.js';
import { withDb } from '../support/tamper.js';

const dirs: Array<{ cleanup(): void }> = [];
afterAll(() => dirs.forEach((d) => d.cleanup()));

function store(): string {
  const d = tempDataDir('evid-retention-rest-');
  dirs.push(d);
  return d.dir;
}

describe('GET/PUT /api/v1/retention', () => {
  it('reads for viewers, writes for admins only, refuses bad bodies with nothing changed', async () => {
    const dir = store();
    const server = await startServer({ dataDir: dir });
    try {
      const viewer = await runJson<{ key: string }>(
        'evid',
        ['admin', 'keys', 'create', '--name', 'v', '--role', 'viewer'],
        { dataDir: dir },
      );
      const empty = await api(server.url, '/api/v1/retention', { key: viewer.data.key });
      expect(empty.status).toBe(200);
      expect(empty.body).toMatchObject({ days: null, enforce: false, legal_holds: 0 });

      const forbidden = await api(server.url, '/api/v1/retention', {
        method: 'PUT',
        key: viewer.data.key,
        body: { days: 200 },
      });
      expect(forbidden.status).toBe(403);
      expect(forbidden.body.error).toMatchObject({ code: 403 });
      expect(typeof forbidden.body.error.request_id).toBe('string');

      for (const body of [{ days: 3 }, { days: 366 }, { days: '90' + 'x' }, { days: 30.5 }]) {
        const r = await api(server.url, '/api/v1/retention', { method: 'PUT', body });
        expect(r.status, JSON.stringify(body)).toBe(400);
        expect(r.body.error.message + r.body.error.details).toMatch(
          /days: must be an integer from 7 to 365/,
        );
      }
      const noDays = await api(server.url, '/api/v1/retention', {
        method: 'PUT',
        body: { enforce: true },
      });
      expect(noDays.status).toBe(400);
      const badEnforce = await api(server.url, '/api/v1/retention', {
        method: 'PUT',
        body: { days: 200, enforce: 'yes' },
      });
      expect(badEnforce.status).toBe(400);
      expect(JSON.stringify(badEnforce.body.error)).toContain('enforce');
      const unknown = await api(server.url, '/api/v1/retention', {
        method: 'PUT',
        body: { days: 200, keep: 'all' },
      });
      expect(unknown.status).toBe(400);
      expect((await api(server.url, '/api/v1/retention')).body.days).toBeNull();

      const set = await api(server.url, '/api/v1/retention', {
        method: 'PUT',
        body: { days: 90, enforce: false },
      });
      expect(set.status).toBe(200);
      expect(set.body).toMatchObject({
        days: 90,
        enforce: false,
        changed_by: expect.stringMatching(/admin|env/),
      });
      expect(set.body.warning).toContain('EU AI Act');
      const read = await api(server.url, '/api/v1/retention', { key: viewer.data.key });
      expect(read.body).toMatchObject({ days: 90, enforce: false, next_run_at: null });
    } finally {
      await server.stop();
    }
    const v = await runJson<{ ok: boolean }>('audit', ['verify'], { dataDir: dir });
    expect(v.data.ok).toBe(true);
  });
});

describe('evid serve enforces retention on its schedule', () => {
  it('purges old records while serving, ledgered as the scheduler, and stops on SIGTERM', async () => {
    const dir = store();
    const file = join(dir, 'old.json');
    writeFileSync(file, JSON.stringify([trace('sess_old'), trace('sess_kept', 'keeper')]));
    expect((await runBin('evid', ['traces', 'ingest', file], { dataDir: dir })).exitCode).toBe(0);
    await runBin('evid', ['retention', 'set', '--days', '200', '--enforce'], { dataDir: dir });
    await runBin('evid', ['retention', 'hold', 'add', '--agent', 'keeper', '--reason', 'kept'], {
      dataDir: dir,
    });
    const server = await startServer({ dataDir: dir, env: { EVID_RETENTION_INTERVAL: '1s' } });
    let purged = 0;
    for (let i = 0; i < 100 && purged < 2; i++) {
      await new Promise((r) => setTimeout(r, 100));
      purged = withDb(dir, (db) =>
        db.prepare('SELECT COUNT(*) FROM events WHERE purged_at IS NOT NULL').pluck().get(),
      ) as number;
    }
    expect(purged).toBe(2);
    expect((await api(server.url, '/api/v1/findings')).status).toBe(200);
    const stopped = await server.stop();
    expect(stopped.code).toBe(0);
    const actors = withDb(dir, (db) =>
      db.prepare("SELECT DISTINCT actor FROM ledger WHERE kind = 'purge.batch'").pluck().all(),
    );
    expect(actors).toEqual(['system:retention']);
    const kept = withDb(dir, (db) =>
      db
        .prepare("SELECT COUNT(*) FROM events WHERE agent = 'keeper' AND prompt IS NOT NULL")
        .pluck()
        .get(),
    );
    expect(kept).toBe(2);
    const v = await runJson<{ ok: boolean; purged: number }>('audit', ['verify'], { dataDir: dir });
    expect(v.data).toMatchObject({ ok: true, purged: 2 });
  });
});
