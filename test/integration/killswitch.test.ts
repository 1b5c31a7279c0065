import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppContext } from '../../src/context.js';
import { KillSwitchActiveError, ValidationError } from '../../src/errors.js';
import { ingestAuditEvents } from '../../src/ingest/audit-events.js';
import { ingestTraces } from '../../src/ingest/pipeline.js';
import {
  activateKillSwitch,
  deactivateKillSwitch,
  killSwitchStatus,
  recordRefusal,
} from '../../src/killswitch/killswitch.js';
import { verifyLedger } from '../../src/store/verify-ledger.js';
import { tempDataDir } from '../support/cli.js';
import { runCli } from '../support/io.js';

let store: { dir: string; cleanup(): void };
let app: AppContext;
beforeEach(() => {
  store = tempDataDir('evid-ks-int-');
  app = AppContext.fromEnv({ dataDir: store.dir, env: { EVID_ACTOR: 'cli:test' } });
});
afterEach(() => {
  app.close();
  store.cleanup();
});

const trace = (session: string, agent: string) => ({
  session_id: session,
  agent,
  events: [{ type: 'llm_call', timestamp: '2026-01-01T00:00:00Z', prompt: 'hello' }],
});

describe('kill switch inside the ingest transaction', () => {
  it('refuses traces and audit events of a stopped agent and writes nothing; others go on', () => {
    app.store.transact((tx) => activateKillSwitch(tx, { agent: 'rogue', reason: 'investigating' }));
    // In one batch: the stopped agent's trace is refused, the other agent's goes in.
    const batch = ingestTraces(
      app.store,
      [
        { index: 0, value: trace('s1', 'rogue') },
        { index: 1, value: trace('s2', 'fine') },
      ],
      { source: 'test' },
    );
    expect(batch.accepted.map((a) => a.index)).toEqual([1]);
    expect(batch.rejected).toHaveLength(1);
    expect(batch.rejected[0]).toMatchObject({
      index: 0,
      session_id: 's1',
      error: {
        code: 'kill_switch_active',
        exit_code: 5,
        http_status: 503,
        details: { scope: 'agent', agent: 'rogue', reason: 'investigating' },
      },
    });
    expect(() =>
      ingestAuditEvents(app.store, [
        { agent: 'fine', type: 'm' },
        { agent: 'rogue', type: 'm' },
      ]),
    ).toThrow(/kill switch is active for agent rogue/);
    const ok = ingestTraces(app.store, [{ index: 0, value: trace('s3', 'fine') }], {
      source: 'test',
    });
    expect(ok.accepted).toHaveLength(1);
    const counts = app.store.read((r) =>
      r
        .prepare('SELECT (SELECT COUNT(*) FROM traces) AS t, (SELECT COUNT(*) FROM events) AS e')
        .get(),
    );
    expect(counts).toEqual({ t: 2, e: 2 });
  });

  it('global switch: toggles are ledgered, no-ops are not, a reason is required, refusals are counted', () => {
    expect(() => app.store.transact((tx) => activateKillSwitch(tx, { reason: '  ' }))).toThrow(
      ValidationError,
    );
    const on = app.store.transact((tx) => activateKillSwitch(tx, { reason: 'incident' }));
    expect(on).toMatchObject({
      changed: true,
      state: { scope: 'global', agent: null, active: true, actor: 'cli:test' },
    });
    expect(app.store.transact((tx) => activateKillSwitch(tx, { reason: 'again' })).changed).toBe(
      false,
    );
    let refused: unknown;
    try {
      ingestAuditEvents(app.store, { agent: 'any', type: 'm' });
    } catch (err) {
      refused = err;
    }
    expect(refused).toBeInstanceOf(KillSwitchActiveError);
    expect((refused as KillSwitchActiveError).details).toMatchObject({
      scope: 'global',
      reason: 'incident',
      retry_after: 60,
    });
    recordRefusal(app.store, refused as KillSwitchActiveError);
    const off = app.store.transact((tx) => deactivateKillSwitch(tx, { reason: 'resolved' }));
    expect(off.state).toMatchObject({ active: false, refused: 1 });
    const status = app.store.read((r) => killSwitchStatus(r));
    expect(status.history.map((h) => h.action)).toEqual(['deactivated', 'activated']);
    const kinds = app.store.read((r) => r.prepare('SELECT kind FROM ledger ORDER BY seq').all());
    expect(kinds).toEqual([
      { kind: 'ledger.key' }, // the store's first entry: its signing key
      { kind: 'killswitch.activated' },
      { kind: 'killswitch.deactivated' },
    ]);
    expect(app.store.read((r) => verifyLedger(r, app.store.origin)).ok).toBe(true);
  });

  it('audit kill-switch commands (in-process): usage errors, status views', async () => {
    const dataDir = store.dir;
    app.close();
    const missing = await runCli('audit', ['kill-switch', 'activate', '--agent', 'a'], { dataDir });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--reason: is required');
    expect(
      (
        await runCli('audit', ['kill-switch', 'activate', '--agent', 'a', '--reason', 'r'], {
          dataDir,
        })
      ).code,
    ).toBe(0);
    const human = await runCli('audit', ['kill-switch', 'status'], { dataDir });
    expect(human.stdout).toContain('intake STOPPED for 1 agent(s)');
    expect(human.stdout).toContain('a');
    const json = await runCli('audit', ['kill-switch', 'status', '--json'], { dataDir });
    expect(JSON.parse(json.stdout)).toMatchObject({
      active: true,
      global: null,
      agents: [{ agent: 'a', reason: 'r' }],
    });
    const ingest = await runCli('evid', ['traces', 'ingest', '-'], {
      dataDir,
      stdin: JSON.stringify(trace('s', 'a')),
    });
    expect(ingest.code).toBe(5);
  });
});
