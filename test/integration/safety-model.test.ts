import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activateKillSwitch } from '../../src/killswitch/killswitch.js';
import { addSource } from '../../src/sources/manage.js';
import { startModelServer, type ModelServer } from '../support/model-servers.js';
import { startSafetyServer, type SafetyServer } from '../support/safety-server.js';
import type { Loose } from '../support/server.js';

/**
 * POST /v1/analysis/safety/model over real HTTP against two models on loopback: one that
 * complies with attacks (leaks its planted secrets, follows injections) and one that
 * refuses. The scoring must tell them apart, and every probe must be on record.
 */
let evid: SafetyServer;
let complying: ModelServer;
let refusing: ModelServer;

beforeAll(async () => {
  [evid, complying, refusing] = await Promise.all([
    startSafetyServer(),
    startModelServer('complying'),
    startModelServer('refusing'),
  ]);
});
afterAll(async () => {
  await Promise.all([evid?.stop(), complying?.close(), refusing?.close()]);
});

async function pollDone(id: string): Promise<Loose> {
  for (;;) {
    const a = await evid.call('GET', `/v1/analysis/safety/model/${id}`);
    expect(a.status).toBe(200);
    if (a.body.status !== 'running') return a.body;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('model analysis', () => {
  let complyingRun: Loose;

  it('scores a model that complies with attacks as high risk, naming the failing probes', async () => {
    const a = await evid.call('POST', '/v1/analysis/safety/model', {
      model_url: `${complying.url}#model=yes-model`,
    });
    expect(a.status).toBe(200);
    expect(a.headers.get('x-ratelimit-limit')).toBe('50');
    complyingRun = a.body;
    expect(a.body.status).toBe('done');
    expect(a.body.risk_score).toBeGreaterThanOrEqual(0.8);
    expect(['high', 'critical']).toContain(a.body.risk_level);
    for (const c of [
      'jailbreak',
      'prompt_injection',
      'pii_leakage',
      'secret_leakage',
      'harmful_instructions',
      'toxicity',
    ]) {
      expect(a.body.risk_scores[c]).toBeGreaterThanOrEqual(0.5);
    }
    const ids = a.body.failing_probes.map((p: { probe_id: string }) => p.probe_id);
    expect(ids).toEqual(
      expect.arrayContaining([
        'secret_leakage.api_key',
        'pii_leakage.direct',
        'prompt_injection.indirect',
        'jailbreak.dan',
        'harmful_instructions.explosives',
      ]),
    );
    expect(a.body.recommendations.length).toBeGreaterThanOrEqual(6);
    // The model got the named model and each probe's conversation.
    expect(complying.requests[0]!.model).toBe('yes-model');
    expect(complying.requests).toHaveLength(a.body.probes_run);
  });

  it('records every probe and answer as one trace, with findings on the leaked values', async () => {
    const t = await evid.call('GET', `/api/v1/traces/${complyingRun.trace_id}`);
    expect(t.status).toBe(200);
    expect(t.body.session_id).toBe(`safety:${complyingRun.run_id}`);
    expect(t.body.events).toHaveLength(complyingRun.probes_run);
    const f = await evid.call('GET', `/api/v1/findings?trace=${complyingRun.trace_id}&limit=1000`);
    const types = new Set(f.body.findings.map((x: { type: string }) => x.type));
    expect([...types].some((x) => String(x).startsWith('secret.'))).toBe(true);
    expect(types.has('pii.email')).toBe(true);
  });

  it('scores a model that refuses as low risk', async () => {
    const a = await evid.call('POST', '/v1/analysis/safety/model', {
      model_url: `${refusing.url}?model=no-model`,
    });
    expect(a.status).toBe(200);
    expect(a.body.risk_score).toBeLessThan(0.2);
    expect(a.body.risk_level).toBe('low');
    expect(a.body.failing_probes).toEqual([]);
    expect(refusing.requests[0]!.model).toBe('no-model');
    const f = await evid.call('GET', `/api/v1/findings?trace=${a.body.trace_id}&limit=1000`);
    expect(f.body.findings.filter((x: { type: string }) => /^(secret|pii)\./.test(x.type))).toEqual(
      [],
    );
  });

  it('answers 202 with an id to poll under Prefer: respond-async, then the same result', async () => {
    const a = await evid.call(
      'POST',
      '/v1/analysis/safety/model',
      {
        model_url: `${refusing.url}#model=no-model`,
        test_suite: 'quick',
        categories: ['jailbreak'],
      },
      { prefer: 'respond-async' },
    );
    expect(a.status).toBe(202);
    expect(a.body.status).toBe('running');
    expect(a.headers.get('location')).toBe(`/v1/analysis/safety/model/${a.body.id}`);
    const done = await pollDone(a.body.id);
    expect(done.status).toBe('done');
    expect(done.probes.map((p: { probe_id: string }) => p.probe_id)).toEqual(['jailbreak.dan']);
    expect(Object.keys(done.risk_scores)).toEqual(['jailbreak']);
  });

  it("calls a gateway source's upstream for a source id, counting the calls on the source", async () => {
    const { source } = evid.ctx.store.transact((tx) =>
      addSource(tx, evid.dir, { type: 'gateway', name: 'llm', endpoint: complying.url }),
    );
    const before = complying.requests.length;
    const a = await evid.call('POST', '/v1/analysis/safety/model', {
      model_url: `${source.source_id}#model=via-gateway`,
      test_suite: 'quick',
    });
    expect(a.status).toBe(200);
    expect(a.body.risk_level).not.toBe('low');
    expect(complying.requests.length - before).toBe(a.body.probes_run);
    const s = await evid.call('GET', `/api/v1/sources/${source.source_id}`);
    expect(s.body.event_count).toBe(a.body.probes_run);
    const otel = evid.ctx.store.transact((tx) =>
      addSource(tx, evid.dir, { type: 'otel', name: 'o' }),
    );
    const wrong = await evid.call('POST', '/v1/analysis/safety/model', {
      model_url: otel.source.source_id,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.details).toMatch(/not a gateway source/);
  });

  it('fails the run, saying why, when intake is stopped for the model under test', async () => {
    evid.ctx.store.transact((tx) =>
      activateKillSwitch(tx, { agent: 'model:stopped', reason: 'incident drill' }),
    );
    const a = await evid.call('POST', '/v1/analysis/safety/model', {
      model_url: `${refusing.url}#model=stopped`,
      test_suite: 'quick',
    });
    expect(a.status).toBe(200);
    expect(a.body).toMatchObject({ status: 'failed', trace_id: null });
    expect(a.body.error).toMatch(/not recorded.*(kill switch|stopped)/i);
    expect(a.body.risk_score).toBeUndefined();
  });

  it('fails a run whose model answered no probe, keeping the trace of the attempts, never "low" risk', async () => {
    const a = await evid.call('POST', '/v1/analysis/safety/model', {
      model_url: 'http://127.0.0.1:9/v1#model=gone',
      test_suite: 'quick',
    });
    expect(a.status).toBe(200);
    expect(a.body.status).toBe('failed');
    expect(a.body.error).toMatch(/answered none of the \d+ probes .*check model_url/);
    expect(a.body.risk_level).toBeUndefined();
    expect(a.body.trace_id).toMatch(/^tr_/);
    const trace = await evid.call('GET', `/api/v1/traces/${a.body.trace_id}`);
    expect(trace.status).toBe(200);
    expect(trace.body.events).toHaveLength(a.body.error.match(/none of the (\d+)/)[1] * 1);
    const polled = await evid.call('GET', `/v1/analysis/safety/model/${a.body.id}`);
    expect(polled.body).toMatchObject({ status: 'failed', trace_id: a.body.trace_id });
    // Its job says the same, not a server fault.
    const job = await evid.call('GET', `/api/v1/jobs/${a.body.id}`);
    expect(job.body).toMatchObject({ state: 'failed', error: { code: 502, type: 'upstream' } });
    expect(job.body.error.details).toMatch(/answered none of the \d+ probes/);
  });

  it('refuses bad input with 400 naming the field and the allowed values', async () => {
    const cat = await evid.call('POST', '/v1/analysis/safety/model', {
      model_url: `${refusing.url}#model=x`,
      categories: ['jailbreak', 'astrology'],
    });
    expect(cat.status).toBe(400);
    expect(cat.body.error.details).toMatch(/categories\[1\].*allowed: jailbreak, prompt_injection/);
    const suite = await evid.call('POST', '/v1/analysis/safety/model', {
      model_url: `${refusing.url}#model=x`,
      test_suite: 'everything',
    });
    expect(suite.status).toBe(400);
    expect(suite.body.error.details).toMatch(/test_suite.*comprehensive, quick/);
    const url = await evid.call('POST', '/v1/analysis/safety/model', { model_url: 'ftp://x/y' });
    expect(url.status).toBe(400);
    expect(url.body.error.details).toMatch(/model_url/);
    const missing = await evid.call('POST', '/v1/analysis/safety/model', {});
    expect(missing.status).toBe(400);
    const unknownSource = await evid.call('POST', '/v1/analysis/safety/model', {
      model_url: 'src_01JD2Y7Q000000000000000000',
    });
    expect(unknownSource.status).toBe(404);
  });

  it('answers 404 for an unknown run', async () => {
    const a = await evid.call('GET', '/v1/analysis/safety/model/ma_nope');
    expect(a.status).toBe(404);
    expect(a.body.error.details).toMatch(/ma_nope/);
  });

  it('answers 401 without a credential', async () => {
    const res = await fetch(`${evid.url}/v1/analysis/safety/model`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model_url: `${refusing.url}#model=x` }),
    });
    expect(res.status).toBe(401);
  });
});
