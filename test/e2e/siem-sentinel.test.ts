// Issue 14 item 3: Microsoft Sentinel through the Logs Ingestion API, with loopback Entra
// token and ingestion receivers written here that check the exact wire format: the
// client-credentials form, the token cached until it expires, the DCR stream URL with its
// api-version, a JSON array body, 204 success, 429 with Retry-After honoured; and the client
// secret never shown.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBin, runJson, tempDataDir } from '../support/cli.js';
import { startReceiver, type Receiver } from '../support/siem-receivers.js';
import { findingTraces } from '../support/siem-traces.js';
import { withDb } from '../support/tamper.js';

const SECRET = 'entra~client~secret~0123456789';
const d = tempDataDir('evid-sentinel-');
const env = { EVID_SIEM_RETRY_MS: '50' };
const run = (args: string[]) => runBin('evid', args, { dataDir: d.dir, env });
const json = <T>(args: string[]) => runJson<T>('evid', args, { dataDir: d.dir, env });
let entra: Receiver;
let dce: Receiver;
let id = '';

beforeAll(async () => {
  entra = await startReceiver();
  dce = await startReceiver();
  entra.answer = () => ({
    status: 200,
    body: JSON.stringify({ token_type: 'Bearer', expires_in: 3599, access_token: 'tok-1' }),
  });
  dce.answer = () => ({ status: 204 });
  const added = await json<{ target_id: string; secret: string; options: Record<string, string> }>([
    'siem',
    'add',
    '--kind',
    'sentinel',
    '--endpoint',
    `${dce.url}/`,
    '--dcr-id',
    'dcr-00000000000000000000000000000001',
    '--stream',
    'Custom-EvidEvents_CL',
    '--tenant-id',
    'tenant-1',
    '--client-id',
    'app-1',
    '--client-secret',
    SECRET,
    '--authority-host',
    entra.url,
  ]);
  expect(added.code, added.stderr).toBe(0);
  expect(added.data.secret).toBe('****');
  id = added.data.target_id;
  expect((await run(['traces', 'ingest', findingTraces(d.dir, 's', ['a'], 3)])).exitCode).toBe(0);
}, 60_000);

afterAll(async () => {
  await entra.close();
  await dce.close();
  d.cleanup();
});

describe('a Sentinel target', () => {
  it('gets a token by client credentials and posts a JSON array to the DCR stream', async () => {
    const flush = await json<Array<{ ok: boolean; sent: number; answer: string }>>([
      'siem',
      'flush',
    ]);
    expect(flush.code, flush.stderr).toBe(0);
    expect(flush.data[0]).toMatchObject({ ok: true, sent: 3, answer: 'HTTP 204' });
    expect(entra.received).toHaveLength(1);
    const t = entra.received[0]!;
    expect(t.method).toBe('POST');
    expect(t.url).toBe('/tenant-1/oauth2/v2.0/token');
    expect(t.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(t.body))).toEqual({
      grant_type: 'client_credentials',
      client_id: 'app-1',
      client_secret: SECRET,
      scope: 'https://monitor.azure.com//.default',
    });
    const post = dce.received[0]!;
    expect(post.url).toBe(
      '/dataCollectionRules/dcr-00000000000000000000000000000001/streams/Custom-EvidEvents_CL?api-version=2023-01-01',
    );
    expect(post.headers.authorization).toBe('Bearer tok-1');
    expect(post.headers['content-type']).toBe('application/json');
    const rows = JSON.parse(post.body) as Array<Record<string, unknown>>;
    expect(Array.isArray(rows)).toBe(true);
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(Object.keys(row).sort()).toEqual([
        'EventId',
        'Kind',
        'LedgerSeq',
        'Record',
        'Severity',
        'SubjectId',
        'Summary',
        'TimeGenerated',
      ]);
      expect(row.Kind).toBe('finding.created');
      expect(Number.isNaN(Date.parse(String(row.TimeGenerated)))).toBe(false);
    }
  });

  it('answers 429 with Retry-After: nothing marked sent, the wait honoured, then sent', async () => {
    expect((await run(['traces', 'ingest', findingTraces(d.dir, 't', ['b'], 2)])).exitCode).toBe(0);
    dce.answer = () => ({
      status: 429,
      headers: { 'retry-after': '120' },
      body: '{"error":{"code":"TooManyRequests"}}',
    });
    const r = await run(['siem', 'flush']);
    expect(r.exitCode).toBe(1);
    expect(String(r.stderr)).toContain('HTTP 429');
    const row = withDb(d.dir, (db) =>
      db
        .prepare('SELECT next_attempt_at, last_error_at FROM siem_targets WHERE target_id = ?')
        .get(id),
    ) as { next_attempt_at: string; last_error_at: string };
    expect(Date.parse(row.next_attempt_at) - Date.parse(row.last_error_at)).toBeGreaterThanOrEqual(
      120_000,
    );
    dce.answer = () => ({ status: 204 });
    const ok = await json<Array<{ sent: number }>>(['siem', 'flush']);
    expect(ok.data[0]).toMatchObject({ sent: 2 });
  });

  it("a refused client secret shows Entra's answer, masked, and nothing is lost", async () => {
    expect((await run(['traces', 'ingest', findingTraces(d.dir, 'u', ['c'], 1)])).exitCode).toBe(0);
    entra.answer = (req) => ({
      status: 401,
      body: JSON.stringify({
        error: 'invalid_client',
        error_description: `bad secret ${new URLSearchParams(req.body).get('client_secret')}`,
      }),
    });
    // A new process: no cached token.
    const r = await run(['siem', 'test', id]);
    expect(r.exitCode).toBe(1);
    expect(String(r.stderr)).toContain('HTTP 401: invalid_client: bad secret ****');
    expect(String(r.stdout) + String(r.stderr)).not.toContain(SECRET);
    const st = await json<Array<{ queue_depth: number; last_error: string | null }>>([
      'siem',
      'status',
    ]);
    expect(JSON.stringify(st.data)).not.toContain(SECRET);
    expect(readFileSync(join(d.dir, 'evid.db')).includes(SECRET)).toBe(false);
  });

  it('unknown and missing options are exit 2 naming the flag', async () => {
    const missing = await run([
      'siem',
      'add',
      '--kind',
      'sentinel',
      '--endpoint',
      dce.url,
      '--client-secret',
      'x',
    ]);
    expect(missing.exitCode).toBe(2);
    expect(String(missing.stderr)).toMatch(/^evid: --dcr-id: is required/);
    const wrong = await run([
      'siem',
      'add',
      '--kind',
      'sentinel',
      '--endpoint',
      dce.url,
      '--index',
      'x',
    ]);
    expect(wrong.exitCode).toBe(2);
    expect(String(wrong.stderr)).toMatch(/^evid: --index: does not apply to a sentinel target/);
    const kind = await run(['siem', 'add', '--kind', 'qradar', '--endpoint', 'x']);
    expect(kind.exitCode).toBe(2);
    expect(String(kind.stderr)).toMatch(/^evid: --kind: must be one of splunk, sentinel, syslog/);
    const st = await json<unknown[]>(['siem', 'list']);
    expect(st.data).toHaveLength(1);
  });
});
