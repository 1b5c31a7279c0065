import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath, launchChromium, NO_BROWSER_HINT } from '../support/browser.js';
import { runJson, tempDataDir } from '../support/cli.js';
import { TestOidcProvider } from '../support/oidc-provider.js';
import { api, startServer, trace, type RunningServer } from '../support/server.js';

const CHROMIUM = chromiumPath();
if (!CHROMIUM) console.warn(NO_BROWSER_HINT);

/** Follows one redirect by hand: the Location of a 302, and the cookie it set, if any. */
async function hop(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ to: string; cookie: string | undefined }> {
  const res = await fetch(url, { redirect: 'manual', headers });
  expect(res.status, await res.clone().text()).toBe(302);
  return {
    to: new URL(res.headers.get('location')!, url).toString(),
    cookie: res.headers.get('set-cookie')?.split(';')[0],
  };
}

describe('dashboard single sign-on (OIDC authorization code + PKCE)', () => {
  const store = tempDataDir('evid-dash-oidc-');
  const provider = new TestOidcProvider();
  let server: RunningServer;

  beforeAll(async () => {
    await provider.start();
    server = await startServer({
      dataDir: store.dir,
      bin: 'audit',
      env: { EVID_OIDC_ISSUER_URL: provider.url, EVID_OIDC_CLIENT_ID: 'evid-dashboard' },
    });
    const t = trace('sess_sso_1') as { events: Array<Record<string, unknown>> };
    t.events[0]!.prompt = 'Please mail the invoice to sso_1@customer-mail.org today.';
    expect((await api(server.url, '/api/v1/traces', { method: 'POST', body: t })).status).toBe(201);
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
    await provider.stop();
    store.cleanup();
  });

  it('sends the provider a PKCE S256 challenge, a state and a nonce, and refuses a replayed or forged callback', async () => {
    const methods = await api(server.url, '/api/v1/session/methods', { key: null });
    expect(methods.body).toEqual({ password: true, oidc: true });
    const start = await hop(`${server.url}/api/v1/session/oidc`);
    const authorize = start.to;
    expect(start.cookie).toMatch(/^evid_oidc_state=[\w-]{43}$/);
    const q = new URL(authorize).searchParams;
    expect(authorize.startsWith(`${provider.url}/authorize?`)).toBe(true);
    expect(q.get('client_id')).toBe('evid-dashboard');
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(start.cookie).toBe(`evid_oidc_state=${q.get('state')}`);
    expect(q.get('redirect_uri')).toBe(`${server.url}/api/v1/session/oidc/callback`);
    const callback = (await hop(authorize)).to;
    const withState = { cookie: start.cookie! };

    // A callback link opened in another browser (no state cookie) is refused, and spends
    // the state.
    const elsewhere = await fetch(callback, { redirect: 'manual' });
    expect(elsewhere.status).toBe(401);
    expect(await fetch(callback, { redirect: 'manual', headers: withState })).toMatchObject({
      status: 401,
    });

    const again = await hop(`${server.url}/api/v1/session/oidc`);
    const callback2 = (await hop(again.to)).to;
    const first = await fetch(callback2, {
      redirect: 'manual',
      headers: { cookie: again.cookie! },
    });
    expect(first.status).toBe(302);
    expect(first.headers.getSetCookie().find((c) => c.startsWith('evid_session='))).toMatch(
      /^evid_session=[\w-]{43}; Path=\/; HttpOnly; SameSite=Strict/,
    );
    const replay = await fetch(callback2, {
      redirect: 'manual',
      headers: { cookie: again.cookie! },
    });
    expect(replay.status).toBe(401);
    const forged = await fetch(callback2.replace(/state=[^&]+/, 'state=made-up'), {
      redirect: 'manual',
      headers: { cookie: 'evid_oidc_state=made-up' },
    });
    expect(forged.status).toBe(401);
  });

  it('refuses an ID token without a dashboard role', async () => {
    provider.claims = { email: 'nobody@example.com', evid_role: 'ingest' };
    try {
      const start = await hop(`${server.url}/api/v1/session/oidc`);
      const callback = (await hop(start.to)).to;
      const res = await fetch(callback, { redirect: 'manual', headers: { cookie: start.cookie! } });
      expect(res.status).toBe(403);
      expect(((await res.json()) as { error: { details: string } }).error.details).toContain(
        'no dashboard role',
      );
    } finally {
      provider.claims = { email: 'sso.user@example.com', evid_role: 'analyst' };
    }
  });

  describe.skipIf(!CHROMIUM)('in Chromium', () => {
    let browser: Browser;
    beforeAll(async () => {
      browser = await launchChromium(CHROMIUM!);
    });
    afterAll(async () => {
      await browser?.close();
    });

    it('signs in through the provider, acts as the OIDC subject, and the write is ledgered with it', async () => {
      const page = await browser.newPage();
      await page.goto(server.url);
      await page.getByRole('link', { name: 'Sign in with single sign-on' }).click();
      await page.getByRole('navigation', { name: 'sections' }).waitFor();
      await page.getByText('sso.user@example.com').waitFor();
      expect(await page.locator('.role').textContent()).toBe('analyst');

      const finding = (await api(server.url, '/api/v1/findings')).body.findings[0].id as string;
      const status = await page.evaluate(async (id) => {
        const s = (await (await fetch('/api/v1/session')).json()) as { csrf_token: string };
        const r = await fetch(`/api/v1/findings/${id}`, {
          method: 'PATCH',
          headers: { 'content-type': 'application/json', 'x-csrf-token': s.csrf_token },
          body: JSON.stringify({ status: 'reviewing', comment: 'via SSO' }),
        });
        return r.status;
      }, finding);
      expect(status).toBe(200);
      const got = await runJson<{ history: Array<{ actor: string }> }>(
        'evid',
        ['findings', 'get', finding],
        { dataDir: store.dir },
      );
      expect(got.data.history.at(-1)!.actor).toBe('oidc:sso-user-1');
      expect(provider.tokenAnswers.at(-1)).toBe(200);
      await page.close();
    });
  });
});
