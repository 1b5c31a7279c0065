import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runBin, runJson, tempDataDir } from '../support/cli.js';
import { trace } from '../support/server.js';

// Issue 20: README and docs/server.md disagreed on what a per-agent kill switch does to a
// CLI batch. This is what it does, with the built bin: every trace of the stopped agent is
// refused, every other trace goes in wherever it stands in the file, exit 5.

const store = tempDataDir('evid-ks-batch-');
afterAll(() => store.cleanup());

interface Report {
  accepted: Array<{ session_id: string }>;
  rejected: Array<{
    index: number;
    session_id: string;
    error: { code: string; exit_code: number; details?: Record<string, unknown> };
  }>;
}

describe('a per-agent kill switch and a CLI batch of several agents', () => {
  it('refuses only the stopped agent its traces, before and after chunk boundaries; exit 5; the report names each refusal', async () => {
    const dir = store.dir;
    // The 5,000-event trace fills a commit chunk, so the batch spans two transactions and
    // the refused traces sit between accepted ones in each.
    const batch = [
      trace('sess_good_1', 'good-bot'),
      trace('sess_rogue_1', 'rogue-bot'),
      trace('sess_big', 'good-bot', 5_000),
      trace('sess_rogue_2', 'rogue-bot'),
      trace('sess_other', 'other-bot'),
    ];
    const file = join(dir, 'batch.ndjson');
    writeFileSync(file, batch.map((t) => JSON.stringify(t)).join('\n') + '\n');
    const on = await runBin(
      'audit',
      ['kill-switch', 'activate', '--agent', 'rogue-bot', '--reason', 'drill 20'],
      { dataDir: dir },
    );
    expect(on.exitCode, String(on.stderr)).toBe(0);

    const r = await runBin('evid', ['traces', 'ingest', file], { dataDir: dir });
    expect(r.exitCode).toBe(5);
    const stdout = String(r.stdout);
    for (const s of ['sess_good_1', 'sess_big', 'sess_other'])
      expect(stdout).toMatch(new RegExp(`│ ${s} +│ accepted`));
    expect(stdout).toMatch(
      /^rejected #1 \(line 2\) sess_rogue_1: intake refused: the kill switch is active for agent rogue-bot .*drill 20/m,
    );
    expect(stdout).toMatch(/^rejected #3 \(line 4\) sess_rogue_2: intake refused/m);
    const stderr = String(r.stderr).trim().split('\n');
    expect(stderr).toContain('3 accepted, 2 rejected');
    expect(stderr.at(-1)).toMatch(
      /^evid: 2 of 5 traces rejected; first \(line 2\): intake refused: the kill switch is active for agent rogue-bot/,
    );

    const stored = await runJson<{ traces: Array<{ session_id: string; event_count: number }> }>(
      'audit',
      ['traces', 'list', '--limit', '100'],
      { dataDir: dir },
    );
    expect(stored.data.traces.map((t) => t.session_id).sort()).toEqual([
      'sess_big',
      'sess_good_1',
      'sess_other',
    ]);
    expect(stored.data.traces.find((t) => t.session_id === 'sess_big')?.event_count).toBe(5_000);

    // The refusals are counted in the switch's status, as REST refusals are.
    const status = await runJson<{ agents: Array<{ agent: string; refused: number }> }>(
      'audit',
      ['kill-switch', 'status'],
      { dataDir: dir },
    );
    expect(status.data.agents).toEqual([
      expect.objectContaining({ agent: 'rogue-bot', refused: 2 }),
    ]);
    expect((await runJson<{ ok: boolean }>('audit', ['verify'], { dataDir: dir })).data.ok).toBe(
      true,
    );

    // --json: the same report as one document; the refusal carries the switch's details.
    const more = join(dir, 'more.ndjson');
    writeFileSync(
      more,
      [trace('sess_rogue_3', 'rogue-bot'), trace('sess_good_3', 'good-bot')]
        .map((t) => JSON.stringify(t))
        .join('\n'),
    );
    const json = await runJson<Report>('evid', ['traces', 'ingest', more], { dataDir: dir });
    expect(json.code).toBe(5);
    expect(json.data.accepted.map((a) => a.session_id)).toEqual(['sess_good_3']);
    expect(json.data.rejected).toEqual([
      expect.objectContaining({
        index: 0,
        line: 1, // a refusal names its NDJSON line like any other rejection
        session_id: 'sess_rogue_3',
        error: expect.objectContaining({
          code: 'kill_switch_active',
          exit_code: 5,
          details: expect.objectContaining({
            scope: 'agent',
            agent: 'rogue-bot',
            reason: 'drill 20',
          }),
        }),
      }),
    ]);

    // Nothing of a refused trace was written: after the release, the same file puts the
    // stopped agent's traces in, and the ones already stored answer conflict (exit 4).
    const off = await runBin(
      'audit',
      ['kill-switch', 'deactivate', '--agent', 'rogue-bot', '--reason', 'drill over'],
      { dataDir: dir },
    );
    expect(off.exitCode, String(off.stderr)).toBe(0);
    const again = await runJson<Report>('evid', ['traces', 'ingest', file], { dataDir: dir });
    expect(again.code).toBe(4);
    expect(again.data.accepted.map((a) => a.session_id)).toEqual(['sess_rogue_1', 'sess_rogue_2']);
    expect(again.data.rejected.map((x) => [x.session_id, x.error.code])).toEqual([
      ['sess_good_1', 'conflict'],
      ['sess_big', 'conflict'],
      ['sess_other', 'conflict'],
    ]);
  });
});
