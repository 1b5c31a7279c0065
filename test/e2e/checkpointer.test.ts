import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { EXAMPLES, ROOT, runBin, tempDataDir } from '../support/cli.js';

// The checkpointer's worker thread starts the compiled script in dist/, so it runs here, on
// dist/ (from the TypeScript sources checkpoints stay inside COMMIT).
const store = tempDataDir('evid-checkpointer-');
afterAll(() => store.cleanup());

// What the database file holds: a checkpoint changes it, a commit into the WAL does not.
const fileHash = () =>
  createHash('sha256')
    .update(readFileSync(join(store.dir, 'evid.db')))
    .digest('hex');
const dist = (p: string) => import(pathToFileURL(join(ROOT, 'dist', p)).href);

it('copies commits of another process into the database file after it has idled and backed off', async () => {
  const ingest = (file: string) =>
    runBin('evid', ['traces', 'ingest', join(EXAMPLES, file)], { dataDir: store.dir });
  expect((await ingest('support-bot.json')).exitCode).toBe(0);
  const { AppContext } = await dist('context.js');
  const { startCheckpointer } = await dist('store/checkpointer.js');
  const app = AppContext.fromEnv({ dataDir: store.dir, env: {} });
  const checkpointer = startCheckpointer(app.store, { intervalMs: 20 });
  try {
    // Idle: nothing is written, so the worker backs off to its longest wait.
    await sleep(2500);
    const before = fileHash();
    // A CLI writes beside the open server connection: its pages sit in the WAL (too few for
    // its own automatic checkpoint) until the worker copies them into the database file.
    const r = await ingest('research-agents.json');
    expect(r.exitCode, String(r.stderr)).toBe(0);
    let now = before;
    for (let i = 0; i < 100 && now === before; i++) {
      await sleep(100);
      now = fileHash();
    }
    expect(now).not.toBe(before);
  } finally {
    await checkpointer.stop();
    app.close();
  }
});
