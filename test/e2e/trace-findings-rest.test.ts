import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDataDir } from '../support/cli.js';
import { api, startServer, trace, type RunningServer } from '../support/server.js';

// Issue 20: GET /api/v1/traces/{id} answered `findings: []` for every trace.

const store = tempDataDir('evid-trace-findings-rest-');
let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ dataDir: store.dir });
});
afterAll(async () => {
  await server.stop();
  store.cleanup();
});

describe('GET /api/v1/traces/{id}', () => {
  it('carries the trace its findings, as GET /api/v1/findings gives them', async () => {
    const body = trace('sess_rest_pii');
    (body.events as Array<{ prompt: string }>)[1]!.prompt =
      'send the invoice to dana.kowalski@mailbox.org';
    const posted = await api(server.url, '/api/v1/traces', { method: 'POST', body });
    expect(posted.status).toBe(201);
    expect(posted.body.findings_generated).toBeGreaterThanOrEqual(1);

    const got = await api(server.url, `/api/v1/traces/${posted.body.trace_id}`);
    expect(got.status).toBe(200);
    const listed = await api(server.url, '/api/v1/findings?trace=sess_rest_pii');
    expect(got.body.findings).toHaveLength(posted.body.findings_generated);
    expect(got.body.findings).toEqual(expect.arrayContaining(listed.body.findings));
    expect(got.body.findings).toContainEqual(
      expect.objectContaining({
        type: 'pii.email',
        status: 'open',
        trace_id: posted.body.trace_id,
        event_id: got.body.events[1].event_id,
        detector: expect.any(String),
        excerpt: expect.not.stringContaining('dana.kowalski@mailbox.org'),
      }),
    );

    const clean = await api(server.url, '/api/v1/traces', {
      method: 'POST',
      body: trace('sess_rest_clean'),
    });
    expect(clean.status).toBe(201);
    expect((await api(server.url, '/api/v1/traces/sess_rest_clean')).body.findings).toEqual([]);
  });
});
