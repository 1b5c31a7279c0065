import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runJson, tempDataDir } from '../support/cli.js';
import { api, startServer, trace, type RunningServer } from '../support/server.js';

// Issue 12, item 2: a session's trace grows by POST /api/v1/traces/{id}/events.

const store = tempDataDir('evid-traces-append-');
let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ dataDir: store.dir });
});
afterAll(async () => {
  await server.stop();
  store.cleanup();
});

const later = (i: number, extra: Record<string, unknown> = {}) => ({
  event_id: `later_${i}`,
  type: 'llm_call',
  prompt: `follow-up ${i}`,
  timestamp: new Date(Date.UTC(2026, 0, 1, 0, 5, i)).toISOString(),
  ...extra,
});

describe('POST /api/v1/traces/{id}/events', () => {
  it('appends to a known session; counts and time range follow; a retry adds nothing', async () => {
    const posted = await api(server.url, '/api/v1/traces', {
      method: 'POST',
      body: trace('grow_1'),
    });
    expect(posted.status).toBe(201);

    const appended = await api(server.url, '/api/v1/traces/grow_1/events', {
      method: 'POST',
      body: { events: [later(0), later(1, { prompt: 'mail me at dana.kowalski@mailbox.org' })] },
    });
    expect(appended.status).toBe(201);
    expect(appended.body).toMatchObject({
      trace_id: posted.body.trace_id,
      session_id: 'grow_1',
      events_ingested: 2,
      duplicates: 0,
    });
    expect(appended.body.findings_generated).toBeGreaterThanOrEqual(1);

    // By trace_id too, and as a bare array; the repeated event is a duplicate.
    const retried = await api(server.url, `/api/v1/traces/${posted.body.trace_id}/events`, {
      method: 'POST',
      body: [later(1), later(2)],
    });
    expect(retried.body).toMatchObject({ events_ingested: 1, duplicates: 1 });

    const got = await api(server.url, '/api/v1/traces/grow_1');
    expect(got.body.event_count).toBe(5);
    expect(got.body.events.map((e: { position: number }) => e.position)).toEqual([0, 1, 2, 3, 4]);
    expect(got.body.last_event_at).toBe('2026-01-01T00:05:02.000Z');
    expect(got.body.findings.length).toBeGreaterThanOrEqual(1);

    // A whole trace for the same session is still the seed's 409.
    const again = await api(server.url, '/api/v1/traces', {
      method: 'POST',
      body: trace('grow_1'),
    });
    expect(again.status).toBe(409);
  });

  it('answers 404 for an unknown trace and 400 naming the field of a bad event', async () => {
    const unknown = await api(server.url, '/api/v1/traces/nope/events', {
      method: 'POST',
      body: { events: [later(9)] },
    });
    expect(unknown.status).toBe(404);
    await api(server.url, '/api/v1/traces', { method: 'POST', body: trace('grow_2') });
    const bad = await api(server.url, '/api/v1/traces/grow_2/events', {
      method: 'POST',
      body: { events: [later(3), { type: 'llm_call', timestamp: 'yesterday' }] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details).toMatch(/^events\[1\]\.timestamp: /);
    const missing = await api(server.url, '/api/v1/traces/grow_2/events', {
      method: 'POST',
      body: { event: later(4) },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.error.details).toMatch(/^events: /);
    // Nothing of the refused requests was written.
    expect((await api(server.url, '/api/v1/traces/grow_2')).body.event_count).toBe(2);
  });

  it('answers 503 with Retry-After while the kill switch stops the agent', async () => {
    await api(server.url, '/api/v1/traces', {
      method: 'POST',
      body: trace('grow_3', 'halted-bot'),
    });
    const on = await api(server.url, '/api/v1/kill-switch/activate', {
      method: 'POST',
      body: { agent: 'halted-bot', reason: 'test' },
    });
    expect(on.status).toBeLessThan(300);
    const refused = await api(server.url, '/api/v1/traces/grow_3/events', {
      method: 'POST',
      body: { events: [later(5)] },
    });
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await api(server.url, '/api/v1/traces/grow_3')).body.event_count).toBe(2);
  });

  it('leaves a store that audit verify proves', async () => {
    const v = await runJson<{ ok: boolean }>('audit', ['verify'], { dataDir: store.dir });
    expect(v.data.ok).toBe(true);
  });
});
