// Issue 14: the one purge path. Legal holds protect records from every caller (retention and
// `sources remove --purge`); purge batches are verified the same by the fast path and the
// sequential pass, over several chunks; a batch's commitment catches a record re-pointed.
import { afterEach, describe, expect, it } from 'vitest';
import { AppContext } from '../../src/context.js';
import { appendSessions } from '../../src/ingest/append.js';
import { enforceRetention } from '../../src/retention/enforce.js';
import { addHold, releaseHold } from '../../src/retention/holds.js';
import { setRetentionPolicy } from '../../src/retention/policy.js';
import { addSource, removeSource } from '../../src/sources/manage.js';
import { verifyLedger } from '../../src/store/verify-ledger.js';
import { verifyFast } from '../../src/store/verify-parallel.js';
import { tempDataDir } from '../support/cli.js';

const dirs: Array<{ cleanup(): void }> = [];
const apps: AppContext[] = [];
afterEach(() => {
  apps.splice(0).forEach((a) => a.close());
  dirs.splice(0).forEach((d) => d.cleanup());
});

function open(): AppContext {
  const dir = tempDataDir('evid-retention-');
  dirs.push(dir);
  const app = AppContext.fromEnv({ dataDir: dir.dir, env: { EVID_ACTOR: 'tester' } });
  apps.push(app);
  return app;
}

const NOW = new Date('2026-11-25T00:00:00Z');

function session(id: string, agent: string, at: string, n = 2) {
  return {
    session_id: id,
    agent,
    events: Array.from({ length: n }, (_, i) => ({
      type: 'llm_call',
      prompt: `mail dana.kowalski@mailbox.org, ${id} ${i}`,
      completion: 'ok',
      timestamp: new Date(Date.parse(at) + i * 1000).toISOString(),
    })),
  };
}

function prompts(app: AppContext, sessionId: string): Array<string | null> {
  return app.store.read(
    (r) =>
      r
        .prepare(
          'SELECT e.prompt FROM events e JOIN traces t ON t.id = e.trace_ref WHERE t.session_id = ? ORDER BY e.position',
        )
        .pluck()
        .all(sessionId) as Array<string | null>,
  );
}

function bothVerdicts(app: AppContext, chunk: number) {
  const origin = app.store.origin;
  const slow = app.store.read((r) => verifyLedger(r, origin));
  const fast = app.store.read((r) => verifyFast(r, origin, chunk));
  return { slow, fast };
}

describe('legal holds in the one purge path', () => {
  it('sources remove --purge skips held events and purges the rest; verify passes', () => {
    const app = open();
    const { source } = app.store.transact((tx) =>
      addSource(tx, app.config.dataDir, { type: 'webhook', name: 'hook' }),
    );
    appendSessions(
      app.store,
      [
        session('s_held', 'bot', '2026-11-01T00:00:00Z'),
        session('s_free', 'bot', '2026-11-01T00:00:00Z'),
      ],
      { source: 'webhook', sourceId: source.source_id },
    );
    const hold = app.store.transact((tx) =>
      addHold(tx, { session: 's_held', reason: 'litigation', case: 'C-1' }),
    );
    const removed = app.store.transact((tx) => removeSource(tx, source.source_id, { purge: true }));
    expect(removed.purged_events).toBe(2);
    expect(prompts(app, 's_held').every((p) => p !== null)).toBe(true);
    expect(prompts(app, 's_free')).toEqual([null, null]);
    const { slow, fast } = bothVerdicts(app, 8);
    expect(slow).toMatchObject({ ok: true, purged: 2 });
    expect(fast).toMatchObject({ ok: true, purged: 2 });
    // Released, the hold no longer protects: retention may now purge what it kept.
    app.store.transact((tx) => releaseHold(tx, hold.hold_id, 'case closed'));
    app.store.transact((tx) => setRetentionPolicy(tx, { days: 7 }));
    return enforceRetention(app.store, { now: NOW }).then((run) => {
      expect(run.events_purged).toBe(2);
      expect(prompts(app, 's_held')).toEqual([null, null]);
    });
  });

  it('retention keeps every record a hold covers: by trace, agent and time range', async () => {
    const app = open();
    appendSessions(
      app.store,
      [
        session('s_trace', 'a', '2025-01-01T00:00:00Z'),
        session('s_agent', 'keeper', '2025-01-01T00:00:00Z'),
        session('s_range', 'a', '2025-03-01T00:00:00Z'),
        session('s_old', 'a', '2025-01-01T00:00:00Z'),
        session('s_new', 'a', '2026-11-20T00:00:00Z'),
      ],
      { source: 'rest' },
    );
    const traceId = app.store.read(
      (r) =>
        r
          .prepare("SELECT trace_id FROM traces WHERE session_id = 's_trace'")
          .pluck()
          .get() as string,
    );
    app.store.transact((tx) => {
      addHold(tx, { trace: traceId, reason: 'r' });
      addHold(tx, { agent: 'keeper', reason: 'r' });
      addHold(tx, {
        since: '2025-02-28T00:00:00.000Z',
        until: '2025-03-02T00:00:00.000Z',
        reason: 'r',
      });
      setRetentionPolicy(tx, { days: 30 });
    });
    const dry = await enforceRetention(app.store, { now: NOW, dryRun: true });
    expect(dry).toMatchObject({ dry_run: true, events_purged: 2, events_held: 6, traces: 1 });
    expect(prompts(app, 's_old').every((p) => p !== null)).toBe(true);
    const run = await enforceRetention(app.store, { now: NOW, batchSize: 3 });
    expect(dry.findings_purged).toBeGreaterThan(0);
    expect(run).toMatchObject({
      events_purged: 2,
      events_held: 6,
      findings_purged: dry.findings_purged,
    });
    const excerpts = app.store.read(
      (r) =>
        r
          .prepare(
            "SELECT f.excerpt FROM findings f JOIN traces t ON t.id = f.trace_ref WHERE t.session_id = 's_old'",
          )
          .pluck()
          .all() as string[],
    );
    expect(excerpts).toEqual(Array(dry.findings_purged).fill(''));
    for (const kept of ['s_trace', 's_agent', 's_range', 's_new'])
      expect(
        prompts(app, kept).every((p) => p !== null),
        kept,
      ).toBe(true);
    expect(prompts(app, 's_old')).toEqual([null, null]);
  });
});

describe('purge batches under verify', () => {
  it('fast path and sequential pass agree over many batches and chunks, and both catch a re-pointed record', async () => {
    const app = open();
    const sessions = Array.from({ length: 40 }, (_, i) =>
      session(`s${i}`, 'a', i < 30 ? '2025-01-01T00:00:00Z' : '2026-11-24T00:00:00Z', 3),
    );
    appendSessions(app.store, sessions, { source: 'rest' });
    app.store.transact((tx) => setRetentionPolicy(tx, { days: 7 }));
    const run = await enforceRetention(app.store, { now: NOW, batchSize: 7 });
    expect(run.events_purged).toBe(90);
    expect(run.batches).toBe(13);
    const good = bothVerdicts(app, 16);
    expect(good.slow).toMatchObject({ ok: true, purged: 90 + run.findings_purged });
    expect(good.fast).toMatchObject({ ok: true, purged: good.slow.purged });
    expect(good.fast?.root_hash).toBe(good.slow.root_hash);

    // Two purged events swap batches: each batch still has its count, but not its seqs.
    app.store.db
      .prepare(
        `UPDATE events SET purge_ref = CASE WHEN id = (SELECT MIN(id) FROM events) THEN
           (SELECT MAX(purge_ref) FROM events) ELSE (SELECT MIN(purge_ref) FROM events) END
         WHERE id IN ((SELECT MIN(id) FROM events),
                      (SELECT MAX(id) FROM events WHERE purge_ref IS NOT NULL))`,
      )
      .run();
    const bad = bothVerdicts(app, 16);
    expect(bad.fast).toBeNull();
    expect(bad.slow).toMatchObject({ ok: false, reason: 'tampered' });
    expect(bad.slow.message).toContain('purge batch');
  });
});
