import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runJson, tempDataDir } from '../support/cli.js';
import { api, startServer, trace, type Loose, type RunningServer } from '../support/server.js';

/**
 * GET /api/v1/jobs/{id} (issue 15): pack builds, verify runs and reports run as jobs with
 * progress; only the credential that started one (or an admin) can read it.
 */
let store: { dir: string; cleanup(): void };
let server: RunningServer;
let url: string;
let analyst: string;
let otherAnalyst: string;

const ASYNC = { prefer: 'respond-async' };

beforeAll(async () => {
  store = tempDataDir('evid-jobs-');
  const keys: string[] = [];
  for (const name of ['analyst-a', 'analyst-b']) {
    const r = await runJson<{ key: string }>(
      'evid',
      ['admin', 'keys', 'create', '--name', name, '--role', 'analyst'],
      { dataDir: store.dir },
    );
    keys.push(r.data.key);
  }
  [analyst, otherAnalyst] = keys as [string, string];
  server = await startServer({ dataDir: store.dir, bin: 'audit' });
  url = server.url;
  for (let i = 0; i < 3; i++) {
    const t = trace(`sess_job_${i}`, 'support-bot', 4);
    expect((await api(url, '/api/v1/traces', { method: 'POST', body: t })).status).toBe(201);
  }
});
afterAll(async () => {
  await server?.stop();
  store?.cleanup();
});

async function waitForJob(id: string, key: string): Promise<Loose> {
  for (let i = 0; i < 240; i++) {
    const s = await api(url, `/api/v1/jobs/${id}`, { key });
    expect(s.status).toBe(200);
    if (s.body.state === 'done' || s.body.state === 'failed') return s.body;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`job ${id} did not finish`);
}

describe('GET /api/v1/jobs/{id}', () => {
  it('a pack build with Prefer: respond-async answers 202 with a job; the owner polls it to done and downloads', async () => {
    const started = await api(url, '/api/v1/packs', {
      method: 'POST',
      key: analyst,
      headers: ASYNC,
      body: { last: '7d', format: 'html' },
    });
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({
      kind: 'pack',
      state: expect.stringMatching(/queued|running|done/),
    });
    expect(started.headers.get('location')).toBe(`/api/v1/jobs/${started.body.id}`);
    expect(started.body.status_url).toBe(`/api/v1/jobs/${started.body.id}`);
    expect(started.body).not.toHaveProperty('owner');

    const done = await waitForJob(started.body.id, analyst);
    expect(done.state).toBe('done');
    expect(done.error).toBeNull();
    expect(done.progress.total).toBeGreaterThan(0);
    expect(done.progress.done).toBe(done.progress.total);
    expect(done.result_url).toMatch(/^\/api\/v1\/exports\/pk_/);
    const zip = await api(url, done.result_url, { key: analyst });
    expect(zip.status).toBe(200);
    expect(zip.headers.get('content-type')).toMatch(/zip/);
  });

  it('another key gets 404 for the job, an admin may read it; unknown id 404, malformed id 400', async () => {
    const started = await api(url, '/api/v1/packs', {
      method: 'POST',
      key: analyst,
      headers: ASYNC,
      body: { last: '7d' },
    });
    expect(started.status).toBe(202);
    const id = started.body.id as string;
    await waitForJob(id, analyst);
    const other = await api(url, `/api/v1/jobs/${id}`, { key: otherAnalyst });
    expect(other.status).toBe(404);
    expect(other.body.error).toMatchObject({ code: 404, type: 'not_found' });
    expect((await api(url, `/api/v1/jobs/${id}`)).status).toBe(200); // ADMIN_KEY
    expect((await api(url, `/api/v1/jobs/${id}`, { key: null })).status).toBe(401);

    const unknown = await api(url, '/api/v1/jobs/job_01ARZ3NDEKTSV4RRFFQ69G5FAV', { key: analyst });
    expect(unknown.status).toBe(404);
    const bad = await api(url, `/api/v1/jobs/${encodeURIComponent('a b;drop')}`, { key: analyst });
    expect(bad.status).toBe(400);
    expect(bad.body.error.field).toBe('id');
  });

  it('a build that fails is a failed job with the error body; a taken pack id is refused before any job', async () => {
    const started = await api(url, '/api/v1/packs', {
      method: 'POST',
      key: analyst,
      headers: ASYNC,
      body: { session: 'sess_nobody_has' },
    });
    expect(started.status).toBe(202);
    const failed = await waitForJob(started.body.id, analyst);
    expect(failed.state).toBe('failed');
    expect(failed.result_url).toBeNull();
    expect(failed.error).toMatchObject({ code: 404, type: 'not_found' });
    expect(failed.error.details).toMatch(/sess_nobody_has/);

    const first = await api(url, '/api/v1/packs', {
      method: 'POST',
      key: analyst,
      body: { last: '7d', pack_id: 'job-pack-1' },
    });
    expect(first.status).toBe(201);
    expect(first.body.job_id).toMatch(/^job_/);
    const again = await api(url, '/api/v1/packs', {
      method: 'POST',
      key: analyst,
      headers: ASYNC,
      body: { last: '7d', pack_id: 'job-pack-1' },
    });
    expect(again.status).toBe(409);
  });

  it('a ledger verify run with Prefer: respond-async: the job ends done with the verdict as its result', async () => {
    const started = await api(url, '/api/v1/ledger/verify', {
      method: 'POST',
      key: analyst,
      headers: ASYNC,
    });
    expect(started.status).toBe(202);
    expect(started.body.kind).toBe('ledger_verify');
    const done = await waitForJob(started.body.id, analyst);
    expect(done.state).toBe('done');
    expect(done.progress.done).toBe(done.progress.total);
    expect(done.result.verdict).toMatchObject({ ok: true, first_bad_seq: null });
    expect(done.result.verdict.entries_checked).toBeGreaterThan(0);
    // The synchronous form answers as before, plus the job id.
    const sync = await api(url, '/api/v1/ledger/verify', { method: 'POST', key: analyst });
    expect(sync.status).toBe(200);
    expect(sync.body.verdict.ok).toBe(true);
    expect((await api(url, `/api/v1/jobs/${sync.body.job_id}`, { key: analyst })).body.state).toBe(
      'done',
    );
  });

  it('report generation is a job under the report id; its result_url is the download', async () => {
    const started = await api(url, '/api/v1/reports/generate', {
      method: 'POST',
      key: analyst,
      body: { regulation: 'eu-ai-act' },
    });
    expect(started.status).toBe(202);
    expect(started.body.job_id).toBe(started.body.report_id);
    expect(started.body.job_url).toBe(`/api/v1/jobs/${started.body.report_id}`);
    const done = await waitForJob(started.body.job_id, analyst);
    expect(done).toMatchObject({ kind: 'report', state: 'done' });
    expect(done.result_url).toBe(`/api/v1/reports/${started.body.filename}/download`);
    expect((await api(url, done.result_url, { key: analyst })).status).toBe(200);
    expect(
      (await api(url, `/api/v1/jobs/${started.body.job_id}`, { key: otherAnalyst })).status,
    ).toBe(404);
  });
});

describe('GET /api/v1/jobs', () => {
  it("lists the caller's own jobs newest first, an admin's lists all; state and kind filter; pages", async () => {
    const started = await api(url, '/api/v1/packs', {
      method: 'POST',
      key: otherAnalyst,
      headers: ASYNC,
      body: { last: '7d' },
    });
    expect(started.status).toBe(202);
    await waitForJob(started.body.id, otherAnalyst);
    const verify = await api(url, '/api/v1/ledger/verify', { method: 'POST', key: otherAnalyst });
    expect(verify.status).toBe(200);

    const own = await api(url, '/api/v1/jobs', { key: otherAnalyst });
    expect(own.status).toBe(200);
    expect(own.body.total).toBe(2);
    expect(own.body.jobs.map((j: Loose) => j.id)).toEqual([verify.body.job_id, started.body.id]);
    expect(own.body.jobs[0]).not.toHaveProperty('owner');
    expect(own.body.jobs[0].status_url).toBe(`/api/v1/jobs/${verify.body.job_id}`);

    const packsOnly = await api(url, '/api/v1/jobs?kind=pack&state=done', { key: otherAnalyst });
    expect(packsOnly.body.jobs.map((j: Loose) => j.id)).toEqual([started.body.id]);
    const page2 = await api(url, '/api/v1/jobs?limit=1&offset=1', { key: otherAnalyst });
    expect(page2.body).toMatchObject({ total: 2, page: 2, page_size: 1 });
    expect(page2.body.jobs.map((j: Loose) => j.id)).toEqual([started.body.id]);

    // The first analyst's jobs (earlier tests) are not the second's; the admin sees both.
    const first = await api(url, '/api/v1/jobs?limit=1000', { key: analyst });
    expect(first.body.jobs.map((j: Loose) => j.id)).not.toContain(started.body.id);
    expect(first.body.total).toBeGreaterThan(0);
    const all = await api(url, '/api/v1/jobs?limit=1000');
    expect(all.body.total).toBe(first.body.total + own.body.total);

    const bad = await api(url, '/api/v1/jobs?state=paused', { key: analyst });
    expect(bad.status).toBe(400);
    expect(bad.body.error.field).toBe('state');
    expect((await api(url, '/api/v1/jobs', { key: null })).status).toBe(401);
  });
});
