import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { AppContext } from '../../src/context.js';
import { purgeEventContent } from '../../src/store/purge.js';
import { EXAMPLES, tempDataDir } from '../support/cli.js';
import { runCli } from '../support/io.js';
import { packItems, readPack } from '../support/packs-tools.js';

const store = tempDataDir('evid-packs-purge-');
afterAll(() => store.cleanup());

it('a pack proves a purged event by its ledger entry and reports it as purged, not tampered', async () => {
  const ingest = await runCli('evid', ['traces', 'ingest', join(EXAMPLES, 'support-bot.json')], {
    dataDir: store.dir,
  });
  expect(ingest.code).toBe(0);
  // A ledgered retention purge, as the retention job does it: content gone, entry kept.
  const app = AppContext.fromEnv({ dataDir: store.dir, env: { EVID_ACTOR: 'retention' } });
  const eventId = app.store.transact((tx) => {
    const row = tx.prepare('SELECT event_id FROM events ORDER BY id LIMIT 1').get() as {
      event_id: string;
    };
    purgeEventContent(tx, row.event_id);
    return row.event_id;
  });
  app.close();

  const built = await runCli('evid', ['pack', '--since', '2000-01-01', '--json'], {
    dataDir: store.dir,
  });
  expect(built.code, built.stderr).toBe(0);
  const pack = JSON.parse(built.stdout) as {
    path: string;
    key_fingerprint: string;
    counts: { purged_events: number };
  };
  expect(pack.counts.purged_events).toBe(1);
  const items = packItems(readPack(pack.path));
  expect(items.find((e: { event_id?: string }) => e.event_id === eventId)).toMatchObject({
    purged: true,
    record: null,
  });

  const verify = await runCli('audit', ['evidence', 'verify', pack.path, '--json'], {
    dataDir: store.dir,
  });
  expect(verify.code, verify.stdout).toBe(0);
  const verdict = JSON.parse(verify.stdout) as { counts: { purged: number } };
  expect(verdict.counts.purged).toBe(1);

  const dir = join(store.dir, 'unzipped');
  spawnSync('unzip', ['-q', pack.path, '-d', dir]);
  const offline = spawnSync(
    process.execPath,
    [join(dir, 'verify.mjs'), '--fingerprint', pack.key_fingerprint],
    {
      encoding: 'utf8',
    },
  );
  expect(offline.status, offline.stdout + offline.stderr).toBe(0);
  expect(offline.stdout).toContain('1 purged');
});
