// Issue 14 (retention and legal holds) with the built binaries: set/status/enforce, a dry
// run that changes nothing, purged content gone while `audit verify` passes and counts it,
// holds that keep records, packs built before and after a purge, and bad input that
// changes nothing.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBin, runJson, tempDataDir } from '../support/cli.js';
import { withDb } from '../support/tamper.js';

const store = tempDataDir('evid-retention-cli-');
const dir = store.dir;
afterAll(() => store.cleanup());

const recent = new Date(Date.now() - 86_400_000).toISOString();
const traces = [
  { session_id: 'old_free', agent: 'support-bot', at: '2025-01-01T10:00:00Z' },
  { session_id: 'old_held', agent: 'held-bot', at: '2025-01-02T10:00:00Z' },
  { session_id: 'fresh', agent: 'support-bot', at: recent },
].map((t) => ({
  session_id: t.session_id,
  agent: t.agent,
  events: [0, 1].map((i) => ({
    type: 'llm_call',
    prompt: `reach me at dana.kowalski@mailbox.org (${t.session_id} ${i})`,
    completion: 'noted',
    timestamp: new Date(Date.parse(t.at) + i * 1000).toISOString(),
    attributes: { ticket: `T-${i}` },
  })),
}));

interface Verdict {
  ok: boolean;
  purged: number;
  reason: string | null;
  message: string;
}

const evid = (args: string[]) => runBin('evid', args, { dataDir: dir });
const evidJson = <T>(args: string[]) => runJson<T>('evid', args, { dataDir: dir });
const verify = () => runJson<Verdict>('audit', ['verify'], { dataDir: dir });
const content = () =>
  withDb(dir, (db) =>
    db
      .prepare(
        `SELECT t.session_id, e.prompt, e.completion, e.attributes, e.purged_at FROM events e
         JOIN traces t ON t.id = e.trace_ref ORDER BY e.id`,
      )
      .all(),
  ) as Array<{ session_id: string; prompt: string | null; attributes: string }>;
const ledgerSize = () =>
  withDb(dir, (db) => db.prepare('SELECT COUNT(*) FROM ledger').pluck().get()) as number;

let packBefore = '';
let fingerprint = '';
let holdId = '';

beforeAll(async () => {
  const file = join(dir, 'traces.ndjson');
  writeFileSync(file, traces.map((t) => JSON.stringify(t)).join('\n'));
  expect((await evid(['traces', 'ingest', file])).exitCode).toBe(0);
  const pack = await evidJson<{ path: string; key_fingerprint: string }>([
    'pack',
    '--since',
    '2000-01-01',
  ]);
  expect(pack.code, pack.stderr).toBe(0);
  packBefore = pack.data.path;
  fingerprint = pack.data.key_fingerprint;
}, 60_000);

describe('retention set and status', () => {
  it('refuses a window outside 7..365 and a missing one, naming the range, changing nothing', async () => {
    const size = ledgerSize();
    for (const days of ['3', '366', 'ten', '30.5']) {
      const r = await evid(['retention', 'set', '--days', days]);
      expect(r.exitCode, days).toBe(2);
      expect(String(r.stderr)).toMatch(/^evid: --days: must be an integer from 7 to 365/);
    }
    const none = await evid(['retention', 'set', '--enforce']);
    expect(none.exitCode).toBe(2);
    expect(String(none.stderr)).toContain('days: is required');
    const enforce = await evid(['retention', 'enforce']);
    expect(enforce.exitCode).toBe(2);
    expect(String(enforce.stderr)).toContain('no policy is set');
    expect(ledgerSize()).toBe(size);
    const status = await evidJson<{ days: number | null; enforce: boolean }>([
      'retention',
      'status',
    ]);
    expect(status.data).toMatchObject({ days: null, enforce: false });
  });

  it('sets a window (ledgered with its actor), warns under six months, and shows the status', async () => {
    const short = await evid(['retention', 'set', '--days', '30', '--enforce']);
    expect(short.exitCode).toBe(0);
    expect(String(short.stderr)).toMatch(/EU AI Act \(Art\. 19 and 26\(6\)\).*six months/);
    const long = await evidJson<{ days: number; enforce: boolean; warning: string | null }>([
      'retention',
      'set',
      '--days',
      '200',
    ]);
    expect(long.data).toMatchObject({ days: 200, enforce: true, warning: null });
    await evid(['retention', 'set', '--days', '30']);
    const status = await evidJson<Record<string, unknown>>(['retention', 'status']);
    expect(status.data).toMatchObject({
      days: 30,
      enforce: true,
      oldest_record_at: '2025-01-01T10:00:00.000Z',
      legal_holds: 0,
      records_purged: 0,
    });
    expect(status.data.storage_used_percent).toBeGreaterThan(0);
    expect(status.data.store_bytes).toBeGreaterThan(0);
    expect(status.data.warning).toContain('six months');
    const actors = withDb(dir, (db) =>
      db.prepare("SELECT actor FROM ledger WHERE kind = 'retention.updated'").pluck().all(),
    );
    expect(actors).toHaveLength(3);
  });
});

describe('legal holds', () => {
  it('refuses bad selectors, unknown ids and a second release, changing nothing', async () => {
    const size = ledgerSize();
    const cases: Array<[string[], number, RegExp]> = [
      [['--reason', 'x'], 2, /selector: give exactly one of trace, session, agent/],
      [['--agent', 'a', '--session', 's', '--reason', 'x'], 2, /selector:/],
      [['--since', '2025-01-01', '--reason', 'x'], 2, /needs both since and until/],
      [
        ['--since', '2025-02-01', '--until', '2025-01-01', '--reason', 'x'],
        2,
        /until: must be after/,
      ],
      [['--agent', 'a'], 2, /reason: must be 1 to 1000/],
      [['--trace', 'tr_nope', '--reason', 'x'], 3, /trace: no trace tr_nope/],
    ];
    for (const [args, code, message] of cases) {
      const r = await evid(['retention', 'hold', 'add', ...args]);
      expect(r.exitCode, args.join(' ')).toBe(code);
      expect(String(r.stderr)).toMatch(message);
    }
    const unknown = await evid(['retention', 'hold', 'release', 'hold_nope', '--reason', 'x']);
    expect(unknown.exitCode).toBe(3);
    expect(String(unknown.stderr)).toContain('hold: no legal hold hold_nope');
    expect(ledgerSize()).toBe(size);
  });

  it('places, lists and releases holds; a released hold cannot be released again', async () => {
    const added = await evidJson<{ hold_id: string; case_ref: string; created_by: string }>([
      'retention',
      'hold',
      'add',
      '--agent',
      'held-bot',
      '--reason',
      'litigation',
      '--case',
      'CASE-7',
    ]);
    expect(added.code, added.stderr).toBe(0);
    expect(added.data).toMatchObject({ case_ref: 'CASE-7' });
    holdId = added.data.hold_id;
    const temp = await evidJson<{ hold_id: string }>([
      'retention',
      'hold',
      'add',
      '--session',
      'old_free',
      '--reason',
      'review',
    ]);
    const released = await evidJson<{ released_at: string; release_reason: string }>([
      'retention',
      'hold',
      'release',
      temp.data.hold_id,
      '--reason',
      'review done',
    ]);
    expect(released.data.release_reason).toBe('review done');
    const again = await evid(['retention', 'hold', 'release', temp.data.hold_id, '--reason', 'x']);
    expect(again.exitCode).toBe(4);
    expect(String(again.stderr)).toContain(`hold: ${temp.data.hold_id} was already released`);
    const active = await evidJson<Array<{ hold_id: string }>>(['retention', 'hold', 'list']);
    expect(active.data.map((h) => h.hold_id)).toEqual([holdId]);
    const all = await evidJson<unknown[]>(['retention', 'hold', 'list', '--all']);
    expect(all.data).toHaveLength(2);
  });
});

describe('retention enforce', () => {
  it('a dry run says what would go and changes nothing', async () => {
    const before = content();
    const size = ledgerSize();
    const dry = await evidJson<Record<string, unknown>>(['retention', 'enforce', '--dry-run']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.data).toMatchObject({
      dry_run: true,
      days: 30,
      events_purged: 2,
      events_held: 2,
      traces: 1,
      oldest: '2025-01-01T10:00:00.000Z',
    });
    expect(dry.data.findings_purged).toBeGreaterThan(0);
    expect(content()).toEqual(before);
    expect(ledgerSize()).toBe(size);
  });

  it('purges old content in ledgered batches, keeps held and fresh records, and verify passes counting them', async () => {
    const run = await evidJson<Record<string, number>>(['retention', 'enforce']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.data).toMatchObject({
      dry_run: false,
      events_purged: 2,
      events_held: 2,
      batches: 1,
    });
    const rows = content();
    for (const row of rows.filter((r) => r.session_id === 'old_free'))
      expect(row).toMatchObject({ prompt: null, completion: null, attributes: '{}' });
    for (const row of rows.filter((r) => r.session_id !== 'old_free'))
      expect(row.prompt).toContain('dana.kowalski');
    const excerpts = withDb(dir, (db) =>
      db
        .prepare(
          `SELECT f.excerpt, f.match_masked FROM findings f JOIN traces t ON t.id = f.trace_ref
           WHERE t.session_id = 'old_free'`,
        )
        .all(),
    );
    expect(excerpts.length).toBe(run.data.findings_purged);
    for (const f of excerpts) expect(f).toEqual({ excerpt: '', match_masked: '' });
    const entries = withDb(dir, (db) =>
      db.prepare("SELECT actor FROM ledger WHERE kind = 'purge.batch'").all(),
    );
    expect(entries).toHaveLength(1);

    const v = await verify();
    expect(v.code, v.data.message).toBe(0);
    expect(v.data).toMatchObject({ ok: true, purged: 2 + run.data.findings_purged });
    const status = await evidJson<Record<string, unknown>>(['retention', 'status']);
    expect(status.data).toMatchObject({
      legal_holds: 1,
      records_purged: 2 + run.data.findings_purged,
      oldest_record_at: '2025-01-02T10:00:00.000Z',
    });
    expect(status.data.last_run_at).not.toBeNull();
    // A second run finds nothing more to purge.
    const again = await evidJson<Record<string, number>>(['retention', 'enforce']);
    expect(again.data).toMatchObject({ events_purged: 0, batches: 0 });
  });

  it('a pack built before the purge still verifies, offline too; one built after lists purged records', async () => {
    const before = await runBin('audit', ['evidence', 'verify', packBefore], { dataDir: dir });
    expect(before.exitCode, String(before.stdout) + String(before.stderr)).toBe(0);
    expect(String(before.stdout)).toMatch(/purged by retention since/);
    const unzipped = join(dir, 'before');
    spawnSync('unzip', ['-q', packBefore, '-d', unzipped]);
    const offline = spawnSync(
      process.execPath,
      [join(unzipped, 'verify.mjs'), '--fingerprint', fingerprint],
      {
        encoding: 'utf8',
      },
    );
    expect(offline.status, offline.stdout + offline.stderr).toBe(0);

    const after = await evidJson<{ path: string; counts: { purged_events: number } }>([
      'pack',
      '--since',
      '2000-01-01',
    ]);
    expect(after.code, after.stderr).toBe(0);
    expect(after.data.counts.purged_events).toBe(2);
    const verified = await runJson<{ counts: { purged: number } }>(
      'audit',
      ['evidence', 'verify', after.data.path],
      { dataDir: dir },
    );
    expect(verified.code).toBe(0);
    expect(verified.data.counts.purged).toBeGreaterThanOrEqual(3);
    const dirAfter = join(dir, 'after');
    spawnSync('unzip', ['-q', after.data.path, '-d', dirAfter]);
    const offlineAfter = spawnSync(
      process.execPath,
      [join(dirAfter, 'verify.mjs'), '--fingerprint', fingerprint],
      {
        encoding: 'utf8',
      },
    );
    expect(offlineAfter.status, offlineAfter.stdout + offlineAfter.stderr).toBe(0);
    expect(offlineAfter.stdout).toMatch(/purged/);
  });

  it('the hold released, its records go at the next run', async () => {
    await evid(['retention', 'hold', 'release', holdId, '--reason', 'case closed']);
    const run = await evidJson<Record<string, number>>(['retention', 'enforce']);
    expect(run.data).toMatchObject({ events_purged: 2, events_held: 0 });
    expect(content().filter((r) => r.prompt === null)).toHaveLength(4);
    expect((await verify()).data.ok).toBe(true);
  });
});
