import { copyFileSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath, launchChromium, NO_BROWSER_HINT, SCREENSHOTS } from '../support/browser.js';
import { ROOT, runBin, runJson, tempDataDir } from '../support/cli.js';
import { api, startServer, trace, type RunningServer } from '../support/server.js';
import { startReceiver } from '../support/siem-receivers.js';
import { withDb } from '../support/tamper.js';

const CHROMIUM = chromiumPath();
if (!CHROMIUM) console.warn(NO_BROWSER_HINT);

const PASSWORD = 'correct horse battery staple';
const HEC_TOKEN = 'hec-token-3b9d7c10-0000-4000-8000-fedcbafedcba';
const USERS = { admin: 'ada@example.com', analyst: 'ana@example.com', viewer: 'vic@example.com' };

/** A trace whose prompts hold an e-mail address, so the detectors file PII findings. */
function piiTrace(session: string, agent: string): Record<string, unknown> {
  const t = trace(session, agent, 2) as { events: Array<Record<string, unknown>> };
  t.events[0]!.prompt = `Please mail the invoice to ${session}@customer-mail.org today.`;
  return t;
}

describe.skipIf(!CHROMIUM)('dashboard in Chromium', () => {
  const store = tempDataDir('evid-dash-');
  let server: RunningServer;
  let browser: Browser;
  /** Every URL any page requested: none may leave the server. */
  const requested: string[] = [];

  async function signedIn(
    role: keyof typeof USERS,
  ): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({ viewport: { width: 1360, height: 900 } });
    context.on('request', (r) => requested.push(r.url()));
    const page = await context.newPage();
    await page.goto(server.url);
    await page.getByLabel('E-mail').fill(USERS[role]);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('navigation', { name: 'sections' }).waitFor();
    return { context, page };
  }

  const shot = (page: Page, name: string) =>
    page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });

  beforeAll(async () => {
    for (const [role, email] of Object.entries(USERS)) {
      const added = await runBin(
        'evid',
        ['admin', 'users', 'add', '--email', email, '--role', role],
        {
          dataDir: store.dir,
          input: PASSWORD,
        },
      );
      expect(added.exitCode, String(added.stderr)).toBe(0);
    }
    server = await startServer({ dataDir: store.dir, bin: 'audit' });
    for (const [session, agent] of [
      ['sess_dash_1', 'support-bot'],
      ['sess_dash_2', 'support-bot'],
      ['sess_dash_3', 'billing-agent'],
      ['sess_dash_4', 'billing-agent'],
    ] as const) {
      const r = await api(server.url, '/api/v1/traces', {
        method: 'POST',
        body: piiTrace(session, agent),
      });
      expect(r.status).toBe(201);
    }
    browser = await launchChromium(CHROMIUM!);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    store.cleanup();
    // The final screenshots illustrate docs/dashboard.md.
    const docs = join(ROOT, 'docs', 'dashboard');
    mkdirSync(docs, { recursive: true });
    for (const f of readdirSync(SCREENSHOTS)) copyFileSync(join(SCREENSHOTS, f), join(docs, f));
  });

  it('serves the app with a strict CSP and a session cookie that scripts cannot read', async () => {
    const index = await fetch(`${server.url}/`);
    expect(index.status).toBe(200);
    const csp = index.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    const html = await index.text();
    const asset = /\/assets\/(app-[\w-]+\.js)/.exec(html)![1]!;
    const js = await fetch(`${server.url}/assets/${asset}`);
    expect(js.headers.get('cache-control')).toContain('immutable');

    const signIn = await api(server.url, '/api/v1/session', {
      method: 'POST',
      key: null,
      body: { email: USERS.viewer, password: PASSWORD },
    });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^evid_session=[\w-]{43};/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).not.toContain('Secure'); // plain HTTP on loopback
    const users = await runJson<Array<{ email: string; last_login_at: string | null }>>(
      'evid',
      ['admin', 'users', 'list'],
      { dataDir: store.dir },
    );
    expect(users.data.find((u) => u.email === USERS.viewer)?.last_login_at).toBeTruthy();
  });

  it('signs in, shows the overview, and a trace whose records prove their inclusion in the browser', async () => {
    const context = await browser.newContext({ viewport: { width: 1360, height: 900 } });
    context.on('request', (r) => requested.push(r.url()));
    const page = await context.newPage();
    await page.goto(server.url);
    await page.getByLabel('E-mail').fill(USERS.analyst);
    await shot(page, '01-sign-in');
    await page.getByLabel('Password').fill('wrong password!!');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'wrong e-mail or password' }).waitFor();
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();

    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    await page.locator('.chart canvas').waitFor();
    const traces = page.locator('.card', { hasText: 'Traces' }).locator('.card-value');
    expect(await traces.textContent()).toBe('4');
    await shot(page, '02-overview');

    await page.getByRole('link', { name: 'Traces' }).click();
    await page.getByRole('cell', { name: 'sess_dash_3' }).waitFor();
    await page.getByLabel('agent').fill('support-bot');
    await page.getByRole('button', { name: 'Filter' }).click();
    // The filtered page replaces the list: billing-agent's traces leave, support-bot's stay.
    await page.getByRole('cell', { name: 'sess_dash_3' }).waitFor({ state: 'detached' });
    expect(page.url()).toContain('agent=support-bot');
    await page.getByRole('cell', { name: 'sess_dash_1' }).waitFor();
    expect(await page.getByRole('cell', { name: 'sess_dash_4' }).count()).toBe(0);
    // Text search finds a trace by what its prompt says (not in any id or agent name).
    await page.getByLabel('agent').fill('');
    await page.getByLabel('search', { exact: true }).fill('sess_dash_4@customer-mail');
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.getByRole('cell', { name: 'sess_dash_1' }).waitFor({ state: 'detached' });
    expect(page.url()).toContain('q=sess_dash_4');
    await page.getByRole('cell', { name: 'sess_dash_4' }).waitFor();
    expect(await page.locator('table.list tbody tr').count()).toBe(1);
    await shot(page, '03-traces');
    await page.getByLabel('search', { exact: true }).fill('');
    await page.getByLabel('agent').fill('support-bot');
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.getByRole('cell', { name: 'sess_dash_1' }).waitFor();

    await page
      .getByRole('row', { name: /sess_dash_1/ })
      .getByRole('link')
      .click();
    await page.getByRole('heading', { name: 'Trace sess_dash_1' }).waitFor();
    const firstEvent = page.locator('li.event').first();
    await firstEvent.getByText('sess_dash_1@customer-mail.org').waitFor();
    await firstEvent.locator('.inline-finding', { hasText: 'pii.email' }).waitFor();
    await firstEvent.getByRole('button', { name: /prove/ }).click();
    const proof = firstEvent.locator('.proof');
    await proof.waitFor();
    expect(await proof.textContent()).toContain('✓ In the signed ledger');
    await page.getByRole('button', { name: 'prove this trace is in the signed ledger' }).click();
    await page.locator('.page-actions .proof-ok').waitFor();
    await shot(page, '04-trace');
    await context.close();
  });

  it('reviews findings one at a time and in bulk from the keyboard; the CLI sees the change', async () => {
    const { context, page } = await signedIn('analyst');
    await page.getByRole('link', { name: 'Findings' }).click();
    const rows = page.locator('table.findings tbody tr');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(4);
    const ids = await rows
      .locator('input[type=checkbox]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')!.replace('select ', '')));
    await page.locator('h1').click();
    await page.keyboard.press('x'); // select row 1
    await page.keyboard.press('j');
    await page.keyboard.press('x'); // and row 2
    await page.getByPlaceholder('comment (recorded in the history)').fill('known test data');
    await page.locator('h1').click();
    await shot(page, '05-findings');
    await page.keyboard.press('c'); // close both
    await page.getByText('2 findings moved to closed').waitFor();
    for (const id of ids.slice(0, 2)) {
      const got = await runJson<{
        status: string;
        history: Array<{ actor: string; comment: string }>;
      }>('evid', ['findings', 'get', id], { dataDir: store.dir });
      expect(got.data.status).toBe('closed');
      expect(got.data.history.at(-1)).toMatchObject({
        actor: `user:${USERS.analyst}`,
        comment: 'known test data',
      });
    }

    await page.goto(`${server.url}/#/findings/${ids[2]}`);
    await page.getByRole('heading', { name: 'Finding pii.email' }).waitFor();
    await page.getByLabel('New status').selectOption('reviewing');
    await page.getByLabel('Comment').fill('asked the owner');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('asked the owner').waitFor();
    await shot(page, '06-finding');
    const one = await runJson<{ status: string }>('evid', ['findings', 'get', ids[2]!], {
      dataDir: store.dir,
    });
    expect(one.data.status).toBe('reviewing');
    await context.close();
  });

  it('refuses a write without the CSRF token, and a viewer sees no write button and is refused anyway', async () => {
    const { context, page } = await signedIn('viewer');
    await page.getByRole('link', { name: 'Findings' }).click();
    await page.locator('table.findings tbody tr').first().waitFor();
    expect(await page.getByRole('group', { name: 'change status' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Kill switch' }).click();
    await page.getByText('cannot pull or release the kill switch').waitFor();
    expect(await page.getByRole('button', { name: /Activate/ }).count()).toBe(0);

    const list = await api(server.url, '/api/v1/findings?status=open');
    const id = list.body.findings[0].id as string;
    const answers = await page.evaluate(async (findingId) => {
      const session = (await (await fetch('/api/v1/session')).json()) as { csrf_token: string };
      const patch = (headers: Record<string, string>) =>
        fetch(`/api/v1/findings/${findingId}`, {
          method: 'PATCH',
          headers: { 'content-type': 'application/json', ...headers },
          body: JSON.stringify({ status: 'remediated' }),
        }).then(async (r) => ({
          status: r.status,
          body: (await r.json()) as { error: { details: string } },
        }));
      return {
        noToken: await patch({}),
        withToken: await patch({ 'x-csrf-token': session.csrf_token }),
      };
    }, id);
    expect(answers.noToken.status).toBe(403);
    expect(answers.noToken.body.error.details).toContain('x-csrf-token');
    expect(answers.withToken.status).toBe(403);
    expect(answers.withToken.body.error.details).toContain('role viewer may not');
    const after = await runJson<{ status: string }>('evid', ['findings', 'get', id], {
      dataDir: store.dir,
    });
    expect(after.data.status).toBe('open');
    await context.close();
  });

  it('pulls the kill switch with a confirmation step, refuses intake, and releases it', async () => {
    const { context, page } = await signedIn('admin');
    await page.getByRole('link', { name: 'Kill switch' }).click();
    await page
      .getByLabel('Reason (ledgered; also used for a release)')
      .fill('incident 7: leaking e-mails');
    await page.getByRole('button', { name: 'Activate…' }).click();
    await page.getByRole('button', { name: 'Yes, stop intake' }).click();
    await page.getByText('Active: intake refused for every agent').waitFor();
    await shot(page, '07-kill-switch');
    const refused = await api(server.url, '/api/v1/traces', {
      method: 'POST',
      body: trace('sess_dash_ks'),
    });
    expect(refused.status).toBe(503);

    await page.getByRole('button', { name: 'Release' }).click();
    await page.getByText('Released: intake is open.').waitFor();
    const accepted = await api(server.url, '/api/v1/traces', {
      method: 'POST',
      body: trace('sess_dash_ks'),
    });
    expect(accepted.status).toBe(201);
    const status = await runJson<{ history: Array<{ action: string; actor: string }> }>(
      'audit',
      ['kill-switch', 'status'],
      { dataDir: store.dir },
    );
    expect(status.data.history.slice(0, 2).map((h) => [h.action, h.actor])).toEqual([
      ['deactivated', `user:${USERS.admin}`],
      ['activated', `user:${USERS.admin}`],
    ]);
    await context.close();
  });

  it('runs a ledger verify as a job, and builds a pack with a progress bar whose download passes audit evidence verify', async () => {
    const { context, page } = await signedIn('admin');
    await page.getByRole('link', { name: 'Ledger' }).click();
    await page.getByRole('button', { name: 'Verify now' }).click();
    await page.getByText('✓ Intact').waitFor();
    const verifyBar = page.getByRole('progressbar', { name: 'verifying the ledger' });
    await verifyBar.waitFor();
    expect(await verifyBar.getAttribute('value')).toBe(await verifyBar.getAttribute('max'));
    await shot(page, '08-ledger');

    await page.getByRole('link', { name: 'Compliance' }).click();
    await page.locator('.score-value').waitFor();
    await page.getByRole('button', { name: 'Build pack' }).click();
    // The bar follows the build job (GET /api/v1/jobs/{id}) and stays full once it is done.
    const bar = page.getByRole('progressbar', { name: 'building the pack' });
    await bar.waitFor();
    const link = page.getByRole('link', { name: 'Download the new pack' });
    await link.waitFor();
    expect(await bar.getAttribute('max')).toBe('6');
    expect(await bar.getAttribute('value')).toBe('6');
    await page.getByRole('cell', { name: /^pk_/ }).first().waitFor(); // the list reloaded
    // A report is a job too: its bar, then the report's own download.
    await page.getByRole('button', { name: 'Generate report' }).click();
    const reportLink = page.getByRole('link', { name: /^Download eu-ai-act-.*\.html$/ });
    await reportLink.waitFor();
    const reportBar = page.getByRole('progressbar', { name: 'building the report' });
    expect(await reportBar.getAttribute('value')).toBe(await reportBar.getAttribute('max'));
    expect(await reportLink.getAttribute('href')).toMatch(/^\/api\/v1\/reports\/.+\/download$/);
    await shot(page, '09-compliance');
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    const file = join(store.dir, 'from-dashboard.zip');
    await download.saveAs(file);
    const verified = await runBin('audit', ['evidence', 'verify', file], { dataDir: store.dir });
    expect(verified.exitCode, String(verified.stdout) + String(verified.stderr)).toBe(0);
    await context.close();
  });

  it('lets an admin create an API key shown once, and revoke it; a viewer sees no such form', async () => {
    const { context, page } = await signedIn('admin');
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.getByLabel('Key name').fill('ci-dashboard');
    await page.getByLabel('Key role').selectOption('viewer');
    await page.getByRole('button', { name: 'Create key' }).click();
    const once = page.getByRole('status', { name: 'new API key' });
    const key = (await once.locator('code.secret').textContent())!;
    expect(key).toMatch(/^evk_/);
    await page.getByRole('cell', { name: 'ci-dashboard', exact: true }).waitFor();
    await shot(page, '10-settings');
    expect((await api(server.url, '/api/v1/traces', { key })).status).toBe(200);

    await once.getByRole('button', { name: 'I have copied it' }).click();
    await once.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('cell', { name: 'ci-dashboard', exact: true }).waitFor();
    expect(await page.content()).not.toContain(key.slice(-20)); // never shown again

    await page.getByRole('button', { name: 'revoke ci-dashboard' }).click();
    await page.getByRole('button', { name: 'confirm revoking ci-dashboard' }).click();
    await page
      .getByRole('cell', { name: 'ci-dashboard', exact: true })
      .waitFor({ state: 'detached' });
    expect((await api(server.url, '/api/v1/traces', { key })).status).toBe(401);
    const keys = await runJson<Array<{ name: string; revoked_by: string | null }>>(
      'evid',
      ['admin', 'keys', 'list', '--all'],
      { dataDir: store.dir },
    );
    expect(keys.data.find((k) => k.name === 'ci-dashboard')?.revoked_by).toBe(
      `user:${USERS.admin}`,
    );

    // Retention days and a legal hold from the same page.
    await page.getByLabel('Retention days (7 to 365)').fill('200');
    await page.getByRole('button', { name: 'Save policy' }).click();
    await page.getByText('Records older than 200 days').waitFor();
    await page.getByLabel('Held agent').fill('billing-agent');
    await page.getByLabel('Hold reason').fill('regulator inquiry');
    await page.getByRole('button', { name: 'Place hold' }).click();
    await page.getByRole('cell', { name: 'agent billing-agent', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Release…' }).click();
    await page.getByLabel('release reason').fill('inquiry closed');
    await page.getByRole('button', { name: 'Release', exact: true }).click();
    await page
      .getByRole('cell', { name: 'agent billing-agent', exact: true })
      .waitFor({ state: 'detached' });
    const holds = await runJson<Array<{ release_reason: string | null; released_by: string }>>(
      'evid',
      ['retention', 'hold', 'list', '--all'],
      { dataDir: store.dir },
    );
    expect(holds.data.map((h) => [h.release_reason, h.released_by])).toEqual([
      ['inquiry closed', `user:${USERS.admin}`],
    ]);
    await context.close();

    const viewer = await signedIn('viewer');
    await viewer.page.getByRole('link', { name: 'Settings' }).click();
    await viewer.page.getByRole('heading', { name: 'Retention and legal holds' }).waitFor();
    expect(await viewer.page.getByRole('button', { name: 'Create key' }).count()).toBe(0);
    expect(await viewer.page.getByRole('button', { name: 'Place hold' }).count()).toBe(0);
    await viewer.context.close();
  });

  it('lets an admin add a user and change its role in Settings → Users, and manage SIEM targets; a viewer sees neither form', async () => {
    const receiver = await startReceiver();
    const splunk = await api<{ target_id: string }>(server.url, '/api/v1/siem/targets', {
      method: 'POST',
      body: { kind: 'splunk', endpoint: receiver.url, token: HEC_TOKEN, index: 'ai_audit' },
    });
    expect(splunk.status, splunk.text).toBe(201);
    const { context, page } = await signedIn('admin');
    await page.getByRole('link', { name: 'Settings' }).click();

    // Users: the form is submitted from the keyboard (Enter in the password field).
    const users = page.getByRole('region', { name: 'Users', exact: true });
    await users.getByRole('cell', { name: USERS.viewer, exact: true }).waitFor();
    await page.getByLabel('User e-mail').fill('Nia@Example.com');
    await page.getByLabel('User role').selectOption('analyst');
    await page.getByLabel('Password (at least 12 characters)').fill(PASSWORD);
    await page.getByLabel('Password (at least 12 characters)').press('Enter');
    await users.getByRole('cell', { name: 'nia@example.com', exact: true }).waitFor();
    await page.getByLabel('role of nia@example.com').selectOption('viewer');
    await page.getByRole('button', { name: 'save role of nia@example.com' }).click();
    await page.getByText('nia@example.com is now viewer.').waitFor();
    const listed = await runJson<Array<{ email: string; role: string; created_by: string }>>(
      'evid',
      ['admin', 'users', 'list'],
      { dataDir: store.dir },
    );
    expect(listed.data.find((u) => u.email === 'nia@example.com')).toMatchObject({
      role: 'viewer',
      created_by: `user:${USERS.admin}`,
    });
    expect(await users.textContent()).not.toContain('scrypt');
    await users.screenshot({ path: join(SCREENSHOTS, '11-settings-users.png') });

    // SIEM targets: the one added over REST with its state, a test event, a syslog target added here.
    const siem = page.getByRole('region', { name: 'SIEM targets' });
    await siem.getByRole('cell', { name: new RegExp(`^${splunk.body.target_id} `) }).waitFor();
    expect(await siem.textContent()).not.toContain(HEC_TOKEN);
    await page
      .getByRole('button', { name: `send a test event to ${splunk.body.target_id}` })
      .click();
    await siem.getByRole('status').filter({ hasText: 'accepted' }).waitFor();
    expect(receiver.received.at(-1)?.headers.authorization).toBe(`Splunk ${HEC_TOKEN}`);
    await page.getByLabel('Kind').selectOption('syslog');
    await page.getByLabel('Host').fill('127.0.0.1');
    await page.getByLabel('Protocol').selectOption('tcp');
    await page.getByRole('button', { name: 'Add target' }).click();
    await siem.getByRole('status').filter({ hasText: 'Added siem_' }).waitFor();
    await siem.getByRole('cell', { name: /protocol=tcp/ }).waitFor();
    const targets = await runJson<Array<{ kind: string; created_by: string }>>(
      'evid',
      ['siem', 'list'],
      { dataDir: store.dir },
    );
    expect(targets.data.map((t) => [t.kind, t.created_by])).toContainEqual([
      'syslog',
      `user:${USERS.admin}`,
    ]);
    await siem.screenshot({ path: join(SCREENSHOTS, '12-settings-siem.png') });
    // The buttons a viewer must not see (below) are there for an admin.
    expect(await page.getByRole('button', { name: /^remove siem_/ }).count()).toBe(2);
    await context.close();
    await receiver.close();

    // A viewer sees the targets and their state, no Users panel and no write button.
    const viewer = await signedIn('viewer');
    await viewer.page.getByRole('link', { name: 'Settings' }).click();
    await viewer.page
      .getByRole('cell', { name: new RegExp(`^${splunk.body.target_id} `) })
      .waitFor();
    expect(await viewer.page.getByRole('heading', { name: 'Users' }).count()).toBe(0);
    for (const name of ['Add target', 'Add user', /^send a test event/, /^remove siem_/]) {
      expect(await viewer.page.getByRole('button', { name }).count(), String(name)).toBe(0);
    }
    await viewer.context.close();
  });

  it('locks an e-mail out after five failed sign-ins', async () => {
    const tries = [];
    for (let i = 0; i < 6; i++) {
      tries.push(
        (
          await api(server.url, '/api/v1/session', {
            method: 'POST',
            key: null,
            body: { email: USERS.admin.toUpperCase(), password: `not the password ${i}` },
          })
        ).status,
      );
    }
    expect(tries).toEqual([401, 401, 401, 401, 401, 429]);
    const right = await api(server.url, '/api/v1/session', {
      method: 'POST',
      key: null,
      body: { email: USERS.admin, password: PASSWORD },
    });
    expect(right.status).toBe(429);
    expect(right.body.error.details).toContain('too many failed sign-ins');
  });

  it('renders only the rows in view of long lists: traces, findings (j/k still reach every row) and a timeline', async () => {
    const MANY = 150;
    for (let i = 0; i < MANY; i++) {
      const r = await api(server.url, '/api/v1/traces', {
        method: 'POST',
        body: piiTrace(`sess_bulk_${String(i).padStart(3, '0')}`, 'bulk-agent'),
      });
      expect(r.status).toBe(201);
    }
    const long = trace('sess_long', 'bulk-agent', 300);
    expect((await api(server.url, '/api/v1/traces', { method: 'POST', body: long })).status).toBe(
      201,
    );
    const { context, page } = await signedIn('analyst');
    const dataRows = (table: string) => page.locator(`${table} tbody tr:not(.spacer)`);

    await page.goto(`${server.url}/#/traces?agent=bulk-agent`);
    await page.getByText(`1–${MANY + 1} of ${MANY + 1}`).waitFor();
    const traceRows = await dataRows('table.list').count();
    expect(traceRows).toBeGreaterThan(5);
    expect(traceRows).toBeLessThan(MANY / 2);
    // Scrolled to the end, the oldest trace is rendered (and the first is not).
    await page.locator('.scroll-box').evaluate((el) => (el.scrollTop = el.scrollHeight));
    await page.getByRole('cell', { name: 'sess_bulk_000' }).waitFor();
    expect(await page.getByRole('cell', { name: 'sess_long' }).count()).toBe(0);
    await shot(page, '13-traces-virtual');

    await page.goto(`${server.url}/#/findings?agent=bulk-agent`);
    const findingRows = dataRows('table.findings');
    await findingRows.first().waitFor();
    expect(await findingRows.count()).toBeLessThan(MANY / 2);
    await page.locator('h1').click();
    for (let i = 0; i < 99; i++) await page.keyboard.press('j');
    const cursor = page.locator('table.findings tr.cursor');
    await cursor.waitFor();
    expect(await cursor.getAttribute('data-index')).toBe('99');
    expect(await cursor.isVisible()).toBe(true);
    // The virtualiser scrolls its box to the row (a frame or two): the focused row ends up
    // wholly in view, below the sticky header row, going down (j) and back up (k).
    const inView = () =>
      cursor.evaluate((row) => {
        const box = row.closest('.scroll-box')!;
        const head = box.querySelector('thead')!.getBoundingClientRect();
        const r = row.getBoundingClientRect();
        return r.top >= head.bottom - 1 && r.bottom <= box.getBoundingClientRect().bottom + 1;
      });
    await expect.poll(inView).toBe(true);
    for (let i = 0; i < 60; i++) await page.keyboard.press('k');
    expect(await cursor.getAttribute('data-index')).toBe('39');
    await expect.poll(inView).toBe(true);
    await page.keyboard.press('x');
    expect(await cursor.locator('input[type=checkbox]').isChecked()).toBe(true);
    await shot(page, '14-findings-virtual');

    await page.goto(`${server.url}/#/traces/sess_long`);
    await page.getByRole('heading', { name: 'Trace sess_long' }).waitFor();
    await page.locator('li.event').first().waitFor();
    const cards = await page.locator('li.event').count();
    expect(cards).toBeGreaterThan(2);
    expect(cards).toBeLessThan(100);
    await page.locator('.scroll-box').evaluate((el) => (el.scrollTop = el.scrollHeight));
    await page.getByText('question 299 from sess_long').waitFor();
    await context.close();
  });

  it('names the first bad record when a verify run on the Ledger page finds a tampered row', async () => {
    withDb(store.dir, (db) =>
      db.prepare("UPDATE traces SET agent = 'tampered' WHERE session_id = 'sess_dash_2'").run(),
    );
    const { context, page } = await signedIn('analyst');
    await page.getByRole('link', { name: 'Ledger' }).click();
    await page.getByRole('button', { name: 'Verify now' }).click();
    await page.getByText('✗ Verification FAILED').waitFor();
    await page.getByText(/First bad record:/).waitFor();
    const verdict =
      (await page.getByRole('status').filter({ hasText: 'First bad record' }).textContent()) ?? '';
    expect(verdict).toMatch(/traces row|seq \d+/);
    await shot(page, '15-ledger-tampered');
    await context.close();
  });

  it('made no request outside the server', () => {
    expect(requested.length).toBeGreaterThan(20);
    const outside = requested.filter(
      (u) => !u.startsWith(`${server.url}/`) && !u.startsWith('data:'),
    );
    expect(outside).toEqual([]);
  });
});
