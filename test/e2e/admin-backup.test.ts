// Backup and restore (issue 14, item 4) with the built binaries: an online backup taken while
// `evid serve` keeps ingesting holds one consistent, signed state; a restore verifies it
// before touching the target, refuses a store in place (without --force, or while it is in
// use) and a truncated or foreign file, with nothing changed.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync, truncateSync, copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EXAMPLES, runBin, runJson, tempDataDir } from '../support/cli.js';
import { api, startServer } from '../support/server.js';

const dirs: Array<{ cleanup(): void }> = [];
afterAll(() => dirs.forEach((d) => d.cleanup()));
function tmp(): string {
  const d = tempDataDir('evid-backup-e2e-');
  dirs.push(d);
  return d.dir;
}

const sha = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

interface Restored {
  restored_files: string[];
  notes: string[];
  manifest: { tree_head: { tree_size: number; root_hash: string } };
  verify: {
    ok: boolean;
    tree_size: number;
    root_hash: string;
    message: string;
    key_fingerprint: string;
  };
}

const trace = (i: number) => ({
  session_id: `sess-backup-${i}`,
  agent: 'backup-bot',
  events: [
    {
      type: 'llm_call',
      prompt: `question ${i}`,
      completion: 'answer',
      timestamp: '2026-11-20T09:00:00Z',
    },
    { type: 'tool_call', prompt: 'lookup', completion: 'done', timestamp: '2026-11-20T09:00:01Z' },
  ],
});

describe('evid admin backup / restore', () => {
  it('backs up while the server ingests; each backup restores onto an empty directory and verifies', async () => {
    const live = tmp();
    const out = tmp();
    const server = await startServer({ dataDir: live });
    let stop = false;
    let sent = 0;
    const writer = (async () => {
      while (!stop) {
        const r = await api(server.url, '/api/v1/traces', { method: 'POST', body: trace(sent) });
        expect(r.status).toBe(201);
        sent++;
      }
    })();
    try {
      while (sent < 5) await new Promise((r) => setTimeout(r, 50));
      for (const name of ['a.zip', 'b.zip']) {
        const b = await runJson<{ files: Array<{ name: string }> }>(
          'evid',
          ['admin', 'backup', '--output', join(out, name), ...(name === 'b.zip' ? ['--full'] : [])],
          { dataDir: live },
        );
        expect(b.code, b.stderr).toBe(0);
        expect(statSync(join(out, name)).mode & 0o777).toBe(0o600);
      }
      const sentAtEnd = sent;
      expect(sentAtEnd).toBeGreaterThan(5);

      // The live store is in use: refused even with --force, and left as it was.
      const busy = await runBin(
        'evid',
        ['admin', 'restore', join(out, 'a.zip'), '--data-dir', live, '--force'],
        {
          dataDir: live,
        },
      );
      expect(busy.exitCode).toBe(4);
      expect(String(busy.stderr)).toMatch(/is in use/);
    } finally {
      stop = true;
      await writer;
      await server.stop();
    }

    for (const [name, full] of [
      ['a.zip', false],
      ['b.zip', true],
    ] as const) {
      const target = join(tmp(), 'restored');
      const r = await runJson<Restored>(
        'evid',
        ['admin', 'restore', join(out, name), '--data-dir', target],
        {
          dataDir: target,
        },
      );
      expect(r.code, r.stderr).toBe(0);
      expect(r.data.verify.ok, r.data.verify.message).toBe(true);
      // One consistent state: the ledger ends exactly at the signed tree head of the manifest.
      expect(r.data.verify.tree_size).toBe(r.data.manifest.tree_head.tree_size);
      expect(r.data.verify.root_hash).toBe(r.data.manifest.tree_head.root_hash);
      expect(statSync(join(target, 'evid.db')).mode & 0o777).toBe(0o600);
      // Without its key file (a backup made without --full), verify needs the pinned trust root.
      const pin = full ? [] : ['--fingerprint', r.data.verify.key_fingerprint];
      const v = await runBin('audit', ['verify', ...pin], { dataDir: target });
      expect(v.exitCode, String(v.stdout)).toBe(0);
      if (full) {
        expect(r.data.restored_files).toEqual(
          expect.arrayContaining(['ledger-key.pem', 'config.json']),
        );
        expect(readFileSync(join(target, 'backup-config.json'), 'utf8')).not.toContain(
          'test-admin-key',
        );
        // The restored store can be written (its key came back) and still verifies.
        const more = await runBin(
          'evid',
          ['traces', 'ingest', join(EXAMPLES, 'support-bot.json')],
          {
            dataDir: target,
          },
        );
        expect(more.exitCode, String(more.stderr)).toBe(0);
        expect((await runBin('audit', ['verify'], { dataDir: target })).exitCode).toBe(0);
      } else {
        expect(r.data.notes[0]).toMatch(/holds no ledger key/);
      }
    }
  });

  it('refuses a store in place without --force, and a truncated or foreign file, changing nothing', async () => {
    const live = tmp();
    expect(
      (
        await runBin('evid', ['traces', 'ingest', join(EXAMPLES, 'support-bot.json')], {
          dataDir: live,
        })
      ).exitCode,
    ).toBe(0);
    const backup = join(tmp(), 'b.zip');
    expect(
      (await runBin('evid', ['admin', 'backup', '--output', backup, '--full'], { dataDir: live }))
        .exitCode,
    ).toBe(0);
    const other = tmp();
    expect(
      (
        await runBin('evid', ['traces', 'ingest', join(EXAMPLES, 'coding-agent.ndjson')], {
          dataDir: other,
        })
      ).exitCode,
    ).toBe(0);
    const before = sha(join(other, 'evid.db'));

    const refused = await runBin('evid', ['admin', 'restore', backup, '--data-dir', other], {
      dataDir: other,
    });
    expect(refused.exitCode).toBe(4);
    expect(String(refused.stderr)).toMatch(/already holds a store .*--force/);
    expect(sha(join(other, 'evid.db'))).toBe(before);

    const truncated = join(tmp(), 'truncated.zip');
    copyFileSync(backup, truncated);
    truncateSync(truncated, Math.floor(statSync(backup).size / 2));
    for (const bad of [truncated, join(EXAMPLES, 'support-bot.json')]) {
      const onStore = await runBin(
        'evid',
        ['admin', 'restore', bad, '--data-dir', other, '--force'],
        {
          dataDir: other,
        },
      );
      expect(onStore.exitCode, String(onStore.stderr)).toBe(2);
      expect(String(onStore.stderr)).toMatch(/not an evid backup, or truncated/);
      expect(sha(join(other, 'evid.db'))).toBe(before);
      const fresh = join(tmp(), 'never-made');
      const onEmpty = await runBin('evid', ['admin', 'restore', bad, '--data-dir', fresh], {
        dataDir: fresh,
      });
      expect(onEmpty.exitCode).toBe(2);
      expect(existsSync(fresh)).toBe(false);
    }
    expect((await runBin('audit', ['verify'], { dataDir: other })).exitCode).toBe(0);

    // With --force, once nothing has it open: replaced, and it verifies.
    const forced = await runJson<Restored>(
      'evid',
      ['admin', 'restore', backup, '--data-dir', other, '--force'],
      {
        dataDir: other,
      },
    );
    expect(forced.code, forced.stderr).toBe(0);
    expect(forced.data.verify.ok).toBe(true);
    expect(sha(join(other, 'evid.db'))).not.toBe(before);
  });
});
