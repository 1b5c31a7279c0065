import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runJson, tempDataDir } from '../support/cli.js';
import { api, startServer, trace, type Loose, type RunningServer } from '../support/server.js';

/**
 * POST /api/v1/jobs/{id}/cancel on the built server: a running pack build is stopped and
 * leaves nothing behind (no pack listed or downloadable, no work directory or temp zip, the
 * pack id still free), and `audit verify` passes afterwards. The build outlasts the
 * cancel's round trip on loopback by far: a PDF report of 400 traces is rendered and zipped
 * after the 202 is sent (the cancel lands while the report is written). The same stop,
 * held still at the zip step, is test/integration/jobs-cancel-pack.test.ts.
 */
let store: { dir: string; cleanup(): void };
let server: RunningServer;
let url: string;
let analyst: string;
let otherAnalyst: string;

const ASYNC = { prefer: 'respond-async' };
const TRACES = 400;

beforeAll(async () => {
  store = tempDataDir('evid-jobs-cancel-');
  const file = join(store.dir, 'many.ndjson');
  const lines = Array.from({ length: TRACES }, (_, i) =>
    JSON.stringify(trace(`sess_many_${i}`, 'support-bot', 4)),
  );
  writeFileSync(file, `${lines.join('\n')}\n`);
  const ingested = await runJson('evid', ['traces', 'ingest', file], { dataDir: store.dir });
  expect(ingested.code).toBe(0);
  const keys: string[] = [];
  for (const name of ['cancel-a', 'cancel-b']) {
    const r = await runJson<{ key: string }>(
      'evid',
      ['admin', 'keys', 'create', '--name', name, '--role', 'analyst'],
      { dataDir: store.dir },
    );
    keys.push(r.data.key);
  }
  [analyst, otherAnalyst] = keys as [string, string];
  server = await startServer({
    dataDir: store.dir,
    bin: 'audit',
    env: { EVID_SCAN_THREADS: '2', EVID_SCAN_CHUNK: '16' },
  });
  url = server.url;
}, 120_000);
afterAll(async () => {
  await server?.stop();
  store?.cleanup();
});

async function ended(id: string, key: string): Promise<Loose> {
  for (;;) {
    const s = await api(url, `/api/v1/jobs/${id}`, { key });
    expect(s.status).toBe(200);
    if (!['queued', 'running'].includes(s.body.state)) return s.body;
    await new Promise((r) => setTimeout(r, 50));
  }
}

const cancel = (id: string, key: string | undefined) =>
  api(url, `/api/v1/jobs/${id}/cancel`, { method: 'POST', ...(key ? { key } : {}) });

const startBuild = async (packId: string, key: string) => {
  const started = await api(url, '/api/v1/packs', {
    method: 'POST',
    key,
    headers: ASYNC,
    body: { last: '3650d', format: 'pdf', pack_id: packId },
  });
  expect(started.status).toBe(202);
  return started.body.id as string;
};

describe('cancelling a running pack build', () => {
  it("another key's cancel is 404; the owner's stops the build, which leaves nothing behind", async () => {
    const id = await startBuild('cancelled-pack', analyst);
    const other = await cancel(id, otherAnalyst);
    expect(other.status).toBe(404);
    expect(other.body.error).toMatchObject({ code: 404, type: 'not_found' });

    const c = await cancel(id, analyst);
    expect(c.status, 'the build ended before the cancel came: grow the store').toBe(202);
    expect(c.body).toMatchObject({ id, kind: 'pack', state: 'running', cancel_requested: true });
    const job = await ended(id, analyst);
    expect(job).toMatchObject({
      state: 'cancelled',
      result_url: null,
      error: { code: 409, type: 'cancelled' },
    });
    expect(job.progress.done).toBeLessThan(job.progress.total);

    // Nothing of it in the store: not listed, not downloadable, no work files, id free.
    const packs = await api(url, '/api/v1/packs?limit=1000', { key: analyst });
    expect(packs.status).toBe(200);
    expect(JSON.stringify(packs.body)).not.toContain('cancelled-pack');
    expect((await api(url, '/api/v1/exports/cancelled-pack', { key: analyst })).status).toBe(404);
    expect(readdirSync(join(store.dir, 'packs'))).toEqual([]);
    const again = await cancel(id, analyst);
    expect(again.status).toBe(409);
    expect(again.body.error.details ?? again.body.error.message).toMatch(/already cancelled/);
  });

  it("an admin may cancel any key's job; audit verify passes and the pack id can be built after", async () => {
    const id = await startBuild('admin-cancelled', otherAnalyst);
    const c = await cancel(id, undefined); // the admin key
    expect(c.status, 'the build ended before the cancel came: grow the store').toBe(202);
    expect((await ended(id, otherAnalyst)).state).toBe('cancelled');

    const verify = await runJson<Loose>('audit', ['verify'], { dataDir: store.dir });
    expect(verify.code).toBe(0);
    expect(verify.data.ok).toBe(true);

    const built = await api(url, '/api/v1/packs', {
      method: 'POST',
      key: analyst,
      body: { last: '3650d', pack_id: 'cancelled-pack' },
    });
    expect(built.status).toBe(201);
    const done = await cancel(built.body.job_id, analyst);
    expect(done.status).toBe(409);
    expect(JSON.stringify(done.body.error)).toMatch(/already done/);
    expect(readdirSync(join(store.dir, 'packs'))).toEqual(['cancelled-pack.zip']);
  });
});
