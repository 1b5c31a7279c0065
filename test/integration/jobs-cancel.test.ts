import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppContext } from '../../src/context.js';
import { buildServer } from '../../src/server/app.js';
import { showJob, startJob } from '../../src/server/jobs.js';
import { defineRoute } from '../../src/server/route.js';
import { ROUTES } from '../../src/server/routes/index.js';
import { verifyStore } from '../../src/store/verify-store.js';
import { tempDataDir } from '../support/cli.js';
import { startHeldModel } from '../support/held-model.js';
import { ADMIN_KEY, api, trace, type Loose } from '../support/server.js';

/**
 * POST /api/v1/jobs/{id}/cancel over real HTTP on loopback, with runs the test holds still
 * (no timing): a job of the reports lane that waits for the test, so reports queue behind
 * it; and a model under test that answers its first probe only when the test says so.
 */
const ASYNC = { prefer: 'respond-async' };

/** Gates the test opens: each held run waits on its own. */
const gates = new Map<string, () => void>();

/**
 * A test-only route: a job in the reports lane whose run waits until the test opens its
 * gate, then reports progress once (where a cancel stops it) and ends.
 */
const holdRoute = defineRoute({
  method: 'POST',
  url: '/api/v1/test-hold/:name',
  summary: 'a held job (test)',
  tag: 'test',
  auth: 'authenticated',
  handler(req, reply, ctx) {
    const { name } = req.params as { name: string };
    const opened = new Promise<void>((resolve) => gates.set(name, resolve));
    const { job } = startJob(ctx, {
      kind: 'held',
      owner: req.principal!.id,
      lane: 'reports',
      log: req.log,
      run: async (progress) => {
        progress(0, 2, 'held');
        await opened;
        progress(1, 2, 'released');
        return name;
      },
    });
    reply.code(202);
    return showJob(job);
  },
});

let store: { dir: string; cleanup(): void };
let ctx: AppContext;
let app: FastifyInstance;
let url: string;
beforeAll(async () => {
  store = tempDataDir('evid-jobs-cancel-');
  ctx = AppContext.fromEnv({ dataDir: store.dir, env: { EVID_API_KEY: ADMIN_KEY } });
  app = await buildServer(ctx, { bin: 'evid', routes: [...ROUTES, holdRoute] });
  await app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  for (let i = 0; i < 2; i++) {
    const t = trace(`sess_cancel_${i}`, 'support-bot', 4);
    expect((await api(url, '/api/v1/traces', { method: 'POST', body: t })).status).toBe(201);
  }
});
afterAll(async () => {
  for (const open of gates.values()) open();
  await app?.close();
  ctx?.close();
  store?.cleanup();
});

const getJob = async (id: string): Promise<Loose> => {
  const a = await api(url, `/api/v1/jobs/${id}`);
  expect(a.status).toBe(200);
  return a.body;
};

/** Polls until the job has ended; what it ended as is the test's to check. */
async function ended(id: string): Promise<Loose> {
  for (;;) {
    const job = await getJob(id);
    if (!['queued', 'running'].includes(job.state)) return job;
    await new Promise((r) => setTimeout(r, 20));
  }
}

const cancel = (id: string) => api(url, `/api/v1/jobs/${id}/cancel`, { method: 'POST' });

async function auditVerifyOk(): Promise<void> {
  const verdict = await verifyStore(ctx.store, { threads: 1, chunkSize: 4 });
  expect(verdict.ok, JSON.stringify(verdict.reason)).toBe(true);
}

describe('cancelling a queued job', () => {
  it('a report queued behind a busy lane is cancelled at once, never runs, and the lane goes on', async () => {
    const holder = await api(url, '/api/v1/test-hold/first', { method: 'POST' });
    expect(holder.status).toBe(202);
    const queue = async () => {
      const r = await api(url, '/api/v1/reports/generate', {
        method: 'POST',
        body: { regulation: 'eu-ai-act' },
      });
      expect(r.status).toBe(202);
      return r.body as { report_id: string; filename: string };
    };
    const doomed = await queue();
    const next = await queue();
    expect((await getJob(holder.body.id)).state).toBe('running');
    expect((await getJob(doomed.report_id)).state).toBe('queued');

    const c = await cancel(doomed.report_id);
    expect(c.status).toBe(202);
    expect(c.headers.get('location')).toBe(`/api/v1/jobs/${doomed.report_id}`);
    expect(c.body).toMatchObject({
      id: doomed.report_id,
      kind: 'report',
      state: 'cancelled',
      cancel_requested: true,
      started_at: null,
      result_url: null,
      error: { code: 409, type: 'cancelled' },
    });
    expect(c.body.finished_at).not.toBeNull();
    // The report's own status ends failed, saying why; it never started.
    const row = await api(url, `/api/v1/reports/${doomed.report_id}`);
    expect(row.body).toMatchObject({ status: 'failed', started_at: null });
    expect(row.body.error).toMatch(/cancelled/);
    // Cancelling again: it has ended, and the 409 names the state.
    const again = await cancel(doomed.report_id);
    expect(again.status).toBe(409);
    expect(again.body.error.details ?? again.body.error.message).toMatch(/cancelled/);

    gates.get('first')!();
    expect((await ended(holder.body.id)).state).toBe('done');
    const after = await ended(next.report_id);
    expect(after.state).toBe('done');
    expect((await getJob(doomed.report_id)).state).toBe('cancelled');
    const files = readdirSync(join(store.dir, 'reports'));
    expect(files).toContain(next.filename);
    expect(files).not.toContain(doomed.filename);
    expect(files.filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });
});

describe('cancelling a running job', () => {
  it('a running job stops at its next progress report and ends cancelled, not failed', async () => {
    const holder = await api(url, '/api/v1/test-hold/second', { method: 'POST' });
    expect(holder.status).toBe(202);
    expect((await getJob(holder.body.id)).state).toBe('running');
    const c = await cancel(holder.body.id);
    expect(c.status).toBe(202);
    // Still running at that instant: it is asked to stop.
    expect(c.body).toMatchObject({ state: 'running', cancel_requested: true, error: null });
    expect((await getJob(holder.body.id)).cancel_requested).toBe(true);
    // A second ask for a running job is the same answer.
    expect((await cancel(holder.body.id)).status).toBe(202);

    gates.get('second')!();
    const job = await ended(holder.body.id);
    expect(job).toMatchObject({
      state: 'cancelled',
      result: null,
      result_url: null,
      error: { code: 409, type: 'cancelled' },
    });
    expect(job.progress).toMatchObject({ done: 1, phase: 'released' });
    const listed = await api(url, '/api/v1/jobs?state=cancelled&kind=held');
    expect(listed.body.jobs.map((j: Loose) => j.id)).toEqual([holder.body.id]);
  });

  it('a model analysis stopped between probes: run failed (cancelled), probes made stay on record, verify passes', async () => {
    const model = await startHeldModel();
    try {
      const started = await api(url, '/v1/analysis/safety/model', {
        method: 'POST',
        headers: ASYNC,
        body: { model_url: `${model.url}#model=held-model`, test_suite: 'quick' },
      });
      expect(started.status).toBe(202);
      const runId = started.body.run_id as string;
      await model.firstCall;
      const c = await cancel(runId);
      expect(c.status).toBe(202);
      expect(c.body).toMatchObject({ kind: 'model_analysis', state: 'running' });
      expect(c.body.cancel_requested).toBe(true);
      model.release();

      const job = await ended(runId);
      expect(job.state).toBe('cancelled');
      expect(job.error).toMatchObject({ type: 'cancelled' });
      // No probe after the cancel: the one answered is all the model was asked.
      expect(model.calls).toBe(1);
      const run = await api(url, `/v1/analysis/safety/model/${runId}`);
      expect(run.status).toBe(200);
      expect(run.body.status).toBe('failed');
      expect(run.body.error).toMatch(/cancelled/);
      // The probe answered before the cancel is recorded, and the run names its trace.
      expect(run.body.trace_id).toEqual(expect.any(String));
      const t = await api(url, `/api/v1/traces/${run.body.trace_id}`);
      expect(t.status).toBe(200);
      await auditVerifyOk();
    } finally {
      model.release();
      await model.close();
    }
  });
});

describe('what cannot be cancelled', () => {
  it('a finished job is 409 naming its state; unknown 404; malformed 400; no credential 401', async () => {
    const verify = await api(url, '/api/v1/ledger/verify', { method: 'POST' });
    expect(verify.status).toBe(200);
    const done = await cancel(verify.body.job_id);
    expect(done.status).toBe(409);
    expect(done.body.error).toMatchObject({ code: 409, type: 'conflict' });
    expect(JSON.stringify(done.body.error)).toMatch(/already done/);
    expect((await getJob(verify.body.job_id)).cancel_requested).toBe(false);

    expect((await cancel('job_01ARZ3NDEKTSV4RRFFQ69G5FAV')).status).toBe(404);
    const bad = await api(url, `/api/v1/jobs/${encodeURIComponent('a b;drop')}/cancel`, {
      method: 'POST',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.field).toBe('id');
    const anon = await api(url, `/api/v1/jobs/${verify.body.job_id}/cancel`, {
      method: 'POST',
      key: null,
    });
    expect(anon.status).toBe(401);
    expect(existsSync(join(store.dir, 'reports'))).toBe(true);
  });
});
