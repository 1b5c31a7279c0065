import type { FastifyInstance } from 'fastify';
import { readdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppContext } from '../../src/context.js';
import { buildServer } from '../../src/server/app.js';
import { ROUTES } from '../../src/server/routes/index.js';
import { verifyStore } from '../../src/store/verify-store.js';
import { tempDataDir } from '../support/cli.js';
import { ADMIN_KEY, api, trace, type Loose } from '../support/server.js';

/**
 * A running pack build cancelled over real HTTP, held still where the test needs it: the
 * real zip writer waits for the test before it writes (nothing else of the build changes),
 * so the cancel lands while the build is zipping, whatever the machine's speed.
 */
const zipGate = vi.hoisted(() => {
  let open!: () => void;
  let reached!: () => void;
  return {
    opened: new Promise<void>((r) => (open = r)),
    reached: new Promise<void>((r) => (reached = r)),
    open: () => open(),
    reach: () => reached(),
  };
});
vi.mock('../../src/packs/zip-writer.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/packs/zip-writer.js')>();
  return {
    ...real,
    writeZip: async (...args: Parameters<typeof real.writeZip>) => {
      zipGate.reach();
      await zipGate.opened;
      return real.writeZip(...args);
    },
  };
});

let store: { dir: string; cleanup(): void };
let ctx: AppContext;
let app: FastifyInstance;
let url: string;
beforeAll(async () => {
  store = tempDataDir('evid-jobs-cancel-pack-');
  ctx = AppContext.fromEnv({ dataDir: store.dir, env: { EVID_API_KEY: ADMIN_KEY } });
  app = await buildServer(ctx, { bin: 'evid', routes: ROUTES });
  await app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const t = trace('sess_cancel_pack', 'support-bot', 4);
  expect((await api(url, '/api/v1/traces', { method: 'POST', body: t })).status).toBe(201);
});
afterAll(async () => {
  zipGate.open();
  await app?.close();
  ctx?.close();
  store?.cleanup();
});

async function ended(id: string): Promise<Loose> {
  for (;;) {
    const s = await api(url, `/api/v1/jobs/${id}`);
    expect(s.status).toBe(200);
    if (!['queued', 'running'].includes(s.body.state)) return s.body;
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('cancelling a running pack build', () => {
  it('stops before the pack is recorded: not listed, no zip, work files or temp files, verify passes', async () => {
    const started = await api(url, '/api/v1/packs', {
      method: 'POST',
      headers: { prefer: 'respond-async' },
      body: { last: '3650d', pack_id: 'held-pack' },
    });
    expect(started.status).toBe(202);
    const id = started.body.id as string;
    await zipGate.reached;
    // Mid-build: the work directory holds the pack's files.
    expect(readdirSync(join(store.dir, 'packs')).some((f) => f.includes('.work-'))).toBe(true);

    const c = await api(url, `/api/v1/jobs/${id}/cancel`, { method: 'POST' });
    expect(c.status).toBe(202);
    expect(c.body).toMatchObject({
      state: 'running',
      cancel_requested: true,
      progress: { phase: 'zipping' },
    });
    zipGate.open();
    const job = await ended(id);
    expect(job).toMatchObject({ state: 'cancelled', error: { type: 'cancelled' } });
    // It stopped at 'recording the pack': the zip was written, then removed, never recorded.
    expect(job.progress).toMatchObject({ phase: 'recording the pack' });

    const packs = await api(url, '/api/v1/packs');
    expect(JSON.stringify(packs.body)).not.toContain('held-pack');
    expect((await api(url, '/api/v1/exports/held-pack')).status).toBe(404);
    expect(readdirSync(join(store.dir, 'packs'))).toEqual([]);
    const verdict = await verifyStore(ctx.store, { threads: 1, chunkSize: 4 });
    expect(verdict.ok).toBe(true);

    // The id was never taken: the same pack builds now (the gate stays open).
    const again = await api(url, '/api/v1/packs', {
      method: 'POST',
      body: { last: '3650d', pack_id: 'held-pack' },
    });
    expect(again.status).toBe(201);
    expect(readdirSync(join(store.dir, 'packs'))).toEqual(['held-pack.zip']);
  });
});
