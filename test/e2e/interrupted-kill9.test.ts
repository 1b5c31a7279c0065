import Database from 'better-sqlite3';
import { execa } from 'execa';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatRunner, tempTag } from '../../src/store/runner.js';
import { ROOT, runBin, runJson, tempDataDir } from '../support/cli.js';
import { startHeldModel } from '../support/held-model.js';
import { api, startServer, type Loose } from '../support/server.js';

// Work a dead process left queued/running (docs/server.md "Interrupted work"): kill -9 of a
// real process mid-work, then a server started on the same data directory ends the row
// `failed` as its kind's own failure ends, removes the process's temporary files, touches
// nothing else, and `audit verify` passes.

const INTERRUPTED =
  /^interrupted: the process that ran it \(pid (\d+) on (.+)\) stopped before it finished; start it again$/;

/** test/support/die-midway.mjs: starts work through the built domain code, then SIGKILLs itself. */
async function dieMidway(
  dataDir: string,
  what: 'runner' | 'report' | 'execution' | 'pack',
): Promise<Loose> {
  const r = await execa(process.execPath, [join(ROOT, 'test/support/die-midway.mjs'), what], {
    reject: false,
    env: { EVID_DATA_DIR: dataDir, NO_COLOR: '1' },
  });
  expect(r.signal ?? null, String(r.stderr)).toBe(what === 'runner' ? null : 'SIGKILL');
  return JSON.parse(String(r.stdout).split('\n')[0]!) as Loose;
}

async function auditVerify(dataDir: string): Promise<{ code: number; out: string }> {
  const r = await runBin('audit', ['verify'], { dataDir });
  return { code: r.exitCode ?? -1, out: `${String(r.stdout)}${String(r.stderr)}` };
}

function expectInterrupted(error: unknown, pid: number): void {
  const m = INTERRUPTED.exec(String(error));
  expect(m, String(error)).not.toBeNull();
  expect(Number(m![1])).toBe(pid);
  expect(m![2]).toBe(hostname());
}

describe('a safety run whose server is killed -9 mid-run', () => {
  const store = tempDataDir('evid-interrupted-safety-');
  afterAll(() => store.cleanup());

  it('ends failed (interrupted) when a server starts again on the data dir; audit verify passes', async () => {
    const model = await startHeldModel();
    try {
      const first = await startServer({ dataDir: store.dir });
      const started = await api(first.url, '/v1/analysis/safety/model', {
        method: 'POST',
        headers: { prefer: 'respond-async' },
        body: { model_url: `${model.url}#model=held-model`, test_suite: 'quick' },
      });
      expect(started.status, started.text).toBe(202);
      const runId = started.body.run_id as string;
      // The model holds its first answer: the run is mid-probe, for as long as the test likes.
      await model.firstCall;
      const before = await api(first.url, `/v1/analysis/safety/model/${runId}`);
      expect(before.body.status).toBe('running');
      const pid = first.child.pid!;
      first.child.kill('SIGKILL');
      expect((await first.child).signal).toBe('SIGKILL');

      const second = await startServer({ dataDir: store.dir });
      try {
        const run = await api(second.url, `/v1/analysis/safety/model/${runId}`);
        expect(run.status).toBe(200);
        expect(run.body).toMatchObject({ run_id: runId, status: 'failed' });
        expectInterrupted(run.body.error, pid);
        expect(run.body.completed_at).toEqual(expect.any(String));
        // The job registry was the dead server's memory: the run's own URL has the answer.
        expect((await api(second.url, `/api/v1/jobs/${runId}`)).status).toBe(404);
        const verify = await auditVerify(store.dir);
        expect(verify.code, verify.out).toBe(0);
      } finally {
        await second.stop();
      }
      // A second start finds nothing more to do: the ended run stays as it was.
      const third = await startServer({ dataDir: store.dir });
      try {
        const again = await api(third.url, `/v1/analysis/safety/model/${runId}`);
        expect(again.body).toMatchObject({ status: 'failed', error: expect.any(String) });
        expectInterrupted(again.body.error, pid);
      } finally {
        await third.stop();
      }
      expect((await auditVerify(store.dir)).code).toBe(0);
    } finally {
      model.release();
      await model.close();
    }
  });
});

describe('a report and an execution whose process is killed -9 part-way', () => {
  const store = tempDataDir('evid-interrupted-cli-');
  afterAll(() => store.cleanup());
  const reports = join(store.dir, 'reports');
  const packs = join(store.dir, 'packs');
  let report: Loose;
  let execution: Loose;

  it('a report killed between writing its file and recording it, an execution killed running: both failed (interrupted); a pack build killed before recording: its work dir and zip gone; a user file kept', async () => {
    report = await dieMidway(store.dir, 'report');
    execution = await dieMidway(store.dir, 'execution');
    const pack = await dieMidway(store.dir, 'pack');
    expect(existsSync(join(reports, report.filename))).toBe(true);
    // The killed pack build's work directory and temporary zip, under the names it gives them.
    const leftovers = readdirSync(packs).filter((f) => f.includes(pack.pack_id));
    expect(leftovers.some((f) => f.endsWith('.tmp'))).toBe(true);
    expect(leftovers.some((f) => f.includes('.work-'))).toBe(true);
    // Leftovers such a process leaves (names the build and report code give their temp
    // files), files of a live process (this test's), and a user's own files.
    const deadTag = report.tag as string;
    const mine = tempTag();
    const deadTemp = `${report.filename}.${deadTag}.0a1b2c3d.tmp`;
    const liveTemp = `${report.filename}.${mine}.0a1b2c3d.tmp`;
    const deadWork = `.pk_killed.${deadTag}.work-AbC123`;
    mkdirSync(packs, { recursive: true });
    writeFileSync(join(reports, deadTemp), 'partial');
    writeFileSync(join(reports, liveTemp), 'a live build');
    writeFileSync(join(reports, 'notes.tmp'), 'mine');
    mkdirSync(join(packs, deadWork));
    writeFileSync(join(packs, deadWork, 'evidence.json'), '{}');
    writeFileSync(join(packs, `keep.${deadTag}.zip`), 'not a temp name');

    const server = await startServer({ dataDir: store.dir });
    try {
      const r = await api(server.url, `/api/v1/reports/${report.report_id}`);
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ status: 'failed', sha256: null, download_url: null });
      expectInterrupted(r.body.error, Number(report.runner.split(':')[1]));
      const x = await api(server.url, `/v1/executions/${execution.execution_id}`);
      expect(x.status).toBe(200);
      expect(x.body).toMatchObject({ status: 'failed', result: null });
      expectInterrupted(x.body.error, Number(execution.runner.split(':')[1]));
      expect(x.body.finished_at).toEqual(expect.any(String));
      // Never recorded: not listed (its pack_id still free).
      const listed = await api(server.url, '/api/v1/packs');
      expect(listed.status).toBe(200);
      expect(listed.body.packs.map((p: Loose) => p.pack_id)).not.toContain(pack.pack_id);
    } finally {
      await server.stop();
    }
    expect(readdirSync(reports).sort()).toEqual([liveTemp, 'notes.tmp'].sort());
    expect(readdirSync(packs).sort()).toEqual([`keep.${deadTag}.zip`]);
    const verify = await auditVerify(store.dir);
    expect(verify.code, verify.out).toBe(0);
  });

  it('rows of a live process or another host stay running; a reused pid (other start time) is not the owner', async () => {
    const dead = (await dieMidway(store.dir, 'runner')).runner as string;
    const live = formatRunner(); // this test's own process, with its start time
    const otherHost = `another-host.example:${dead.split(':')[1]}:${dead.split(':')[2]}`;
    const reused = `${hostname()}:${process.pid}:00000000-1`;
    const db = new Database(join(store.dir, 'evid.db'));
    const insert = db.prepare(
      `INSERT INTO safety_runs (run_id, kind, model_url, request, status, created_at, created_by, runner)
       VALUES (?, 'model_analysis', 'http://127.0.0.1:9/v1', '{}', 'running', ?, 'tester', ?)`,
    );
    const now = new Date().toISOString();
    insert.run('ma_live', now, live);
    insert.run('ma_other_host', now, otherHost);
    insert.run('ma_reused_pid', now, reused);
    insert.run('ma_dead', now, dead);
    // An edited report row whose filename points out of reports/: ended, the file kept.
    writeFileSync(join(store.dir, 'outside.txt'), 'not a report');
    db.prepare(
      `INSERT INTO reports (report_id, filename, regulation, format, status, created_at, actor, runner)
       VALUES ('rp_edited', '../outside.txt', 'gdpr', 'html', 'running', ?, 'tester', ?)`,
    ).run(now, dead);
    db.close();

    const server = await startServer({ dataDir: store.dir });
    try {
      const status = async (id: string): Promise<Loose> =>
        (await api(server.url, `/v1/analysis/safety/model/${id}`)).body;
      expect((await status('ma_live')).status).toBe('running');
      expect((await status('ma_other_host')).status).toBe('running');
      const reusedRun = await status('ma_reused_pid');
      expect(reusedRun.status).toBe('failed');
      expectInterrupted(reusedRun.error, process.pid);
      const deadRun = await status('ma_dead');
      expect(deadRun.status).toBe('failed');
      expectInterrupted(deadRun.error, Number(dead.split(':')[1]));
      const edited = await api(server.url, '/api/v1/reports/rp_edited');
      expect(edited.body.status).toBe('failed');
    } finally {
      await server.stop();
    }
    expect(existsSync(join(store.dir, 'outside.txt'))).toBe(true);
    const verify = await auditVerify(store.dir);
    expect(verify.code, verify.out).toBe(0);
  });

  it('an insider who sets runner on finished rows changes nothing; one who reopens a finished row is named by audit verify', async () => {
    const done = await runJson<Loose>('audit', ['report', '--regulation', 'gdpr'], {
      dataDir: store.dir,
    });
    expect(done.code, done.stderr).toBe(0);
    const dead = (await dieMidway(store.dir, 'runner')).runner as string;
    const dump = (): string => {
      const db = new Database(join(store.dir, 'evid.db'), { readonly: true });
      try {
        return JSON.stringify(
          ['reports', 'safety_runs', 'executions', 'ledger'].map((t) =>
            db.prepare(`SELECT * FROM ${t} ORDER BY rowid`).all(),
          ),
        );
      } finally {
        db.close();
      }
    };
    const db = new Database(join(store.dir, 'evid.db'));
    db.prepare('UPDATE reports SET runner = ?').run(dead);
    db.prepare("UPDATE safety_runs SET runner = ? WHERE status <> 'running'").run(dead);
    db.prepare('UPDATE executions SET runner = ?').run(dead);
    db.close();
    const before = dump();
    const server = await startServer({ dataDir: store.dir });
    await server.stop();
    expect(dump()).toBe(before);
    expect((await auditVerify(store.dir)).code).toBe(0);

    // Reopening a finished execution (its end is ledgered) does not get it ended again: the
    // row stays as the insider left it, and verify names it.
    const edit = new Database(join(store.dir, 'evid.db'));
    edit
      .prepare(
        "UPDATE executions SET status = 'running', finished_at = NULL, error = NULL WHERE execution_id = ?",
      )
      .run(execution.execution_id);
    edit.close();
    const reopened = dump();
    const again = await startServer({ dataDir: store.dir });
    await again.stop();
    expect(dump()).toBe(reopened);
    const verify = await auditVerify(store.dir);
    expect(verify.code).toBe(1);
    expect(verify.out).toContain(`execution.finished ${execution.execution_id as string}`);
  });
});
