import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { EXAMPLES, ROOT, runBin, tempDataDir } from '../support/cli.js';

// Worker threads start the compiled scripts in dist/ (from the TypeScript sources there is
// none to start, and callers scan in-thread), so the pool is exercised here, on dist/.
const store = tempDataDir('evid-scan-workers-');
afterAll(() => store.cleanup());

beforeAll(async () => {
  for (const file of ['support-bot.json', 'research-agents.json', 'coding-agent.ndjson']) {
    const r = await runBin('evid', ['traces', 'ingest', join(EXAMPLES, file)], {
      dataDir: store.dir,
    });
    expect(r.exitCode, String(r.stderr)).toBe(0);
  }
});

const dist = (p: string) => import(pathToFileURL(join(ROOT, 'dist', p)).href);

it('leaf hashes computed by worker threads equal the in-thread scan, chunk by chunk', async () => {
  const { AppContext } = await dist('context.js');
  const { leafHashesInWorkers, scanLeaves } = await dist('store/ledger-leaves.js');
  const app = AppContext.fromEnv({ dataDir: store.dir, env: {} });
  try {
    const size: number = app.store.latestTreeHead().tree_size;
    expect(size).toBeGreaterThan(8);
    const inThread = app.store.read((r: unknown) => scanLeaves(r, 1, size));
    for (const chunkSize of [2, 4, 8]) {
      const workers = await leafHashesInWorkers(store.dir, size, { threads: 2, chunkSize });
      expect(workers, `chunks of ${chunkSize}`).not.toBeNull();
      expect(workers.missing).toBeNull();
      expect(Buffer.compare(workers.packed, inThread.packed)).toBe(0);
    }
    // one chunk or one thread: not worth workers, the caller scans in-thread
    expect(await leafHashesInWorkers(store.dir, size, { threads: 2, chunkSize: 1024 })).toBeNull();
    expect(await leafHashesInWorkers(store.dir, size, { threads: 1, chunkSize: 2 })).toBeNull();
  } finally {
    app.close();
  }
});

it('a pack built with worker threads verifies', async () => {
  // The CLI builds packs in-thread (docs/packs.md); the library can still use workers.
  const { AppContext } = await dist('context.js');
  const { buildPack } = await dist('packs/build.js');
  const app = AppContext.fromEnv({ dataDir: store.dir, env: { EVID_ACTOR: 'test' } });
  let path: string;
  try {
    const built = await buildPack(app.store, {
      filter: { since: '2000-01-01T00:00:00.000Z', until: null, session: null },
      format: 'html',
      includeControls: false,
      now: new Date(),
      generator: 'test',
      threads: 2,
      chunkSize: 4,
    });
    path = built.path;
  } finally {
    app.close();
  }
  const verify = await runBin('audit', ['evidence', 'verify', path], { dataDir: store.dir });
  expect(verify.exitCode, String(verify.stdout) + String(verify.stderr)).toBe(0);
});

it('a verify run over worker threads reports one step per finished chunk, ending done == total', async () => {
  const { AppContext } = await dist('context.js');
  const { verifyStore } = await dist('store/verify-store.js');
  const app = AppContext.fromEnv({ dataDir: store.dir, env: {} });
  try {
    const calls: Array<[number, number, string]> = [];
    const verdict = await verifyStore(app.store, {
      threads: 2,
      chunkSize: 2,
      onProgress: (done: number, total: number, phase: string) => calls.push([done, total, phase]),
    });
    expect(verdict.ok).toBe(true);
    expect(verdict.scan.threads).toBe(2); // the pool ran, not the in-thread fallback
    const total = Math.ceil(verdict.entries_checked / 2) + 1;
    expect(calls[0]).toEqual([0, total, 'scanning the ledger']);
    expect(calls.at(-1)).toEqual([total, total, 'done']);
    for (let i = 1; i < calls.length; i++) {
      expect(calls[i]![0]).toBeGreaterThanOrEqual(calls[i - 1]![0]);
      expect(calls[i]![1]).toBe(total);
    }
  } finally {
    app.close();
  }
});

it('a progress listener that throws ends the pool with its error, not the process', async () => {
  const { runPool } = await dist('store/worker-pool.js');
  const worker = pathToFileURL(join(ROOT, 'dist', 'store', 'leaves-worker.js'));
  const ranges = [
    { start: 1, end: 2 },
    { start: 3, end: 4 },
  ];
  await expect(
    runPool(worker, store.dir, ranges, 2, () => {
      throw new Error('listener failed');
    }),
  ).rejects.toThrow('listener failed');
});
