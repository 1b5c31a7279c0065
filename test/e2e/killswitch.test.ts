import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runBin, runJson, tempDataDir } from '../support/cli.js';
import { api, startServer, trace } from '../support/server.js';
import { withDb } from '../support/tamper.js';

const dirs: Array<{ cleanup(): void }> = [];
afterAll(() => dirs.forEach((d) => d.cleanup()));

describe('kill switch', () => {
  it('refuses every intake (REST 503 + Retry-After, CLI exit 5) while reads and verify go on, survives a restart, and is released', async () => {
    const store = tempDataDir('evid-ks-');
    dirs.push(store);
    const dir = store.dir;
    const file = join(dir, 'one.json');
    writeFileSync(file, JSON.stringify(trace('sess_ks_cli')));
    let server = await startServer({ dataDir: dir });
    expect(
      (await api(server.url, '/api/v1/traces', { method: 'POST', body: trace('sess_ks_0') }))
        .status,
    ).toBe(201);

    const noReason = await runBin('audit', ['kill-switch', 'activate'], { dataDir: dir });
    expect(noReason.exitCode).toBe(2);
    expect(String(noReason.stderr)).toContain('--reason: is required');
    const on = await runJson<{ changed: boolean }>(
      'audit',
      ['kill-switch', 'activate', '--reason', 'incident 42'],
      { dataDir: dir },
    );
    expect(on.code).toBe(0);
    expect(on.data.changed).toBe(true);

    const refused = await api(server.url, '/api/v1/traces', {
      method: 'POST',
      body: trace('sess_ks_1'),
    });
    expect(refused.status).toBe(503);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.body.error).toMatchObject({
      code: 503,
      type: 'kill_switch_active',
      kill_switch: { scope: 'global', reason: 'incident 42' },
    });
    expect(refused.body.error.details).toContain('kill switch is active');
    const events = await api(server.url, '/api/v1/events', {
      method: 'POST',
      body: { agent: 'a', type: 'message' },
    });
    expect(events.status).toBe(503);
    const cli = await runBin('evid', ['traces', 'ingest', file], { dataDir: dir });
    expect(cli.exitCode).toBe(5);
    expect(String(cli.stderr)).toContain('kill switch is active');

    // Reads, verify and the health check keep working.
    expect((await api(server.url, '/api/v1/traces')).body.total).toBe(1);
    expect((await api(server.url, '/api/v1/health', { key: null })).body.intake).toBe('stopped');
    expect((await runJson<{ ok: boolean }>('audit', ['verify'], { dataDir: dir })).data.ok).toBe(
      true,
    );

    // State survives a restart of the server.
    await server.stop();
    server = await startServer({ dataDir: dir, bin: 'audit' });
    expect(
      (await api(server.url, '/api/v1/traces', { method: 'POST', body: trace('sess_ks_2') }))
        .status,
    ).toBe(503);
    const status = await runJson<{ active: boolean; global: { refused: number; actor: string } }>(
      'audit',
      ['kill-switch', 'status'],
      { dataDir: dir },
    );
    expect(status.data.active).toBe(true);
    expect(status.data.global.refused).toBeGreaterThanOrEqual(3);

    // Released over REST (admin only), intake works again.
    const created = await runJson<{ key: string }>(
      'evid',
      ['admin', 'keys', 'create', '--name', 'an', '--role', 'analyst'],
      { dataDir: dir },
    );
    const forbidden = await api(server.url, '/api/v1/kill-switch/deactivate', {
      method: 'POST',
      key: created.data.key,
      body: { reason: 'x' },
    });
    expect(forbidden.status).toBe(403);
    const off = await api(server.url, '/api/v1/kill-switch/deactivate', {
      method: 'POST',
      body: { reason: 'incident 42 closed' },
    });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({
      changed: true,
      state: { active: false },
      status: { active: false },
    });
    expect(
      (await api(server.url, '/api/v1/traces', { method: 'POST', body: trace('sess_ks_3') }))
        .status,
    ).toBe(201);
    expect((await runBin('evid', ['traces', 'ingest', file], { dataDir: dir })).exitCode).toBe(0);
    const again = await api(server.url, '/api/v1/kill-switch/deactivate', {
      method: 'POST',
      body: { reason: 'twice' },
    });
    expect(again.body.changed).toBe(false);
    await server.stop();

    // Every toggle is ledgered with its actor and reason; nothing refused was stored.
    const toggles = withDb(dir, (db) =>
      db
        .prepare(
          `SELECT l.kind, l.actor, h.reason FROM ledger l JOIN kill_switch_history h ON h.id = l.subject_ref
           WHERE l.kind LIKE 'killswitch.%' ORDER BY l.seq`,
        )
        .all(),
    );
    expect(toggles).toEqual([
      {
        kind: 'killswitch.activated',
        actor: expect.stringMatching(/^cli:/),
        reason: 'incident 42',
      },
      {
        kind: 'killswitch.deactivated',
        actor: 'api:env:EVID_API_KEY',
        reason: 'incident 42 closed',
      },
    ]);
    const sessions = withDb(dir, (db) =>
      db.prepare('SELECT session_id FROM traces ORDER BY id').all(),
    );
    expect(sessions).toEqual([
      { session_id: 'sess_ks_0' },
      { session_id: 'sess_ks_3' },
      { session_id: 'sess_ks_cli' },
    ]);
    expect((await runJson<{ ok: boolean }>('audit', ['verify'], { dataDir: dir })).data.ok).toBe(
      true,
    );
  });

  it('for one agent: only that agent is refused, and an agent switch is separate from the global one', async () => {
    const store = tempDataDir('evid-ks-agent-');
    dirs.push(store);
    const dir = store.dir;
    const server = await startServer({ dataDir: dir });
    try {
      const on = await api(server.url, '/api/v1/kill-switch/activate', {
        method: 'POST',
        body: { agent: 'rogue-bot', reason: 'prompt injection under investigation' },
      });
      expect(on.status).toBe(200);
      expect(on.body.state).toMatchObject({ scope: 'agent', agent: 'rogue-bot', active: true });
      const rogue = await api(server.url, '/api/v1/traces', {
        method: 'POST',
        body: trace('sess_rogue', 'rogue-bot'),
      });
      expect(rogue.status).toBe(503);
      expect(rogue.body.error.kill_switch).toMatchObject({ scope: 'agent', agent: 'rogue-bot' });
      expect(
        (
          await api(server.url, '/api/v1/traces', {
            method: 'POST',
            body: trace('sess_good', 'good-bot'),
          })
        ).status,
      ).toBe(201);
      const mixed = await api(server.url, '/api/v1/events', {
        method: 'POST',
        body: [
          { agent: 'good-bot', type: 'message' },
          { agent: 'rogue-bot', type: 'message' },
        ],
      });
      expect(mixed.status).toBe(503);
      expect((await api(server.url, '/api/v1/events')).body.total).toBe(2);
      // A CLI batch mixing agents: the stopped agent's trace is refused (exit 5), the other
      // agent's trace goes in, and the refusal is counted (after the REST trace and the
      // REST events batch refused above: three).
      const cli = await runBin('evid', ['traces', 'ingest', '-', '--json'], {
        dataDir: dir,
        input: [trace('sess_rogue_cli', 'rogue-bot'), trace('sess_good_cli', 'good-bot')]
          .map((t) => JSON.stringify(t))
          .join('\n'),
      });
      expect(cli.exitCode, String(cli.stderr)).toBe(5);
      const report = JSON.parse(String(cli.stdout)) as {
        accepted: Array<{ session_id: string }>;
        rejected: Array<{ session_id: string; error: { code: string } }>;
      };
      expect(report.accepted.map((a) => a.session_id)).toEqual(['sess_good_cli']);
      expect(report.rejected).toMatchObject([
        { session_id: 'sess_rogue_cli', error: { code: 'kill_switch_active' } },
      ]);
      const counted = await runJson<{ agents: Array<{ agent: string; refused: number }> }>(
        'audit',
        ['kill-switch', 'status'],
        { dataDir: dir },
      );
      expect(counted.data.agents.find((a) => a.agent === 'rogue-bot')?.refused).toBe(3);
      expect((await api(server.url, '/api/v1/health', { key: null })).body.intake).toBe('partial');
      // Releasing the global switch (not active) leaves the agent's switch on.
      const off = await runJson<{ changed: boolean }>(
        'audit',
        ['kill-switch', 'deactivate', '--reason', 'n/a'],
        { dataDir: dir },
      );
      expect(off.data.changed).toBe(false);
      expect(
        (
          await api(server.url, '/api/v1/traces', {
            method: 'POST',
            body: trace('sess_rogue', 'rogue-bot'),
          })
        ).status,
      ).toBe(503);
      const release = await runBin(
        'audit',
        ['kill-switch', 'deactivate', '--agent', 'rogue-bot', '--reason', 'fixed'],
        { dataDir: dir },
      );
      expect(release.exitCode).toBe(0);
      expect(
        (
          await api(server.url, '/api/v1/traces', {
            method: 'POST',
            body: trace('sess_rogue', 'rogue-bot'),
          })
        ).status,
      ).toBe(201);
    } finally {
      await server.stop();
    }
  });
});
