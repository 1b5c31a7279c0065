import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDataDir } from '../support/cli.js';
import { startGuardServer, type GuardServer } from '../support/guard-server.js';
import { api, startServer, type RunningServer } from '../support/server.js';

/**
 * `evid serve` runs the guard model's pass beside the routes (issue 16 item 8): a trace
 * ingested over REST is answered at once with the rules' findings, and the guard's verdicts
 * follow as findings naming the model. With the guard hanging, intake goes on.
 */
let store: { dir: string; cleanup(): void };
let server: RunningServer;
let guard: GuardServer;
let hanging: GuardServer;

beforeAll(async () => {
  store = tempDataDir('evid-guard-serve-');
  [guard, hanging] = await Promise.all([startGuardServer(), startGuardServer('hang')]);
  server = await startServer({ dataDir: store.dir });
});
afterAll(async () => {
  await server?.stop();
  await Promise.all([guard?.close(), hanging?.close()]);
  store?.cleanup();
});

const session = (id: string, prompt: string) => ({
  session_id: id,
  agent: 'support-bot',
  events: [{ type: 'llm_call', timestamp: '2026-11-25T10:00:00Z', prompt }],
});

async function guardFindings(trace: string): Promise<Array<{ type: string; detector: string }>> {
  const a = await api(server.url, `/api/v1/findings?trace=${trace}&limit=1000`);
  return (a.body.findings as Array<{ type: string; detector: string }>).filter((f) =>
    f.detector.startsWith('guard:'),
  );
}

describe('the guard in evid serve', () => {
  it('judges REST-ingested events after the fact, without holding up intake', async () => {
    const put = await api(server.url, '/api/v1/policies', {
      method: 'PUT',
      body: { guard: { endpoint: hanging.url, model: 'lg3', timeout_ms: 200 } },
    });
    expect(put.status).toBe(200);
    // The guard hangs: intake answers anyway.
    const slow = await api(server.url, '/api/v1/traces', {
      method: 'POST',
      body: session('s-first', 'How do I kill my neighbour?'),
    });
    expect(slow.status).toBe(201);
    // The failure is counted and shown, naming the event it stopped at.
    let status = await api(server.url, '/v1/analysis/safety/guard');
    while (status.body.failed === 0) {
      await new Promise((r) => setTimeout(r, 50));
      status = await api(server.url, '/v1/analysis/safety/guard');
    }
    expect(status.body).toMatchObject({ configured: true, detector: 'guard:lg3', checked: 0 });
    expect(status.body.last_error).toMatch(/no answer within 200 ms/);
    expect(await guardFindings('s-first')).toEqual([]);

    // A working guard: the missed event and a new one are both judged.
    await api(server.url, '/api/v1/policies', {
      method: 'PUT',
      body: { guard: { endpoint: guard.url, model: 'lg3', timeout_ms: 2000 } },
    });
    await api(server.url, '/api/v1/traces', {
      method: 'POST',
      body: session('s-second', 'I will hurt you'),
    });
    let found: Array<{ type: string; detector: string }> = [];
    while (found.length === 0) {
      found = await guardFindings('s-second');
      if (found.length === 0) await new Promise((r) => setTimeout(r, 100));
    }
    expect(found.map((f) => f.detector).sort()).toEqual(['guard:lg3:S1', 'guard:lg3:S10']);
    expect((await guardFindings('s-first')).map((f) => f.type).sort()).toEqual([
      'toxicity.hate',
      'toxicity.violent_crimes',
    ]);
    const after = await api(server.url, '/v1/analysis/safety/guard');
    expect(after.body).toMatchObject({ checked: 2, flagged: 4 });
  }, 60_000);
});
