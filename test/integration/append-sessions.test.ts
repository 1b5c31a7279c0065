import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppContext } from '../../src/context.js';
import { appendSessions } from '../../src/ingest/append.js';
import { ingestTraces } from '../../src/ingest/pipeline.js';
import { activateKillSwitch } from '../../src/killswitch/killswitch.js';
import { addSource } from '../../src/sources/manage.js';
import { getTrace } from '../../src/store/traces.js';
import { verifyLedger } from '../../src/store/verify-ledger.js';
import { runJson, tempDataDir } from '../support/cli.js';
import { withDb } from '../support/tamper.js';

let data: { dir: string; cleanup(): void };
let app: AppContext;
beforeEach(() => {
  data = tempDataDir();
  app = AppContext.fromEnv({ dataDir: data.dir, env: { EVID_ACTOR: 'cli:test' } });
});
afterEach(() => {
  app.close();
  data.cleanup();
});

const event = (id: string, at: string, prompt = 'hello') => ({
  event_id: id,
  type: 'llm_call',
  timestamp: at,
  prompt,
});

function newSource(): string {
  return app.store.transact((tx) => addSource(tx, data.dir, { type: 'otel', name: 'test' })).source
    .source_id;
}

describe('appendSessions: traces that grow', () => {
  it('creates a session with its first events, appends later ones, and verify passes', async () => {
    const src = newSource();
    const first = appendSessions(
      app.store,
      [
        {
          session_id: 's1',
          agent: 'bot',
          events: [event('e1', '2026-11-25T10:00:02Z'), event('e2', '2026-11-25T10:00:03Z')],
        },
      ],
      { source: 'otel', sourceId: src },
    );
    expect(first.appended[0]).toMatchObject({ created: true, events_ingested: 2, duplicates: 0 });
    const second = appendSessions(
      app.store,
      [{ session_id: 's1', agent: 'bot', events: [event('e3', '2026-11-25T10:00:01Z')] }],
      { source: 'otel', sourceId: src },
    );
    expect(second.appended[0]).toMatchObject({
      created: false,
      trace_id: first.appended[0]!.trace_id,
      events_ingested: 1,
    });
    const trace = app.store.read((r) => getTrace(r, 's1'));
    expect(trace.event_count).toBe(3);
    expect(trace.events.map((e) => [e.event_id, e.position])).toEqual([
      ['e1', 0],
      ['e2', 1],
      ['e3', 2],
    ]);
    expect(trace.first_event_at).toBe('2026-11-25T10:00:01.000Z');
    expect(trace.last_event_at).toBe('2026-11-25T10:00:03.000Z');
    const source = app.store.read(
      (r) =>
        r.prepare('SELECT event_count FROM sources WHERE source_id = ?').get(src) as {
          event_count: number;
        },
    );
    expect(source.event_count).toBe(3);
    const verdict = app.store.read((r) => verifyLedger(r, app.store.origin));
    expect(verdict.ok).toBe(true);
    app.close();
    // The CLI's verify (the fast path, records rendered by SQLite) agrees, and catches an
    // event moved to another source.
    expect(
      (await runJson<{ ok: boolean }>('audit', ['verify'], { dataDir: data.dir })).data.ok,
    ).toBe(true);
    withDb(data.dir, (db) =>
      db.prepare("UPDATE events SET source_id = 'src_other' WHERE event_id = 'e2'").run(),
    );
    const tampered = await runJson<{ ok: boolean; reason: string }>('audit', ['verify'], {
      dataDir: data.dir,
    });
    expect(tampered.code).toBe(1);
    expect(tampered.data.ok).toBe(false);
  });

  it('skips an event already stored (a retried delivery) and counts it as a duplicate', () => {
    const batch = [
      { session_id: 's2', agent: 'bot', events: [event('d1', '2026-11-25T10:00:00Z')] },
    ];
    appendSessions(app.store, batch, { source: 'webhook' });
    const again = appendSessions(app.store, batch, { source: 'webhook' });
    expect(again.appended[0]).toMatchObject({ events_ingested: 0, duplicates: 1 });
    expect(app.store.read((r) => getTrace(r, 's2')).event_count).toBe(1);
  });

  it('appends to a trace first ingested whole, and POST-style ingest of it stays a conflict', () => {
    ingestTraces(
      app.store,
      [
        {
          index: 0,
          value: { session_id: 's3', agent: 'bot', events: [event('w1', '2026-11-25T09:00:00Z')] },
        },
      ],
      { source: 'rest' },
    );
    appendSessions(
      app.store,
      [{ session_id: 's3', agent: 'bot', events: [event('w2', '2026-11-25T09:00:01Z')] }],
      {
        source: 'gateway',
      },
    );
    expect(app.store.read((r) => getTrace(r, 's3')).events.map((e) => e.position)).toEqual([0, 1]);
    const dup = ingestTraces(
      app.store,
      [
        {
          index: 0,
          value: { session_id: 's3', agent: 'bot', events: [event('w3', '2026-11-25T09:00:02Z')] },
        },
      ],
      { source: 'rest' },
    );
    expect(dup.rejected[0]!.error.http_status).toBe(409);
  });

  it('rejects an invalid session and a stopped agent, writes the others, and runs `within` once', () => {
    app.store.transact((tx) => activateKillSwitch(tx, { agent: 'stopped', reason: 'test' }));
    let ran = 0;
    const report = appendSessions(
      app.store,
      [
        { session_id: 'ok', agent: 'bot', events: [event('k1', '2026-11-25T10:00:00Z')] },
        { session_id: 'bad', agent: 'bot', events: [{ type: 'llm_call', timestamp: 'yesterday' }] },
        { session_id: 'held', agent: 'stopped', events: [event('k2', '2026-11-25T10:00:00Z')] },
      ],
      { source: 'logfile', within: () => void ran++ },
    );
    expect(report.appended.map((a) => a.session_id)).toEqual(['ok']);
    expect(report.rejected.map((r) => [r.session_id, r.error.http_status])).toEqual([
      ['bad', 400],
      ['held', 503],
    ]);
    expect(ran).toBe(1);
  });

  it('writes nothing when `within` throws', () => {
    expect(() =>
      appendSessions(
        app.store,
        [{ session_id: 'gone', agent: 'bot', events: [event('g1', '2026-11-25T10:00:00Z')] }],
        {
          source: 'logfile',
          within: () => {
            throw new Error('disk full');
          },
        },
      ),
    ).toThrow('disk full');
    expect(() => app.store.read((r) => getTrace(r, 'gone'))).toThrow(/not found/);
  });
});
