import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseShapes, checkedCall } from '../support/response-shapes.js';
import { tempDataDir } from '../support/cli.js';
import { startHeldModel } from '../support/held-model.js';
import { startReceiver, type Receiver } from '../support/siem-receivers.js';
import { api, startServer, trace, type Loose, type RunningServer } from '../support/server.js';

/**
 * The admin routes' response schemas (keys, users, SIEM targets, sources, retention, legal
 * holds, jobs) against what the built server really answers: every answer below is checked against
 * the served /api/v1/openapi.json (documented status, valid body, no key a closed object
 * does not list), and at the end every property those 2xx schemas declare must have turned
 * up in some answer. So the document can neither miss a field nor promise one.
 */
const TAGS = new Set(['keys', 'users', 'siem', 'sources', 'retention', 'jobs']);
/**
 * Receivers are not admin routes: receiver-response-schemas.test.ts checks the webhook
 * receiver, gateway-otlp-response-schemas.test.ts the OTLP ones.
 */
const NOT_ADMIN = new Set(['/api/v1/sources/{id}/events', '/v1/traces', '/v1/logs']);

/** Declared but never answered here, each with why (kept short on purpose). */
const NOT_EXERCISED: Record<string, string> = {
  'Job.error.field': 'only a failed job whose error names a field',
};

let store: { dir: string; cleanup(): void };
let server: RunningServer;
let hec: Receiver;
let shapes: ResponseShapes;
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

async function waitForJob(id: string): Promise<Loose> {
  for (let i = 0; i < 300; i++) {
    const r = await call('GET', '/api/v1/jobs/{id}', `/api/v1/jobs/${id}`);
    expect(r.status).toBe(200);
    if (!['queued', 'running'].includes(r.body.state)) return r.body;
    await new Promise((res) => setTimeout(res, 100));
  }
  throw new Error(`job ${id} did not finish`);
}

beforeAll(async () => {
  store = tempDataDir('evid-admin-shapes-');
  hec = await startReceiver();
  server = await startServer({ dataDir: store.dir });
  const doc = await api(server.url, '/api/v1/openapi.json');
  expect(doc.status).toBe(200);
  shapes = new ResponseShapes(doc.body);
  const t = await api(server.url, '/api/v1/traces', { method: 'POST', body: trace('sess_shapes') });
  expect(t.status).toBe(201);
});
afterAll(async () => {
  await server?.stop();
  await hec?.close();
  store?.cleanup();
});

describe('admin routes answer what their response schemas say', () => {
  it('API keys: create, list, revoke, revoke again, unknown', async () => {
    const created = await call('POST', '/api/v1/keys', '/api/v1/keys', {
      name: 'shapes',
      role: 'viewer',
    });
    expect(created.status).toBe(201);
    // Used once, so last_used_at is set in the listing.
    expect((await api(server.url, '/api/v1/traces', { key: created.body.key })).status).toBe(200);
    const id = created.body.key_id as string;
    expect((await call('DELETE', '/api/v1/keys/{id}', `/api/v1/keys/${id}`)).status).toBe(200);
    expect((await call('DELETE', '/api/v1/keys/{id}', `/api/v1/keys/${id}`)).status).toBe(409);
    expect((await call('DELETE', '/api/v1/keys/{id}', '/api/v1/keys/ak_nope')).status).toBe(404);
    const all = await call('GET', '/api/v1/keys', '/api/v1/keys?all=true');
    expect(all.status).toBe(200);
    expect(all.body.keys.map((k: Loose) => k.key_id)).toContain(id);
    expect((await call('GET', '/api/v1/keys', '/api/v1/keys?all=maybe')).status).toBe(400);
    expect((await call('POST', '/api/v1/keys', '/api/v1/keys', { name: 'x' })).status).toBe(400);
  });

  it('dashboard users: added, listed, role set, password reset, removed; taken, unknown', async () => {
    const users = '/api/v1/users';
    const body = { email: 'shapes@example.com', role: 'viewer', password: 'correct horse battery' };
    const added = await call('POST', users, users, body);
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect((await call('POST', users, users, body)).status).toBe(409);
    // Signed in once, so last_login_at is set.
    const session = await api(server.url, '/api/v1/session', {
      method: 'POST',
      key: null,
      body: { email: body.email, password: body.password },
    });
    expect(session.status).toBe(200);
    // Sign-in's refusals: a wrong password, then the e-mail locked out after five of them.
    const wrong = { email: body.email, password: 'not the password' };
    for (let i = 0; i < 5; i++) {
      expect((await call('POST', '/api/v1/session', '/api/v1/session', wrong)).status).toBe(401);
    }
    expect((await call('POST', '/api/v1/session', '/api/v1/session', wrong)).status).toBe(429);
    const one = `${users}/{id}`;
    const id = added.body.user_id as string;
    const role = `${one}/role`;
    expect((await call('PUT', role, `${users}/${id}/role`, { role: 'analyst' })).status).toBe(200);
    expect((await call('PUT', role, `${users}/${id}/role`, { role: 'analyst' })).status).toBe(409);
    const password = `${one}/password`;
    expect(
      (await call('PUT', password, `${users}/${id}/password`, { password: 'another long secret' }))
        .status,
    ).toBe(200);
    expect((await call('DELETE', one, `${users}/${id}`)).status).toBe(200);
    expect((await call('DELETE', one, `${users}/${id}`)).status).toBe(404);
    expect(
      (await call('PUT', role, `${users}/nobody@example.com/role`, { role: 'admin' })).status,
    ).toBe(404);
    const listed = await call('GET', users, `${users}?all=true`);
    expect(listed.body.users.map((u: Loose) => u.user_id)).toEqual([id]);
  });

  it('sources: each type created, listed, read, tested; removed; unknown', async () => {
    const log = join(store.dir, 'shapes.jsonl');
    writeFileSync(
      log,
      `${JSON.stringify({ session_id: 's', agent: 'a', type: 'tool_call', timestamp: '2026-11-25T00:00:00Z' })}\n`,
    );
    const bodies = [
      { type: 'otel', name: 'shapes-otel' },
      { type: 'webhook', name: 'shapes-hook' },
      {
        type: 'logfile',
        name: 'shapes-log',
        endpoint: log,
        options: {
          format: { session: 'session_id', agent: 'agent', type: 'type', timestamp: 'timestamp' },
        },
      },
      { type: 'logfile', name: 'shapes-log2', endpoint: log },
      {
        type: 'gateway',
        name: 'shapes-gw',
        endpoint: 'http://127.0.0.1:9',
        options: { fail_closed: true, timeout_ms: 1000 },
      },
    ];
    const made: Record<string, Loose> = {};
    for (const body of bodies) {
      const r = await call('POST', '/api/v1/sources', '/api/v1/sources', body);
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      made[body.name] = r.body;
    }
    const otel = made['shapes-otel'];
    // Its own token makes the source's key used; the sample is a dry run.
    const tested = await call(
      'POST',
      '/api/v1/sources/{id}/test',
      `/api/v1/sources/${otel.source.source_id}/test`,
      { token: otel.credential.value },
    );
    expect(tested.status).toBe(200);
    expect(tested.body.ok, JSON.stringify(tested.body)).toBe(true);
    for (const name of ['shapes-hook', 'shapes-log']) {
      const id = made[name].source.source_id as string;
      const r = await call('POST', '/api/v1/sources/{id}/test', `/api/v1/sources/${id}/test`, {});
      expect(r.status).toBe(200);
      expect(r.body.ok, JSON.stringify(r.body)).toBe(true);
      expect((await call('GET', '/api/v1/sources/{id}', `/api/v1/sources/${id}`)).status).toBe(200);
    }
    const list = await call('GET', '/api/v1/sources', '/api/v1/sources');
    expect(list.body.total).toBe(bodies.length);
    const gw = made['shapes-gw'].source.source_id as string;
    const extra = await call('POST', '/api/v1/sources/{id}/test', `/api/v1/sources/${gw}/test`, {
      tokens: 'x',
    });
    expect(extra.status).toBe(400);
    const removed = await call(
      'DELETE',
      '/api/v1/sources/{id}',
      `/api/v1/sources/${gw}?purge=true`,
    );
    expect(removed.status).toBe(200);
    expect((await call('GET', '/api/v1/sources/{id}', `/api/v1/sources/${gw}`)).status).toBe(404);
    expect((await call('DELETE', '/api/v1/sources/{id}', `/api/v1/sources/${gw}`)).status).toBe(
      404,
    );
    const gone = await call('POST', '/api/v1/sources/{id}/test', `/api/v1/sources/${gw}/test`, {});
    expect(gone.status).toBe(404);
  });

  it('SIEM targets: each kind added, listed with its state, tested, removed; unknown', async () => {
    const ca = join(store.dir, 'ca.pem');
    writeFileSync(ca, '-----BEGIN CERTIFICATE-----\n-----END CERTIFICATE-----\n');
    const splunk = await call('POST', '/api/v1/siem/targets', '/api/v1/siem/targets', {
      kind: 'splunk',
      endpoint: hec.url,
      token: 'hec-token',
      index: 'main',
      sourcetype: 'evid:event',
    });
    expect(splunk.status, JSON.stringify(splunk.body)).toBe(201);
    const others = [
      {
        kind: 'sentinel',
        endpoint: 'https://dce.example.com',
        client_secret: 's',
        dcr_id: 'dcr-0123',
        stream: 'Custom-Evid_CL',
        tenant_id: 'tenant',
        client_id: 'client',
        authority_host: 'https://login.example.com',
        ca_file: ca,
      },
      { kind: 'syslog', endpoint: '127.0.0.1', port: 5514, protocol: 'tcp', format: 'cef' },
    ];
    for (const body of others) {
      const r = await call('POST', '/api/v1/siem/targets', '/api/v1/siem/targets', body);
      expect(r.status, JSON.stringify(r.body)).toBe(201);
    }
    // A monitoring session's alert channel is listed with the targets.
    const session = await api(server.url, '/v1/monitoring/session', {
      method: 'POST',
      body: {
        system_id: 'shapes-bot',
        alert_channels: [{ type: 'webhook', destination: `${hec.url}/alerts` }],
      },
    });
    expect(session.status, JSON.stringify(session.body)).toBe(201);
    const id = splunk.body.target_id as string;
    const sent = await call(
      'POST',
      '/api/v1/siem/targets/{id}/test',
      `/api/v1/siem/targets/${id}/test`,
    );
    expect(sent.status).toBe(200);
    expect(sent.body.ok, JSON.stringify(sent.body)).toBe(true);
    const list = await call('GET', '/api/v1/siem/targets', '/api/v1/siem/targets');
    expect(list.body.targets.map((t: Loose) => t.kind).sort()).toEqual([
      'alert_webhook',
      'sentinel',
      'splunk',
      'syslog',
    ]);
    const removed = await call('DELETE', '/api/v1/siem/targets/{id}', `/api/v1/siem/targets/${id}`);
    expect(removed.status).toBe(200);
    expect(
      (await call('DELETE', '/api/v1/siem/targets/{id}', `/api/v1/siem/targets/${id}`)).status,
    ).toBe(404);
    expect(
      (await call('POST', '/api/v1/siem/targets/{id}/test', `/api/v1/siem/targets/${id}/test`))
        .status,
    ).toBe(404);
    expect(
      (await call('POST', '/api/v1/siem/targets', '/api/v1/siem/targets', { kind: 'x' })).status,
    ).toBe(400);
  });

  it('retention: status with no policy, set, status; legal holds placed, listed, released', async () => {
    expect((await call('GET', '/api/v1/retention', '/api/v1/retention')).body.days).toBeNull();
    const set = await call('PUT', '/api/v1/retention', '/api/v1/retention', {
      days: 30,
      enforce: false,
    });
    expect(set.status).toBe(200);
    expect(set.body.warning).toEqual(expect.any(String));
    expect((await call('GET', '/api/v1/retention', '/api/v1/retention')).body.days).toBe(30);
    expect((await call('PUT', '/api/v1/retention', '/api/v1/retention', { days: 3 })).status).toBe(
      400,
    );

    const holds = '/api/v1/retention/holds';
    const byTrace = await call('POST', holds, holds, { session: 'sess_shapes', reason: 'audit' });
    expect(byTrace.status, JSON.stringify(byTrace.body)).toBe(201);
    const byRange = await call('POST', holds, holds, {
      since: '2026-01-01',
      until: '2026-02-01',
      reason: 'litigation',
      case: 'case-7',
    });
    expect(byRange.status, JSON.stringify(byRange.body)).toBe(201);
    expect((await call('POST', holds, holds, { trace: 'tr_nope', reason: 'x' })).status).toBe(404);
    const release = `${holds}/{id}/release`;
    const id = byRange.body.hold_id as string;
    const at = `${holds}/${id}/release`;
    expect((await call('POST', release, at, { reason: 'settled' })).status).toBe(200);
    expect((await call('POST', release, at, { reason: 'again' })).status).toBe(409);
    expect(
      (await call('POST', release, `${holds}/hold_nope/release`, { reason: 'x' })).status,
    ).toBe(404);
    const listed = await call('GET', holds, `${holds}?all=true`);
    expect(listed.body.holds).toHaveLength(2);
  });

  it('jobs: a pack build that is done, one that failed, a verify run, a cancelled model analysis; listed; unknown', async () => {
    const async = { prefer: 'respond-async' };
    const ok = await call('POST', '/api/v1/packs', '/api/v1/packs', { last: '7d' }, async);
    expect(ok.status).toBe(202);
    const bad = await call('POST', '/api/v1/packs', '/api/v1/packs', { session: 'sess_no' }, async);
    expect(bad.status).toBe(202);
    const verify = await call('POST', '/api/v1/ledger/verify', '/api/v1/ledger/verify', {}, async);
    expect(verify.status).toBe(202);
    expect((await waitForJob(ok.body.id)).result_url).toEqual(expect.any(String));
    expect((await waitForJob(bad.body.id)).error).toMatchObject({ type: 'not_found' });
    expect((await waitForJob(verify.body.id)).result).toEqual(expect.any(Object));
    const done = `/api/v1/jobs/${ok.body.id}/cancel`;
    expect((await call('POST', '/api/v1/jobs/{id}/cancel', done)).status).toBe(409);
    // A running job to cancel, held still: a model analysis whose model has not answered.
    const model = await startHeldModel();
    try {
      const analysis = '/v1/analysis/safety/model';
      const body = { model_url: `${model.url}#model=held`, test_suite: 'quick' };
      const doomed = await call('POST', analysis, analysis, body, async);
      expect(doomed.status).toBe(202);
      await model.firstCall;
      const cancel = `/api/v1/jobs/${doomed.body.run_id}/cancel`;
      const asked = await call('POST', '/api/v1/jobs/{id}/cancel', cancel);
      expect(asked.status).toBe(202);
      expect(asked.body).toMatchObject({ state: 'running', cancel_requested: true });
      model.release();
      expect((await waitForJob(doomed.body.run_id)).state).toBe('cancelled');
    } finally {
      model.release();
      await model.close();
    }
    expect(
      (await call('POST', '/api/v1/jobs/{id}/cancel', '/api/v1/jobs/job_nope/cancel')).status,
    ).toBe(404);
    const list = await call('GET', '/api/v1/jobs', '/api/v1/jobs');
    expect(list.body.total).toBe(4);
    expect((await call('GET', '/api/v1/jobs', '/api/v1/jobs?state=lost')).status).toBe(400);
    expect((await call('GET', '/api/v1/jobs/{id}', '/api/v1/jobs/job_nope')).status).toBe(404);
  });

  it('the check is sensitive: a key not documented, a status not documented, a field never answered', () => {
    const fresh = new ResponseShapes(shapes.doc);
    const key = {
      key_id: 'ak_1',
      name: 'n',
      role: 'viewer',
      created_at: 't',
      created_by: 'a',
      revoked_at: null,
      revoked_by: null,
      last_used_at: null,
      source_id: null,
    };
    expect(fresh.check('GET', '/api/v1/keys', 200, { keys: [key] })).toEqual([]);
    expect(fresh.check('GET', '/api/v1/keys', 200, { keys: [{ ...key, hash: 'h' }] })).toEqual([
      expect.stringContaining('must NOT have additional properties'),
    ]);
    expect(fresh.check('GET', '/api/v1/keys', 418, {})).toEqual([
      'GET /api/v1/keys 418: status not documented',
    ]);
    const { source_id: _s, ...partial } = key;
    const other = new ResponseShapes(shapes.doc);
    other.check('GET', '/api/v1/keys', 200, { keys: [partial] });
    expect(other.unseen([{ method: 'GET', path: '/api/v1/keys', status: '200' }])).toEqual([
      'ApiKey.source_id',
    ]);
  });

  it('no answer broke its schema; every 2xx schema is exact, answered, and fully seen', () => {
    expect(problems).toEqual([]);
    const ops: Array<{ method: string; path: string; status: string }> = [];
    for (const [path, item] of Object.entries(shapes.doc.paths as Record<string, Loose>)) {
      if (NOT_ADMIN.has(path)) continue;
      for (const [method, op] of Object.entries(item as Record<string, Loose>)) {
        if (!TAGS.has(op.tags[0])) continue;
        for (const status of Object.keys(op.responses)) {
          if (status.startsWith('2')) ops.push({ method: method.toUpperCase(), path, status });
        }
      }
    }
    // keys 3, users 5, siem 4, sources 5, retention 5, jobs 3: each with one 2xx answer.
    expect(ops).toHaveLength(25);
    for (const { method, path, status } of ops) {
      const where = `${method} ${path} ${status}`;
      expect(shapes.answered, where).toContain(where);
      expect(shapes.declaredUnder(method, path, Number(status)), where).not.toEqual([]);
    }
    const unseen = shapes.unseen(ops).filter((p) => !(p in NOT_EXERCISED));
    expect(unseen).toEqual([]);
  });
});
