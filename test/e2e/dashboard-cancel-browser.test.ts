import type { FastifyInstance } from 'fastify';
import { copyFileSync, existsSync, readdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppContext } from '../../src/context.js';
import { buildServer } from '../../src/server/app.js';
import { ROUTES } from '../../src/server/routes/index.js';
import { chromiumPath, launchChromium, NO_BROWSER_HINT, SCREENSHOTS } from '../support/browser.js';
import { ROOT, runBin, tempDataDir } from '../support/cli.js';
import { ADMIN_KEY, api, trace, type Loose } from '../support/server.js';

/**
 * The dashboard's Cancel button in real Chromium, over a pack build held still where the
 * test needs it: the real zip writer waits for the test before it writes (nothing else of
 * the build changes), so the click lands while the build runs, whatever the machine's
 * speed. The hold needs the server in this process (as test/integration/
 * jobs-cancel-pack.test.ts has it); it serves the built dashboard from dist/dashboard/, so
 * run `npm run build` first.
 */
const zipGate = vi.hoisted(() => {
  let open = (): void => {};
  let reach = (): void => {};
  const gate = {
    opened: Promise.resolve(),
    reached: Promise.resolve(),
    /** The next build stops at its zip step until open() is called. */
    arm() {
      gate.opened = new Promise<void>((r) => (open = r));
      gate.reached = new Promise<void>((r) => (reach = r));
    },
    open: () => open(),
    reach: () => reach(),
  };
  return gate;
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
// From src/ the server would look for the dashboard beside the sources: give it the build.
vi.mock('../../src/server/dashboard.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/server/dashboard.js')>();
  const { ROOT: root } = await import('../support/cli.js');
  const built = join(root, 'dist', 'dashboard');
  return { ...real, installDashboard: (app: FastifyInstance) => real.installDashboard(app, built) };
});

const CHROMIUM = chromiumPath();
if (!CHROMIUM) console.warn(NO_BROWSER_HINT);

const PASSWORD = 'correct horse battery staple';
const ANALYST = 'ana@example.com';
const SHOT = '16-compliance-cancel.png';

describe.skipIf(!CHROMIUM)('cancelling a job from the dashboard', () => {
  let store: { dir: string; cleanup(): void };
  let ctx: AppContext;
  let app: FastifyInstance;
  let url: string;
  let browser: Browser;

  beforeAll(async () => {
    store = tempDataDir('evid-dash-cancel-');
    const added = await runBin(
      'evid',
      ['admin', 'users', 'add', '--email', ANALYST, '--role', 'analyst'],
      { dataDir: store.dir, input: PASSWORD },
    );
    expect(added.exitCode, String(added.stderr)).toBe(0);
    ctx = AppContext.fromEnv({ dataDir: store.dir, env: { EVID_API_KEY: ADMIN_KEY } });
    app = await buildServer(ctx, { bin: 'audit', routes: ROUTES });
    await app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const t = trace('sess_dash_cancel', 'support-bot', 4);
    expect((await api(url, '/api/v1/traces', { method: 'POST', body: t })).status).toBe(201);
    browser = await launchChromium(CHROMIUM!);
  }, 120_000);

  afterAll(async () => {
    zipGate.open();
    await browser?.close();
    await app?.close();
    ctx?.close();
    store?.cleanup();
    // The screenshot illustrates docs/dashboard.md "Progress of long work".
    const shot = join(SCREENSHOTS, SHOT);
    if (existsSync(shot)) copyFileSync(shot, join(ROOT, 'docs', 'dashboard', SHOT));
  });

  async function packsPanel(): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1360, height: 900 } });
    const page = await context.newPage();
    await page.goto(url);
    await page.getByLabel('E-mail').fill(ANALYST);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('link', { name: 'Compliance' }).click();
    await page.getByRole('button', { name: 'Build pack' }).waitFor();
    return page;
  }

  /** The newest pack job, as an admin reads it over the API. */
  async function newestPackJob(): Promise<Loose> {
    const list = await api(url, '/api/v1/jobs?kind=pack');
    expect(list.status).toBe(200);
    return list.body.jobs[0];
  }

  it('stops a running pack build: Cancelling…, then Cancelled; the job is cancelled and no pack recorded', async () => {
    const page = await packsPanel();
    zipGate.arm();
    await page.getByRole('button', { name: 'Build pack' }).click();
    await zipGate.reached;
    const panel = page.getByRole('region', { name: 'Evidence packs' });
    await panel.getByRole('status').filter({ hasText: 'zipping' }).waitFor();
    const cancel = panel.getByRole('button', { name: 'Cancel building the pack' });
    await panel.screenshot({ path: join(SCREENSHOTS, SHOT) });

    const asked = page.waitForResponse((r) => r.url().endsWith('/cancel'));
    await cancel.click();
    expect((await asked).status()).toBe(202);
    const cancelling = panel.getByRole('button', { name: 'Cancelling building the pack' });
    await cancelling.waitFor();
    expect(await cancelling.isDisabled()).toBe(true);
    expect(await newestPackJob()).toMatchObject({ state: 'running', cancel_requested: true });

    zipGate.open();
    await panel.getByRole('status').filter({ hasText: 'Cancelled' }).waitFor();
    expect(await panel.getByRole('button', { name: /^Cancel/ }).count()).toBe(0);
    expect(await page.getByRole('alert').count()).toBe(0); // a cancel is not an error
    expect(await panel.getByRole('button', { name: 'Build pack' }).isEnabled()).toBe(true);

    const job = await newestPackJob();
    expect(job).toMatchObject({ state: 'cancelled', result_url: null });
    const packs = await api(url, '/api/v1/packs?limit=100');
    expect(packs.body.packs).toEqual([]);
    expect(readdirSync(join(store.dir, 'packs'))).toEqual([]);
    await page.context().close();
  });

  it('shows a job that ended before its cancel arrived (409) as ended, not as an error', async () => {
    const page = await packsPanel();
    zipGate.arm();
    await page.getByRole('button', { name: 'Build pack' }).click();
    await zipGate.reached;
    const panel = page.getByRole('region', { name: 'Evidence packs' });
    // Hold the cancel in the browser until the build has finished on the server.
    let release = (): void => {};
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/v1/jobs/*/cancel', async (route) => {
      await held;
      await route.continue();
    });
    await panel.getByRole('button', { name: 'Cancel building the pack' }).click();
    zipGate.open();
    for (;;) {
      if ((await newestPackJob()).state === 'done') break;
      await new Promise((r) => setTimeout(r, 20));
    }
    const answered = page.waitForResponse((r) => r.url().endsWith('/cancel'));
    release();
    expect((await answered).status()).toBe(409);

    await panel.getByRole('link', { name: 'Download the new pack' }).waitFor();
    await panel.getByRole('cell', { name: /^pk_/ }).first().waitFor(); // the list reloaded
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(await panel.getByText('Cancelled').count()).toBe(0);
    expect(await panel.getByRole('button', { name: /^Cancel/ }).count()).toBe(0);
    await page.context().close();
  });
});
