import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppContext } from '../../src/context.js';
import { buildPack, PACK_STEPS } from '../../src/packs/build.js';
import { verifyStore } from '../../src/store/verify-store.js';
import { copyDataDir, withDb } from '../support/tamper.js';
import { EXAMPLES, tempDataDir } from '../support/cli.js';
import { runCli } from '../support/io.js';

/**
 * Issue 15: the domain functions behind the server's jobs report progress through an
 * optional callback: done only grows, and the last call has done == total.
 */
const store = tempDataDir('evid-progress-');
const copies: string[] = [];

beforeAll(async () => {
  for (const file of ['support-bot.json', 'research-agents.json', 'coding-agent.ndjson']) {
    const r = await runCli('evid', ['traces', 'ingest', join(EXAMPLES, file)], {
      dataDir: store.dir,
    });
    expect(r.code, r.stderr).toBe(0);
  }
});
afterAll(() => {
  store.cleanup();
  for (const c of copies) rmSync(c, { recursive: true, force: true });
});

type Call = [done: number, total: number, phase: string];

function expectProgress(calls: Call[]): void {
  expect(calls.length).toBeGreaterThan(1);
  const total = calls[0]![1];
  expect(total).toBeGreaterThan(0);
  for (let i = 1; i < calls.length; i++) {
    expect(calls[i]![0]).toBeGreaterThanOrEqual(calls[i - 1]![0]);
    expect(calls[i]![1]).toBe(total);
  }
  expect(calls.at(-1)![0]).toBe(total);
  expect(calls.slice(0, -1).every(([done]) => done < total)).toBe(true);
}

describe('progress callbacks', () => {
  it('buildPack reports each step once, in order, ending done == total', async () => {
    const app = AppContext.fromEnv({ dataDir: store.dir, env: {} });
    try {
      const calls: Call[] = [];
      const built = await buildPack(app.store, {
        filter: { since: null, until: null, session: null },
        format: 'html',
        includeControls: true,
        now: new Date(),
        generator: 'evid test',
        onProgress: (...c) => calls.push(c),
      });
      expect(built.counts.traces).toBeGreaterThan(0);
      expectProgress(calls);
      expect(calls.map((c) => c[2])).toEqual([...PACK_STEPS, 'done']);
      expect(calls.map((c) => c[0])).toEqual(PACK_STEPS.map((_, i) => i).concat(PACK_STEPS.length));
    } finally {
      app.close();
    }
  });

  it('verifyStore reports one step per ledger chunk (small chunks: several) and ends done == total', async () => {
    const app = AppContext.fromEnv({ dataDir: store.dir, env: {} });
    try {
      const calls: Call[] = [];
      const verdict = await verifyStore(app.store, {
        threads: 1,
        chunkSize: 4,
        onProgress: (...c) => calls.push(c),
      });
      expect(verdict.ok).toBe(true);
      expectProgress(calls);
      // One unit per chunk of 4 entries plus the rows' state check.
      expect(calls[0]![1]).toBe(Math.ceil(verdict.entries_checked / 4) + 1);
      expect(calls[0]![0]).toBe(0);
    } finally {
      app.close();
    }
  });

  it('a failing verify still ends with done == total, and the verdict names the first bad record', async () => {
    const copy = copyDataDir(store.dir);
    copies.push(copy);
    withDb(copy, (db) => db.prepare("UPDATE events SET agent = 'tampered' WHERE id = 2").run());
    const app = AppContext.fromEnv({ dataDir: copy, env: {} });
    try {
      const calls: Call[] = [];
      const verdict = await verifyStore(app.store, {
        threads: 1,
        chunkSize: 4,
        onProgress: (...c) => calls.push(c),
      });
      expect(verdict.ok).toBe(false);
      expect(verdict.first_bad_seq).not.toBeNull();
      expectProgress(calls);
    } finally {
      app.close();
    }
  });

  it('an error the listener throws ends the verify with it (a cancelled job), not a fallback verdict', async () => {
    const app = AppContext.fromEnv({ dataDir: store.dir, env: {} });
    // Each report a second after the last, so the throttle passes every chunk's report.
    let clock = Date.now();
    const now = vi.spyOn(Date, 'now').mockImplementation(() => (clock += 1000));
    try {
      const stop = new Error('stop here');
      const calls: Call[] = [];
      const run = verifyStore(app.store, {
        threads: 1,
        chunkSize: 4,
        onProgress: (...c) => {
          calls.push(c);
          if (c[0] === 1) throw stop;
        },
      });
      await expect(run).rejects.toBe(stop);
      // Stopped at the first chunk's report: no sequential pass, no final report after it.
      expect(calls.map((c) => c[0])).toEqual([0, 1]);
    } finally {
      now.mockRestore();
      app.close();
    }
  });

  it('without a callback nothing changes: the same verdict', async () => {
    const app = AppContext.fromEnv({ dataDir: store.dir, env: {} });
    try {
      const a = await verifyStore(app.store, { threads: 1, chunkSize: 4 });
      const b = await verifyStore(app.store, { threads: 1, chunkSize: 4, onProgress: () => {} });
      expect(b).toEqual(a);
    } finally {
      app.close();
    }
  });
});
