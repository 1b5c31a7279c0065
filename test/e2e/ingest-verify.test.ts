import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLES, runBin, runJson, tempDataDir } from '../support/cli.js';
import { copyDataDir, withDb } from '../support/tamper.js';

interface Verdict {
  ok: boolean;
  entries_checked: number;
  first_bad_seq: number | null;
  reason: string | null;
  record: { seq: number; kind: string; subject_id: string } | null;
  purged: number;
}

const store = tempDataDir();
const copies: string[] = [];

beforeAll(async () => {
  for (const file of ['support-bot.json', 'research-agents.json', 'coding-agent.ndjson']) {
    const r = await runBin('evid', ['traces', 'ingest', join(EXAMPLES, file)], {
      dataDir: store.dir,
    });
    expect(r.exitCode, String(r.stderr)).toBe(0);
  }
});
afterAll(() => {
  store.cleanup();
  for (const c of copies) rmSync(c, { recursive: true, force: true });
});

function tampered(sql: (db: import('better-sqlite3').Database) => void): string {
  const copy = copyDataDir(store.dir);
  copies.push(copy);
  withDb(copy, sql);
  return copy;
}

describe('ingest, read, verify with the built binaries', () => {
  it('lists, filters and gets traces', async () => {
    const all = await runJson<{
      traces: Array<{ session_id: string; trace_id: string }>;
      total: number;
    }>('evid', ['traces', 'list'], { dataDir: store.dir });
    expect(all.code).toBe(0);
    expect(all.data.total).toBe(5);
    const byAgent = await runJson<{ traces: Array<{ agent: string }>; total: number }>(
      'evid',
      ['traces', 'list', '--agent', 'research-assistant'],
      { dataDir: store.dir },
    );
    expect(byAgent.data.total).toBe(2);
    expect(byAgent.data.traces.every((t) => t.agent === 'research-assistant')).toBe(true);
    const bySession = await runJson<{ traces: Array<{ trace_id: string }> }>(
      'audit',
      ['traces', 'list', '--session', 'sess_support_0001'],
      {
        dataDir: store.dir,
      },
    );
    const traceId = bySession.data.traces[0]!.trace_id;
    expect(traceId).toMatch(/^tr_[0-9A-Z]{26}$/);

    const viaTrace = await runJson<{ session_id: string; events: unknown[]; status: string }>(
      'evid',
      ['traces', 'get', traceId],
      {
        dataDir: store.dir,
      },
    );
    const viaSession = await runJson<{ trace_id: string }>(
      'evid',
      ['traces', 'get', 'sess_support_0001'],
      { dataDir: store.dir },
    );
    expect(viaTrace.data.session_id).toBe('sess_support_0001');
    expect(viaTrace.data.events).toHaveLength(3);
    expect(viaTrace.data.status).toBe('completed');
    expect(viaSession.data.trace_id).toBe(traceId);

    const missing = await runBin('evid', ['traces', 'get', 'sess_nope'], { dataDir: store.dir });
    expect(missing.exitCode).toBe(3);
    expect(String(missing.stderr)).toBe(
      'evid: trace sess_nope not found (give a trace_id or a session_id)',
    );
  });

  it('reports status and verifies the intact ledger', async () => {
    const status = await runJson<{
      traces: number;
      events: number;
      agents: number;
      ledger: { entries: number; tree_size: number };
      findings: { total: number };
    }>('evid', ['status'], { dataDir: store.dir });
    // three agents across the examples (support-bot, research-assistant, coding-agent)
    expect(status.data).toMatchObject({ traces: 5, events: 9, agents: 3 });
    // the support-bot example carries a customer's email address
    expect(status.data.findings.total).toBe(1);
    // the store's ledger key, then one leaf per trace, per event and per finding
    expect(status.data.ledger).toMatchObject({ entries: 16, tree_size: 16 });
    const verify = await runJson<Verdict>('audit', ['verify'], { dataDir: store.dir });
    expect(verify.code).toBe(0);
    expect(verify.data).toMatchObject({
      ok: true,
      entries_checked: 16,
      first_bad_seq: null,
      reason: null,
    });
  });
});

// The same tampering matrix through both paths of `audit verify`: the whole small ledger in
// one chunk on the main thread (the default here), and 4-entry chunks over two worker
// threads (the path big ledgers take). Either way the verdict is the sequential verifier's.
describe.each([
  ['one chunk, no workers', {}, { chunks: 1, threads: 0 }],
  [
    '4-entry chunks on 2 worker threads',
    { EVID_SCAN_CHUNK: '4', EVID_SCAN_THREADS: '2' },
    { chunks: 4, threads: 2 },
  ],
])('audit verify finds tampering (%s)', (_name, env: Record<string, string>, scan) => {
  it('verifies the intact ledger by the fast path', async () => {
    const verify = await runJson<Verdict & { root_hash: string; scan: unknown }>(
      'audit',
      ['verify'],
      { dataDir: store.dir, env },
    );
    expect(verify.code).toBe(0);
    expect(verify.data).toMatchObject({ ok: true, entries_checked: 16, reason: null, scan });
    expect(verify.data.root_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('names the first bad seq and record when a stored event is changed', async () => {
    const dir = tampered((db) =>
      db.prepare("UPDATE events SET prompt = 'edited' WHERE event_id = 'evt_code_0001_b'").run(),
    );
    const seq = withDb(
      dir,
      (db) =>
        (
          db.prepare("SELECT seq FROM ledger WHERE subject_id = 'evt_code_0001_b'").get() as {
            seq: number;
          }
        ).seq,
    );
    const r = await runJson<Verdict>('audit', ['verify'], { dataDir: dir, env });
    expect(r.code).toBe(1);
    expect(r.data).toMatchObject({ ok: false, reason: 'tampered', first_bad_seq: seq });
    expect(r.data.record).toEqual({ seq, kind: 'event.ingested', subject_id: 'evt_code_0001_b' });
    expect(r.stderr).toContain(`failed at seq ${seq}`);
  });

  it('detects an edited ledger row', async () => {
    const dir = tampered((db) =>
      db.prepare("UPDATE ledger SET actor = 'mallory' WHERE seq = 6").run(),
    );
    const r = await runJson<Verdict>('audit', ['verify'], { dataDir: dir, env });
    expect(r.code).toBe(1);
    expect(r.data).toMatchObject({ reason: 'tampered', first_bad_seq: 6 });
  });

  it('detects a deleted ledger row as missing', async () => {
    const dir = tampered((db) => db.prepare('DELETE FROM ledger WHERE seq = 4').run());
    const r = await runJson<Verdict>('audit', ['verify'], { dataDir: dir, env });
    expect(r.code).toBe(1);
    expect(r.data).toMatchObject({ reason: 'missing', first_bad_seq: 4 });
  });

  it('detects a deleted event row as missing, not purged', async () => {
    const dir = tampered((db) =>
      db.prepare("DELETE FROM events WHERE event_id = 'evt_code_0002_a'").run(),
    );
    const r = await runJson<Verdict>('audit', ['verify'], { dataDir: dir, env });
    expect(r.code).toBe(1);
    expect(r.data).toMatchObject({ reason: 'missing', purged: 0 });
    expect(r.data.record?.subject_id).toBe('evt_code_0002_a');
  });

  it('detects two swapped ledger rows as reordered', async () => {
    const dir = tampered((db) =>
      db.transaction(() => {
        db.prepare('UPDATE ledger SET seq = -1 WHERE seq = 8').run();
        db.prepare('UPDATE ledger SET seq = 8 WHERE seq = 9').run();
        db.prepare('UPDATE ledger SET seq = 9 WHERE seq = -1').run();
      })(),
    );
    const r = await runJson<Verdict>('audit', ['verify'], { dataDir: dir, env });
    expect(r.code).toBe(1);
    expect(r.data).toMatchObject({ reason: 'reordered', first_bad_seq: 8 });
  });

  it('detects a truncated ledger', async () => {
    const dir = tampered((db) =>
      db.prepare('DELETE FROM ledger WHERE seq = (SELECT MAX(seq) FROM ledger)').run(),
    );
    const r = await runJson<Verdict>('audit', ['verify'], { dataDir: dir, env });
    expect(r.code).toBe(1);
    expect(r.data).toMatchObject({ reason: 'truncated', first_bad_seq: 16 });
  });

  it('detects a forged tree head signature', async () => {
    const dir = tampered((db) =>
      db
        .prepare(
          "UPDATE tree_heads SET checkpoint = substr(checkpoint, 1, length(checkpoint) - 6) || 'AAAA=\n' WHERE tree_size = (SELECT MAX(tree_size) FROM tree_heads)",
        )
        .run(),
    );
    const r = await runJson<Verdict>('audit', ['verify'], { dataDir: dir, env });
    expect(r.code).toBe(1);
    expect(r.data.reason).toBe('signature');
  });
});
