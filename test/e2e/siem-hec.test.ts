// Issue 14 item 3 (SIEM forwarding) with the built binaries and a loopback Splunk HEC
// receiver written here: the exact wire format, secrets never shown, a receiver that is
// down then up (nothing lost, order kept), HEC answer codes, a TLS certificate that does not
// verify, `evid serve` draining, and `audit verify` after each.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBin, runJson, tempDataDir } from '../support/cli.js';
import { startServer } from '../support/server.js';
import {
  HEC_OK,
  hecEvents,
  makeCertificates,
  startReceiver,
  type Receiver,
} from '../support/siem-receivers.js';
import { findingTraces } from '../support/siem-traces.js';
import { withDb } from '../support/tamper.js';

const TOKEN = 'hec-token-5f0e2b9c-0000-4000-8000-123456789abc';
const env = { EVID_ACTOR: 'cli:alice', EVID_SIEM_RETRY_MS: '50' };
const dirs: Array<{ cleanup(): void }> = [];
const receivers: Receiver[] = [];

function store() {
  const d = tempDataDir('evid-siem-');
  dirs.push(d);
  const run = (args: string[]) => runBin('evid', args, { dataDir: d.dir, env });
  const json = <T>(args: string[]) => runJson<T>('evid', args, { dataDir: d.dir, env });
  return { dir: d.dir, run, json };
}

async function receiver(tls?: { key: Buffer; cert: Buffer }): Promise<Receiver> {
  const r = await startReceiver(tls);
  receivers.push(r);
  return r;
}

interface Status {
  target_id: string;
  state: string;
  forwarded_count: number;
  error_count: number;
  queue_depth: number;
  last_error: string | null;
  last_event_at: string | null;
}

async function addSplunk(s: ReturnType<typeof store>, url: string, extra: string[] = []) {
  const added = await s.json<{ target_id: string; secret: string }>([
    'siem',
    'add',
    '--kind',
    'splunk',
    '--endpoint',
    url,
    '--token',
    TOKEN,
    '--index',
    'ai_audit',
    ...extra,
  ]);
  expect(added.code, added.stderr).toBe(0);
  return added.data.target_id;
}

async function verifyOk(dir: string): Promise<void> {
  const v = await runJson<{ ok: boolean; message: string }>('audit', ['verify'], { dataDir: dir });
  expect(v.data.ok, v.data.message).toBe(true);
}

const allEvents = (r: Receiver) => r.received.flatMap((q) => hecEvents(q.body));

afterAll(async () => {
  for (const r of receivers) await r.close();
  for (const d of dirs) d.cleanup();
});

describe('a Splunk HEC target', () => {
  const s = store();
  let hec: Receiver;
  let id = '';

  beforeAll(async () => {
    hec = await receiver();
    id = await addSplunk(s, hec.url);
    const file = findingTraces(s.dir, 't', ['a', 'b'], 3);
    expect((await s.run(['traces', 'ingest', file])).exitCode).toBe(0);
  }, 60_000);

  it('keeps the token in a 0600 file and out of the database, list, status and --json', async () => {
    const secretFile = join(s.dir, 'siem', `${id}.secret`);
    expect(statSync(secretFile).mode & 0o777).toBe(0o600);
    expect(readFileSync(secretFile, 'utf8')).toBe(TOKEN);
    expect(readFileSync(join(s.dir, 'evid.db')).includes(TOKEN)).toBe(false);
    for (const args of [
      ['siem', 'list'],
      ['siem', 'status'],
      ['siem', 'list', '--json'],
      ['siem', 'status', '--json'],
    ]) {
      const r = await s.run(args);
      expect(String(r.stdout) + String(r.stderr)).not.toContain(TOKEN);
      if (args[1] === 'list' || args[2] === '--json') expect(String(r.stdout)).toContain('****');
    }
    const entry = withDb(s.dir, (db) =>
      db
        .prepare("SELECT actor FROM ledger WHERE kind = 'siem.target_added' AND subject_id = ?")
        .get(id),
    );
    expect(entry).toEqual({ actor: 'cli:alice' });
  });

  it('sends every finding, in ledger order, in the exact HEC wire format', async () => {
    const status = await s.json<Status[]>(['siem', 'status']);
    expect(status.data[0]).toMatchObject({
      target_id: id,
      state: 'sending',
      queue_depth: 6,
      forwarded_count: 0,
    });
    const flush = await s.json<Array<{ sent: number; ok: boolean }>>(['siem', 'flush']);
    expect(flush.code, flush.stderr).toBe(0);
    expect(flush.data).toEqual([
      expect.objectContaining({ target_id: id, sent: 6, pending: 0, ok: true }),
    ]);
    const req = hec.received.at(-1)!;
    expect(req.method).toBe('POST');
    expect(req.url).toBe('/services/collector/event');
    expect(req.headers.authorization).toBe(`Splunk ${TOKEN}`);
    expect(req.body.startsWith('{') && !req.body.startsWith('[')).toBe(true);
    const events = hecEvents(req.body);
    expect(events).toHaveLength(6);
    for (const e of events) {
      expect(Object.keys(e).sort()).toEqual([
        'event',
        'fields',
        'host',
        'index',
        'source',
        'sourcetype',
        'time',
      ]);
      expect(e).toMatchObject({ index: 'ai_audit', sourcetype: 'evid:event', source: 'evid' });
      expect(typeof e.time).toBe('number');
      const ev = e.event as Record<string, unknown>;
      expect(ev.kind).toBe('finding.created');
      expect((e.fields as Record<string, unknown>).event_id).toBe(ev.event_id);
      expect((ev.record as Record<string, unknown>).finding_id).toBe(ev.subject_id);
    }
    const seqs = events.map((e) => (e.event as { ledger_seq: number }).ledger_seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(new Set(events.map((e) => (e.event as { event_id: string }).event_id)).size).toBe(6);
    const after = await s.json<Status[]>(['siem', 'status']);
    expect(after.data[0]).toMatchObject({
      state: 'idle',
      queue_depth: 0,
      forwarded_count: 6,
      error_count: 0,
    });
    await verifyOk(s.dir);
  });

  it('forwards finding updates and kill switch changes too', async () => {
    const list = await s.json<{ findings: Array<{ id: string }> }>(['findings', 'list']);
    expect(
      (await s.run(['findings', 'update', list.data.findings[0]!.id, '--status', 'reviewing']))
        .exitCode,
    ).toBe(0);
    expect(
      (
        await runBin(
          'audit',
          ['kill-switch', 'activate', '--agent', 'mail-bot', '--reason', 'drill'],
          { dataDir: s.dir, env },
        )
      ).exitCode,
    ).toBe(0);
    hec.received.length = 0;
    expect((await s.run(['siem', 'flush'])).exitCode).toBe(0);
    const kinds = allEvents(hec).map((e) => e.event as { kind: string; summary: string });
    expect(kinds.map((k) => k.kind)).toEqual(['finding.updated', 'killswitch.activated']);
    expect(kinds[1]!.summary).toContain('drill');
    await runBin(
      'audit',
      ['kill-switch', 'deactivate', '--agent', 'mail-bot', '--reason', 'done'],
      { dataDir: s.dir, env },
    );
  });

  it("siem test shows the receiver's own answer", async () => {
    const r = await s.json<Array<{ ok: boolean; answer: string }>>(['siem', 'test', id]);
    expect(r.code).toBe(0);
    expect(r.data).toEqual([
      expect.objectContaining({ ok: true, answer: 'HTTP 200, HEC code 0: Success' }),
    ]);
    hec.answer = () => ({ status: 403, body: '{"text":"Invalid token","code":4}' });
    const bad = await s.run(['siem', 'test']);
    expect(bad.exitCode).toBe(1);
    expect(String(bad.stderr)).toContain('HTTP 403, HEC code 4: Invalid token');
    expect(String(bad.stdout) + String(bad.stderr)).not.toContain(TOKEN);
    hec.answer = () => HEC_OK;
  });

  it('an unknown target id is exit 3 and changes nothing', async () => {
    const r = await s.run(['siem', 'remove', 'siem_nope']);
    expect(r.exitCode).toBe(3);
    expect(String(r.stderr)).toMatch(/^evid: SIEM target siem_nope not found/);
  });
});

describe('a receiver that is down, then answers HEC error codes, then is up', () => {
  it('loses nothing, keeps the order, and retries only 500/8 and 503/9 soon', async () => {
    const s = store();
    const hec = await receiver();
    const port = hec.port;
    await hec.close();
    const id = await addSplunk(s, `http://127.0.0.1:${port}`);
    expect((await s.run(['traces', 'ingest', findingTraces(s.dir, 'x', ['c'], 4)])).exitCode).toBe(
      0,
    );

    const down = await s.run(['siem', 'flush']);
    expect(down.exitCode).toBe(1);
    expect(String(down.stderr)).toMatch(
      new RegExp(
        `^evid: ${id}: cannot reach http://127.0.0.1:${port}/services/collector/event: ECONNREFUSED`,
      ),
    );
    const st = await s.json<Status[]>(['siem', 'status']);
    expect(st.data[0]).toMatchObject({ state: 'error', queue_depth: 4, error_count: 1 });

    const again = await startReceiver(undefined, port);
    receivers.push(again);
    const codes: Array<[number, string, boolean]> = [
      [503, '{"text":"Server is busy","code":9}', true],
      [500, '{"text":"Internal server error","code":8}', true],
      [400, '{"text":"Incorrect index","code":7}', false],
      [401, '{"text":"Token is required","code":2}', false],
    ];
    for (const [status, body, retry] of codes) {
      again.answer = () => ({ status, body });
      const r = await s.run(['siem', 'flush']);
      expect(r.exitCode).toBe(1);
      expect(String(r.stderr)).toContain(
        `HTTP ${status}, HEC code ${JSON.parse(body).code}: ${JSON.parse(body).text}`,
      );
      const next = withDb(s.dir, (db) =>
        db
          .prepare('SELECT next_attempt_at, last_error_at FROM siem_targets WHERE target_id = ?')
          .get(id),
      ) as { next_attempt_at: string; last_error_at: string };
      const wait = Date.parse(next.next_attempt_at) - Date.parse(next.last_error_at);
      // EVID_SIEM_RETRY_MS=50: a retryable answer waits a few bases, any other the cap (300x).
      if (retry) expect(wait).toBeLessThan((50 * 300) / 2);
      else expect(wait).toBeGreaterThanOrEqual((50 * 300) / 2);
    }
    again.answer = () => HEC_OK;
    again.received.length = 0;
    const up = await s.json<Array<{ sent: number }>>(['siem', 'flush']);
    expect(up.code).toBe(0);
    const events = allEvents(again);
    expect(events).toHaveLength(4);
    const seqs = events.map((e) => (e.event as { ledger_seq: number }).ledger_seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    const st2 = await s.json<Status[]>(['siem', 'status']);
    expect(st2.data[0]).toMatchObject({
      state: 'idle',
      queue_depth: 0,
      forwarded_count: 4,
      error_count: 5,
    });
    await verifyOk(s.dir);
  }, 60_000);
});

describe('HTTPS with a certificate that does not verify', () => {
  it('is a clear error naming the certificate; --ca-file makes it verify', async () => {
    const s = store();
    const certs = await makeCertificates(s.dir);
    const hec = await receiver({ key: readFileSync(certs.key), cert: readFileSync(certs.cert) });
    const plain = await addSplunk(s, hec.url);
    const r = await s.run(['siem', 'test', plain]);
    expect(r.exitCode).toBe(1);
    expect(String(r.stderr)).toMatch(
      /the TLS certificate of https:\/\/127\.0\.0\.1:\d+\/services\/collector\/event does not verify \(UNABLE_TO_VERIFY_LEAF_SIGNATURE|SELF_SIGNED/,
    );
    expect(String(r.stderr)).toContain('--ca-file');
    const wrong = await addSplunk(s, hec.url, ['--ca-file', certs.otherCa]);
    expect((await s.run(['siem', 'test', wrong])).exitCode).toBe(1);
    const right = await addSplunk(s, hec.url, ['--ca-file', certs.ca]);
    const ok = await s.json<Array<{ ok: boolean }>>(['siem', 'test', right]);
    expect(ok.data[0]).toMatchObject({ ok: true });
    expect(hec.received.at(-1)!.headers.authorization).toBe(`Splunk ${TOKEN}`);
  }, 60_000);
});

describe('evid serve drains the outbox', () => {
  it('sends what arrives; kill -9 while a batch is in flight, restart: nothing lost, repeats keep their event id', async () => {
    const s = store();
    const hec = await receiver();
    await addSplunk(s, hec.url);
    // The first delivery is held until the server has been killed.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let first = true;
    hec.answer = async () => {
      if (first) {
        first = false;
        await held;
      }
      return HEC_OK;
    };
    expect(
      (await s.run(['traces', 'ingest', findingTraces(s.dir, 'k', ['d', 'e'], 3)])).exitCode,
    ).toBe(0);
    const server = await startServer({ dataDir: s.dir, env });
    await until(() => hec.received.length >= 1);
    server.child.kill('SIGKILL');
    await server.child;
    release();
    const st = await s.json<Status[]>(['siem', 'status']);
    expect(st.data[0]!.queue_depth).toBe(6); // received but never acknowledged: still queued
    const again = await startServer({ dataDir: s.dir, env });
    await until(() => allEvents(hec).length >= 12);
    expect((await s.run(['traces', 'ingest', findingTraces(s.dir, 'k2', ['f'], 2)])).exitCode).toBe(
      0,
    );
    await until(() => allEvents(hec).length >= 14);
    const logs = await again.stop();
    expect(logs.code).toBe(0);
    expect(logs.stderr).not.toContain(TOKEN);
    const events = allEvents(hec).map((e) => e.event as { event_id: string; ledger_seq: number });
    const ids = new Map<string, number>();
    for (const e of events) {
      if (ids.has(e.event_id)) expect(ids.get(e.event_id)).toBe(e.ledger_seq);
      ids.set(e.event_id, e.ledger_seq);
    }
    expect(ids.size).toBe(8);
    expect(events.slice(0, 6)).toEqual(events.slice(6, 12)); // the same batch, the same ids
    const final = await s.json<Status[]>(['siem', 'status']);
    expect(final.data[0]).toMatchObject({ queue_depth: 0, forwarded_count: 8 });
    await verifyOk(s.dir);
  }, 90_000);
});

describe('insiders and verify', () => {
  it('a deleted outbox row fails verify; a failed verify is itself sent', async () => {
    const s = store();
    const hec = await receiver();
    const id = await addSplunk(s, hec.url);
    expect((await s.run(['traces', 'ingest', findingTraces(s.dir, 'v', ['g'], 2)])).exitCode).toBe(
      0,
    );
    expect((await s.run(['siem', 'flush'])).exitCode).toBe(0);
    withDb(s.dir, (db) =>
      db.prepare('DELETE FROM outbox WHERE id = (SELECT MAX(id) FROM outbox)').run(),
    );
    const v = await runJson<{ ok: boolean; message: string }>('audit', ['verify'], {
      dataDir: s.dir,
    });
    expect(v.code).toBe(1);
    expect(v.data.message).toMatch(
      new RegExp(
        `^outbox ${id} seq \\d+: a ledger entry owed to this SIEM target has no outbox row`,
      ),
    );
    hec.received.length = 0;
    expect((await s.run(['siem', 'flush'])).exitCode).toBe(0);
    const sent = allEvents(hec).map(
      (e) => e.event as { kind: string; severity: string; summary: string },
    );
    expect(sent).toEqual([
      expect.objectContaining({ kind: 'verify.failed', severity: 'critical' }),
    ]);
    expect(sent[0]!.summary).toContain('no outbox row');
  }, 60_000);
});

async function until(check: () => boolean, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}
