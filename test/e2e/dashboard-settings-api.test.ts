import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBin, runJson, tempDataDir } from '../support/cli.js';
import { api, startServer, trace, type RunningServer } from '../support/server.js';

/**
 * What the dashboard's traces search box and settings use, over plain HTTP with bearer keys
 * (scripts get the same routes), read back with the CLI.
 */
describe('traces search, API keys and legal holds over REST', () => {
  const store = tempDataDir('evid-dash-api-');
  let server: RunningServer;

  beforeAll(async () => {
    server = await startServer({ dataDir: store.dir, bin: 'audit' });
    const traces: Array<[string, string, string]> = [
      ['sess_s1', 'support-bot', 'Where is my parcel 100% lost?'],
      ['sess_s2', 'support-bot', 'I want a refund for order 77'],
      ['sess_s3', 'billing-agent', 'REFUND the duplicate charge'],
    ];
    for (const [session, agent, prompt] of traces) {
      const t = trace(session, agent, 2) as { events: Array<Record<string, unknown>> };
      t.events[1]!.prompt = prompt;
      const r = await api(server.url, '/api/v1/traces', { method: 'POST', body: t });
      expect(r.status).toBe(201);
    }
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
    store.cleanup();
  });

  const sessions = async (query: string): Promise<string[]> => {
    const r = await api<{ traces: Array<{ session_id: string }>; total: number }>(
      server.url,
      `/api/v1/traces?${query}`,
    );
    expect(r.status, r.text).toBe(200);
    expect(r.body.total).toBe(r.body.traces.length);
    return r.body.traces.map((t) => t.session_id).sort();
  };

  it('finds traces by the text of their prompts, ids and agent, with the other filters', async () => {
    expect(await sessions('q=refund')).toEqual(['sess_s2', 'sess_s3']);
    expect(await sessions('q=refund&agent=billing-agent')).toEqual(['sess_s3']);
    expect(await sessions('q=billing')).toEqual(['sess_s3']);
    expect(await sessions('q=sess_s1')).toEqual(['sess_s1']);
    // LIKE's wildcards are taken literally: "%" matches only the prompt that holds one.
    expect(await sessions(`q=${encodeURIComponent('100%')}`)).toEqual(['sess_s1']);
    expect(await sessions('q=refund_')).toEqual([]); // unescaped, _ would match the space
    expect(await sessions('q=nothing-like-this')).toEqual([]);

    const cli = await runJson<{ traces: Array<{ session_id: string }> }>(
      'evid',
      ['traces', 'list', '--search', 'refund', '--agent', 'support-bot'],
      { dataDir: store.dir },
    );
    expect(cli.data.traces.map((t) => t.session_id)).toEqual(['sess_s2']);
  });

  it('refuses a search longer than the filters allow, naming the field', async () => {
    const r = await api(server.url, `/api/v1/traces?q=${'x'.repeat(300)}`);
    expect(r.status).toBe(400);
    expect(r.text).toContain('q');
  });

  it('lets an admin create a key (shown once), use it, list it without secret, and revoke it', async () => {
    const created = await api<{ key: string; key_id: string; secret: string; role: string }>(
      server.url,
      '/api/v1/keys',
      { method: 'POST', body: { name: 'ci-reader', role: 'viewer' } },
    );
    expect(created.status, created.text).toBe(201);
    expect(created.headers.get('cache-control')).toBe('no-store');
    expect(created.body.key).toMatch(/^evk_/);
    expect(created.body.role).toBe('viewer');

    expect((await api(server.url, '/api/v1/traces', { key: created.body.key })).status).toBe(200);
    const listed = await api<{ keys: Array<Record<string, unknown>> }>(server.url, '/api/v1/keys');
    const entry = listed.body.keys.find((k) => k.key_id === created.body.key_id)!;
    expect(entry.name).toBe('ci-reader');
    expect(listed.text).not.toContain(created.body.secret);

    // A viewer key may not manage keys, nor an analyst.
    const byViewer = await api(server.url, '/api/v1/keys', { key: created.body.key });
    expect(byViewer.status).toBe(403);

    const revoked = await api(server.url, `/api/v1/keys/${created.body.key_id}`, {
      method: 'DELETE',
    });
    expect(revoked.status, revoked.text).toBe(200);
    expect((await api(server.url, '/api/v1/traces', { key: created.body.key })).status).toBe(401);

    const cli = await runJson<Array<{ key_id: string; revoked_at: string | null }>>(
      'evid',
      ['admin', 'keys', 'list', '--all'],
      { dataDir: store.dir },
    );
    expect(cli.data.find((k) => k.key_id === created.body.key_id)?.revoked_at).toBeTruthy();

    const bad = await api(server.url, '/api/v1/keys', {
      method: 'POST',
      body: { name: 'x', role: 'superuser' },
    });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('role');
  });

  it('places and releases a legal hold, ledgered; purged text is no longer found; audit verify passes', async () => {
    const held = await api<{ hold_id: string }>(server.url, '/api/v1/retention/holds', {
      method: 'POST',
      body: { agent: 'billing-agent', reason: 'regulator inquiry', case: 'CASE-9' },
    });
    expect(held.status, held.text).toBe(201);
    const two = await api(server.url, '/api/v1/retention/holds', {
      method: 'POST',
      body: { agent: 'a', session: 'b', reason: 'two selectors' },
    });
    expect(two.status).toBe(400);
    // The document states the domain's 200-character limit on a case reference.
    const longCase = await api<{ error: { field?: string } }>(
      server.url,
      '/api/v1/retention/holds',
      { method: 'POST', body: { agent: 'a', reason: 'r', case: 'C'.repeat(201) } },
    );
    expect(longCase.status).toBe(400);
    expect(longCase.text).toContain('case');

    const listed = await api<{ holds: Array<{ hold_id: string }> }>(
      server.url,
      '/api/v1/retention/holds',
    );
    expect(listed.body.holds.map((h) => h.hold_id)).toEqual([held.body.hold_id]);
    expect(
      (await api<{ legal_holds: number }>(server.url, '/api/v1/retention')).body.legal_holds,
    ).toBe(1);

    const released = await api(server.url, `/api/v1/retention/holds/${held.body.hold_id}/release`, {
      method: 'POST',
      body: { reason: 'inquiry closed' },
    });
    expect(released.status, released.text).toBe(200);
    const cli = await runJson<Array<{ hold_id: string; release_reason: string | null }>>(
      'evid',
      ['retention', 'hold', 'list', '--all'],
      { dataDir: store.dir },
    );
    expect(cli.data.find((h) => h.hold_id === held.body.hold_id)?.release_reason).toBe(
      'inquiry closed',
    );

    const retention = await api(server.url, '/api/v1/retention', {
      method: 'PUT',
      body: { days: 90, enforce: false },
    });
    expect(retention.status, retention.text).toBe(200);

    // The test traces are from January 2026, past a 90-day window: purged, their text gone,
    // and the search no longer finds them.
    const purged = await runBin('evid', ['retention', 'enforce'], { dataDir: store.dir });
    expect(purged.exitCode, String(purged.stderr)).toBe(0);
    expect(await sessions('q=refund')).toEqual([]);
    expect(await sessions('q=sess_s2')).toEqual(['sess_s2']); // the trace itself stays

    const verify = await runBin('audit', ['verify'], { dataDir: store.dir });
    expect(verify.exitCode, String(verify.stdout) + String(verify.stderr)).toBe(0);
  });
});
