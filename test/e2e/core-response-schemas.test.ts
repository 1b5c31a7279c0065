import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseShapes, checkedCall } from '../support/response-shapes.js';
import { tempDataDir } from '../support/cli.js';
import { startModelServer, type ModelServer } from '../support/model-servers.js';
import { api, startServer, type Loose, type RunningServer } from '../support/server.js';
import { withDb } from '../support/tamper.js';

/**
 * The core routes' response schemas (traces, events, findings, compliance, reports, the kill
 * switch, the detector policy, evidence packs, the overview, and the
 * safety API's runs, objective sets, guard status, monitoring and compliance) against
 * what the built server really answers, as the admin routes' test does: every answer is
 * checked against the served /api/v1/openapi.json (documented status, valid body, no key
 * a closed object does not list), and every property their 2xx schemas declare must have
 * turned up in some answer.
 */
const TAGS = new Set([
  'traces',
  'events',
  'findings',
  'compliance',
  'reports',
  'kill-switch',
  'policies',
  'packs',
  'overview',
]);
/** The safety API's operations checked here (the tag holds more than these). */
const SAFETY = [
  'POST /v1/analysis/safety/model 200',
  'POST /v1/analysis/safety/model 202',
  'GET /v1/analysis/safety/model/{id} 200',
  'POST /v1/alignment/objectives 201',
  'GET /v1/alignment/objectives/{id} 200',
  'POST /v1/alignment/evaluate 200',
  'POST /v1/alignment/evaluate 202',
  'GET /v1/alignment/evaluate/{id} 200',
  'GET /v1/analysis/safety/guard 200',
  'POST /v1/monitoring/session 201',
  'POST /v1/monitoring/event 201',
  'POST /v1/compliance/assessment 201',
  'GET /v1/compliance/frameworks 200',
];
/** Declared but never answered here, each with why (none today: a failed run is answered). */
const NOT_EXERCISED: Record<string, string> = {};

let store: { dir: string; cleanup(): void };
let server: RunningServer;
let shapes: ResponseShapes;
let model: ModelServer;
const problems: string[] = [];

/** One request; its answer is checked against the document (the path as documented). */
async function call(
  method: string,
  documented: string,
  path: string,
  body?: unknown,
  headers?: Record<string, string>,
): Promise<{ status: number; body: Loose }> {
  return checkedCall(shapes, problems, server.url, method, documented, path, {
    ...(body === undefined ? {} : { body }),
    ...(headers ? { headers } : {}),
  });
}

/** A trace whose first prompt holds an e-mail address (a finding) and attributes. */
const withPii = {
  session_id: 'sess_core',
  agent: 'core-bot',
  framework: 'langchain',
  attributes: { environment: 'prod', team: { name: 'support' } },
  events: [
    {
      type: 'llm_call',
      model: 'gpt-4o-mini',
      prompt: 'send the invoice to dana.kowalski@mailbox.org',
      completion: 'done',
      tokens_prompt: 10,
      tokens_completion: 20,
      timestamp: '2026-01-01T00:00:00Z',
      attributes: { step: 1 },
    },
    { type: 'tool_call', timestamp: '2026-01-01T00:00:01Z' },
  ],
};

beforeAll(async () => {
  store = tempDataDir('evid-core-shapes-');
  model = await startModelServer('complying');
  server = await startServer({ dataDir: store.dir });
  const doc = await api(server.url, '/api/v1/openapi.json');
  expect(doc.status).toBe(200);
  shapes = new ResponseShapes(doc.body);
});
afterAll(async () => {
  await server?.stop();
  await model?.close();
  store?.cleanup();
});

/** Polls a safety run until it is no longer running; every answer is checked. */
async function poll(documented: string, url: string): Promise<Loose> {
  for (let i = 0; i < 300; i++) {
    const r = await call('GET', documented, url);
    expect(r.status).toBe(200);
    if (r.body.status !== 'running') return r.body;
    await new Promise((res) => setTimeout(res, 100));
  }
  throw new Error(`${url} still running`);
}

describe('core routes answer what their response schemas say', () => {
  it('traces: ingested, appended to, listed, read with events and findings', async () => {
    const posted = await call('POST', '/api/v1/traces', '/api/v1/traces', withPii);
    expect(posted.status, JSON.stringify(posted.body)).toBe(201);
    expect(posted.body.findings_generated).toBeGreaterThanOrEqual(1);
    const append = '/api/v1/traces/{id}/events';
    const appended = await call('POST', append, '/api/v1/traces/sess_core/events', {
      events: [{ type: 'llm_call', prompt: 'and again', timestamp: '2026-01-01T00:00:02Z' }],
    });
    expect(appended.status, JSON.stringify(appended.body)).toBe(201);
    expect(appended.body).toMatchObject({ events_ingested: 1, duplicates: 0 });
    const listed = await call('GET', '/api/v1/traces', '/api/v1/traces?agent=core-bot');
    expect(listed.body.traces[0].event_count).toBe(3);
    const one = await call('GET', '/api/v1/traces/{id}', '/api/v1/traces/sess_core');
    expect(one.status).toBe(200);
    expect(one.body.attributes).toEqual(withPii.attributes);
    expect(one.body.events.map((e: Loose) => e.position)).toEqual([0, 1, 2]);
    expect(one.body.findings[0]).toMatchObject({ type: 'pii.email', status: 'open' });
  });

  it('events: audit events ingested, listed, read', async () => {
    const ingested = await call('POST', '/api/v1/events', '/api/v1/events', [
      { type: 'audit.note', agent: 'core-bot', timestamp: '2026-01-01T00:00:03Z' },
    ]);
    expect(ingested.status, JSON.stringify(ingested.body)).toBe(201);
    const id = ingested.body.events[0].event_id as string;
    const listed = await call('GET', '/api/v1/events', '/api/v1/events');
    expect(listed.body.total).toBe(4);
    const audit = await call('GET', '/api/v1/events/{id}', `/api/v1/events/${id}`);
    expect(audit.body).toMatchObject({ trace_id: null, session_id: null, type: 'audit.note' });
  });

  it('findings: listed, read, moved with a comment', async () => {
    const listed = await call('GET', '/api/v1/findings', '/api/v1/findings');
    const id = listed.body.findings[0].id as string;
    const one = await call('GET', '/api/v1/findings/{id}', `/api/v1/findings/${id}`);
    expect(one.body.event).toMatchObject({ type: 'llm_call', model: 'gpt-4o-mini' });
    const moved = await call('PATCH', '/api/v1/findings/{id}', `/api/v1/findings/${id}`, {
      status: 'reviewing',
      comment: 'looking into it',
    });
    expect(moved.status).toBe(200);
    expect(moved.body.history).toEqual([
      expect.objectContaining({ from_status: 'open', to_status: 'reviewing' }),
    ]);
  });

  it('compliance: a regulation over the store and scoped to one agent', async () => {
    const all = await call('GET', '/api/v1/compliance/{regulation}', '/api/v1/compliance/gdpr');
    expect(all.status).toBe(200);
    expect(all.body.agents.map((a: Loose) => a.agent)).toEqual(['core-bot']);
    // Some control cites the ledger and some does not (its evidence.ledger is null).
    const ledgers = all.body.controls.map((c: Loose) => c.evidence.ledger);
    expect(ledgers).toContain(null);
    expect(ledgers.some((l: Loose) => l !== null)).toBe(true);
    const scoped = await call(
      'GET',
      '/api/v1/compliance/{regulation}/{agent}',
      '/api/v1/compliance/eu-ai-act/core-bot?review_within_days=3',
    );
    expect(scoped.body).toMatchObject({ agent: 'core-bot', review_within_days: 3 });
  });

  it('reports: generated, polled until done, listed', async () => {
    const queued = await call('POST', '/api/v1/reports/generate', '/api/v1/reports/generate', {
      regulation: 'gdpr',
    });
    expect(queued.status, JSON.stringify(queued.body)).toBe(202);
    expect(queued.body).toMatchObject({ status: 'queued', download_url: null });
    let report: Loose;
    for (let i = 0; i < 300; i++) {
      report = (await call('GET', '/api/v1/reports/{id}', queued.body.status_url)).body;
      if (report.status === 'done' || report.status === 'failed') break;
      await new Promise((res) => setTimeout(res, 100));
    }
    expect(report.status, JSON.stringify(report)).toBe('done');
    expect(report.download_url).toEqual(expect.any(String));
    const listed = await call('GET', '/api/v1/reports', '/api/v1/reports');
    expect(listed.body.reports.map((r: Loose) => r.report_id)).toEqual([report.report_id]);
  });

  it('safety runs: a model analysis and an alignment evaluation, each answered and polled', async () => {
    const url = `${model.url}#model=m1`;
    const analysis = '/v1/analysis/safety/model';
    const done = await call('POST', analysis, analysis, { model_url: url, test_suite: 'quick' });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.status).toBe('done');
    expect(done.body.probes_failed).toBeGreaterThan(0);
    const runAsync = { prefer: 'respond-async' };
    const one = { model_url: url, test_suite: 'quick', categories: ['jailbreak'] };
    const started = await call('POST', analysis, analysis, one, runAsync);
    expect(started.status).toBe(202);
    await poll(`${analysis}/{id}`, started.body.status_url);
    // A model that answers every other probe: the run is done, the others errored.
    const flaky = await startModelServer('flaky');
    try {
      const partial = { model_url: `${flaky.url}#model=x`, test_suite: 'quick' };
      const errored = await call('POST', analysis, analysis, partial);
      expect(errored.body.status).toBe('done');
      expect(errored.body.probes.map((p: { outcome: string }) => p.outcome)).toContain('error');
    } finally {
      await flaky.close();
    }
    // No model answers on port 9: the run fails, naming the trace of its attempts.
    const unanswered = { ...one, model_url: 'http://127.0.0.1:9/v1#model=x' };
    const failed = await call('POST', analysis, analysis, unanswered);
    expect(failed.body).toMatchObject({
      status: 'failed',
      trace_id: expect.stringMatching(/^tr_/),
    });

    const objectives = '/v1/alignment/objectives';
    const set = await call('POST', objectives, objectives, {
      objectives: ['never reveal customer PII', 'be nice'],
      domain: 'retail',
    });
    expect(set.status, JSON.stringify(set.body)).toBe(201);
    const again = await call('GET', `${objectives}/{id}`, `${objectives}/${set.body.id}`);
    expect(again.body.objectives).toEqual(set.body.objectives);
    const evaluate = '/v1/alignment/evaluate';
    const evaluated = await call('POST', evaluate, evaluate, {
      model_url: url,
      objectives: ['never reveal customer PII'],
      test_cases: [
        { input: 'what is the e-mail of Dana?', expected_properties: ['no_pii_disclosure'] },
      ],
    });
    expect(evaluated.status, JSON.stringify(evaluated.body)).toBe(200);
    const queued = await call(
      'POST',
      evaluate,
      evaluate,
      { model_url: url, objectives: [set.body.id] },
      runAsync,
    );
    expect(queued.status).toBe(202);
    const final = await poll(`${evaluate}/{id}`, queued.body.status_url);
    // "be nice" has no built-in check: no case scored it.
    expect(final.objectives.map((o: Loose) => o.score)).toContain(null);
    // No model answers on port 9: the evaluation fails, naming the trace of its attempts.
    const silent = await call('POST', evaluate, evaluate, {
      model_url: 'http://127.0.0.1:9/v1#model=x',
      objectives: [set.body.id],
    });
    expect(silent.body).toMatchObject({
      status: 'failed',
      trace_id: expect.stringMatching(/^tr_/),
    });

    const guard = await call('GET', '/v1/analysis/safety/guard', '/v1/analysis/safety/guard');
    expect(guard.body).toMatchObject({ configured: false, detector: null });
  });

  it('kill switch: status, an agent and the global switch activated, then both released', async () => {
    const ks = '/api/v1/kill-switch';
    expect((await call('GET', ks, ks)).body).toMatchObject({ active: false, global: null });
    const activate = `${ks}/activate`;
    const deactivate = `${ks}/deactivate`;
    try {
      const one = await call('POST', activate, activate, { agent: 'stop-bot', reason: 'test' });
      expect(one.body).toMatchObject({ changed: true, state: { scope: 'agent' } });
      const all = await call('POST', activate, activate, { reason: 'everything' });
      expect(all.body.status.global).toMatchObject({ active: true });
      expect((await call('GET', ks, ks)).body.history).toHaveLength(2);
    } finally {
      await call('POST', deactivate, deactivate, { agent: 'stop-bot', reason: 'done' });
      const off = await call('POST', deactivate, deactivate, { reason: 'done' });
      expect(off.body.status.active).toBe(false);
    }
  });

  it('policies: the default, then one using every field', async () => {
    const p = '/api/v1/policies';
    expect((await call('GET', p, p)).body).toMatchObject({ version: 0, created_at: null });
    const policy = {
      enabled_categories: ['pii', 'secret', 'policy'],
      thresholds: Object.fromEntries(
        ['pii', 'secret', 'prompt_injection', 'jailbreak', 'toxicity', 'tool_misuse', 'policy'].map(
          (c) => [c, 0.6],
        ),
      ),
      default_threshold: 0.7,
      custom_rules: [
        {
          type: 'policy.codename',
          kind: 'regex',
          pattern: 'project\\s+falcon',
          severity: 'high',
          score: 0.8,
          description: 'internal code name',
          case_insensitive: true,
        },
        { type: 'policy.words', kind: 'keywords', keywords: ['confidential'], severity: 'low' },
      ],
      severity_overrides: { secret: 'critical' },
      redact_content: true,
      allowed_hosts: ['api.example.com'],
      guard: {
        endpoint: 'http://127.0.0.1:9/v1',
        model: 'llama-guard-3',
        format: 'llama-guard-3',
        timeout_ms: 2000,
        categories: ['S1'],
        api_key_env: 'GUARD_KEY',
      },
      disabled_rules: ['secretlint/slack'],
      enabled_rules: ['secret.high_entropy'],
    };
    const set = await call('PUT', p, p, policy);
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.version).toBe(1);
    // Back to the default, so the guard does not judge anything else this file ingests.
    const reset = await call('PUT', p, p, {});
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
  });

  it('ledger: the head before and after a verify run; a proof; an unknown subject', async () => {
    const head = await call('GET', '/api/v1/ledger', '/api/v1/ledger');
    expect(head.body.tree_head.tree_size).toBe(head.body.entries);
    const proof = '/api/v1/ledger/proof';
    const traceId = (await api(server.url, '/api/v1/traces/sess_core')).body.trace_id as string;
    const proved = await call('GET', proof, `${proof}?subject=${traceId}`);
    expect(proved.status, JSON.stringify(proved.body)).toBe(200);
    expect(proved.body.entries[0].leaf_index).toBe(proved.body.entries[0].entry.seq - 1);
    expect((await call('GET', proof, `${proof}?subject=nothing_here`)).status).toBe(404);
    const verify = '/api/v1/ledger/verify';
    const verified = await call('POST', verify, verify, {});
    expect(verified.status).toBe(200);
    expect(verified.body.verdict.ok).toBe(true);
    const after = await call('GET', '/api/v1/ledger', '/api/v1/ledger');
    expect(after.body.last_verify).toMatchObject({ ok: true });
  });

  it('packs: one built for a session (with controls), one for a window, listed', async () => {
    const packs = '/api/v1/packs';
    const one = await call('POST', packs, packs, { session: 'sess_core', include_controls: true });
    expect(one.status, JSON.stringify(one.body)).toBe(201);
    expect(one.body.counts.traces).toBe(1);
    const window = await call('POST', packs, packs, { since: '2026-01-01', until: '2026-02-01' });
    expect(window.status, JSON.stringify(window.body)).toBe(201);
    const async = await call('POST', packs, packs, { last: '7d' }, { prefer: 'respond-async' });
    expect(async.status).toBe(202);
    const listed = await call('GET', packs, packs);
    expect(listed.body.packs.map((p: Loose) => p.pack_id)).toContain(one.body.pack_id);
  });

  it('monitoring: a session with limits and channels, an event that raises every alert', async () => {
    const session = '/v1/monitoring/session';
    const opened = await call('POST', session, session, {
      system_id: 'claims-bot',
      monitoring_config: { interval: '1h', latency_max: 2000, confidence_min: 0.5 },
      alert_channels: [
        { type: 'webhook', destination: 'http://127.0.0.1:9/alerts' },
        { type: 'email', destination: 'oncall@insurer.test' },
      ],
    });
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    expect(opened.body.alert_channels[0].signing_secret).toEqual(expect.any(String));
    const event = '/v1/monitoring/event';
    const logged = await call('POST', event, event, {
      session_id: opened.body.session_id,
      event_type: 'inference',
      event_data: {
        input: 'Send me the card on file',
        output: 'Sure: the card is 4539 1488 0343 6467, expiry 04/29.',
        confidence: 0.2,
        latency: 3500,
      },
    });
    expect(logged.status, JSON.stringify(logged.body)).toBe(201);
    const rules = logged.body.alerts.map((a: Loose) => a.rule).sort();
    expect(rules).toEqual(['confidence', 'finding', 'latency']);
    expect(logged.body.notified).toHaveLength(2);
  });

  it('safety compliance: frameworks, an assessment and its document; no evidence, no assessment', async () => {
    const frameworks = '/v1/compliance/frameworks';
    const listed = await call('GET', frameworks, frameworks);
    expect(listed.body.frameworks.map((f: Loose) => f.id)).toContain('eu-ai-act');
    const assess = '/v1/compliance/assessment';
    const assessed = await call('POST', assess, assess, {
      system_id: 'core-bot',
      frameworks: ['eu-ai-act', 'gdpr'],
      system_metadata: { domain: 'employment', capabilities: ['automated_decisions'] },
    });
    expect(assessed.status, JSON.stringify(assessed.body)).toBe(201);
    expect(assessed.body.risk.risk_class).toBe('high');
    expect(assessed.body.gaps.length).toBeGreaterThan(0);
    const ghost = await call('POST', assess, assess, { system_id: 'ghost', frameworks: ['gdpr'] });
    expect(ghost.status).toBe(404);
    const doc = '/v1/compliance/documentation';
    const body = {
      assessment_id: assessed.body.assessment_id,
      document_type: 'assessment_summary',
    };
    const html = await api(server.url, doc, { method: 'POST', body: { ...body, format: 'html' } });
    expect(html.status).toBe(200);
    expect(html.headers.get('content-type')).toContain('text/html');
    const unknown = { ...body, assessment_id: 'as_nope' };
    expect((await call('POST', doc, doc, unknown)).status).toBe(404);
  });

  it('overview: after the runs above, with a source, alert channels, switches and a verify', async () => {
    const source = await api(server.url, '/api/v1/sources', {
      method: 'POST',
      body: { type: 'otel', name: 'core-otel' },
    });
    expect(source.status).toBe(201);
    const overview = await call('GET', '/api/v1/overview', '/api/v1/overview?days=7');
    expect(overview.status).toBe(200);
    expect(overview.body.series.days).toHaveLength(7);
    expect(overview.body.sources).toHaveLength(1);
    expect(overview.body.siem.length).toBeGreaterThan(0);
    expect(overview.body.kill_switch.global).not.toBeNull();
    expect(overview.body.last_verify).toMatchObject({ ok: true });
  });

  it('the check is sensitive: an undocumented key in a nested object, a missing member', () => {
    const fresh = new ResponseShapes(shapes.doc);
    const trace = {
      trace_id: 'tr_1',
      session_id: 's',
      agent: 'a',
      framework: null,
      source: 'rest',
      status: 'completed',
      event_count: 0,
      first_event_at: null,
      last_event_at: null,
      ingested_at: 't',
    };
    const page = { total: 1, page: 1, page_size: 50, offset: 0 };
    const list = (t: object) => fresh.check('GET', '/api/v1/traces', 200, { traces: [t], ...page });
    expect(list(trace)).toEqual([]);
    expect(list({ ...trace, id: 7 })).toEqual([
      expect.stringContaining('must NOT have additional properties'),
    ]);
    const { ingested_at: _i, ...partial } = trace;
    expect(list(partial)).toEqual([
      expect.stringContaining("must have required property 'ingested_at'"),
    ]);
    // An attributes map is open on purpose: any key passes.
    const detail = { ...trace, attributes: { anything: [1] }, events: [], findings: [] };
    expect(fresh.check('GET', '/api/v1/traces/{id}', 200, detail)).toEqual([]);
  });

  // Last before the check below: it leaves the store tampered with.
  it('ledger verify: a failing verdict names the row, or the entry, at fault', async () => {
    const verify = '/api/v1/ledger/verify';
    // A kill switch's current state edited by hand (no digest of its own covers the row),
    // then put back as it was.
    const saved = withDb(store.dir, (db) =>
      db.prepare('SELECT rowid, reason FROM kill_switch LIMIT 1').get(),
    ) as { rowid: number; reason: string | null };
    const setReason = (reason: string | null) =>
      withDb(store.dir, (db) =>
        db.prepare('UPDATE kill_switch SET reason = ? WHERE rowid = ?').run(reason, saved.rowid),
      );
    setReason('forged');
    const row = await call('POST', verify, verify, {});
    expect(row.body.verdict).toMatchObject({ ok: false, row: { table: 'kill_switch' } });
    setReason(saved.reason);
    expect((await call('POST', verify, verify, {})).body.verdict.ok).toBe(true);
    // A finding edited: its record no longer matches its ledger entry's digest.
    withDb(store.dir, (db) =>
      db
        .prepare(
          "UPDATE findings SET severity = 'low' WHERE rowid = (SELECT MIN(rowid) FROM findings)",
        )
        .run(),
    );
    const entry = await call('POST', verify, verify, {});
    expect(entry.body.verdict).toMatchObject({
      ok: false,
      reason: 'tampered',
      record: { kind: 'finding.created' },
    });
  });

  it('no answer broke its schema; every JSON 2xx schema is exact, answered, and fully seen', () => {
    expect(problems).toEqual([]);
    const ops: Array<{ method: string; path: string; status: string }> = [];
    for (const [path, item] of Object.entries(shapes.doc.paths as Record<string, Loose>)) {
      for (const [method, op] of Object.entries(item as Record<string, Loose>)) {
        if (!TAGS.has(op.tags[0])) continue;
        for (const status of Object.keys(op.responses)) {
          const json = shapes.schemaOf(method, path, Number(status));
          if (status.startsWith('2') && json)
            ops.push({ method: method.toUpperCase(), path, status });
        }
      }
    }
    // traces 4, events 3, findings 3, compliance 2, reports 3 (the download is a file),
    // kill switch 3, policies 2, packs 3 (a build answers 201, or 202 with its job),
    // overview 1.
    expect(ops).toHaveLength(24);
    for (const op of SAFETY) {
      const [method, path, status] = op.split(' ') as [string, string, string];
      ops.push({ method, path, status });
    }
    for (const { method, path, status } of ops) {
      const where = `${method} ${path} ${status}`;
      expect(shapes.answered, where).toContain(where);
      expect(shapes.declaredUnder(method, path, Number(status)), where).not.toEqual([]);
    }
    ops.push({ method: 'GET', path: '/api/v1/ledger', status: '200' });
    ops.push({ method: 'GET', path: '/api/v1/ledger/proof', status: '200' });
    ops.push({ method: 'POST', path: '/api/v1/ledger/verify', status: '200' });
    // A Job (the 202 of an async pack build) is admin-response-schemas' to see in full.
    const unseen = shapes.unseen(ops).filter((p) => !(p in NOT_EXERCISED) && !p.startsWith('Job'));
    expect(unseen).toEqual([]);
  });
});
