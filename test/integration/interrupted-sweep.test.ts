import { hostname } from 'node:os';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { AppContext } from '../../src/context.js';
import { watchInterrupted } from '../../src/recovery/interrupted.js';
import { formatRunner } from '../../src/store/runner.js';
import { createRun, getRun } from '../../src/store/safety-runs.js';
import { tempDataDir } from '../support/cli.js';

// A CLI command killed beside a running server: the server's sweep ends its row, without
// waiting for the server's next start, and never touches a live process's row.

const dir = tempDataDir('evid-interrupted-sweep-');
afterAll(() => dir.cleanup());

describe('the running server sweep for interrupted work', () => {
  it('ends a stopped process row failed (interrupted) and leaves a live one running', async () => {
    const ctx = AppContext.fromEnv({ dataDir: dir.dir });
    const [stopped, live] = ctx.store.transact((tx) => [
      createRun(tx, { kind: 'model_analysis', model_url: 'http://x/v1', request: {} }),
      createRun(tx, { kind: 'model_analysis', model_url: 'http://x/v1', request: {} }),
    ]);
    ctx.store.transact((tx) => {
      const set = tx.prepare('UPDATE safety_runs SET runner = ? WHERE run_id = ?');
      // This pid with another start time: a process that has stopped.
      set.run(`${hostname()}:${process.pid}:00000000-1`, stopped!.run_id);
      set.run(formatRunner(), live!.run_id);
    });
    const warned: string[] = [];
    const log = { warn: (_: object, msg: string) => warned.push(msg), error: () => {} };
    const stop = watchInterrupted(ctx.store, log, 20);
    try {
      await vi.waitFor(
        () => expect(ctx.store.read((r) => getRun(r, stopped!.run_id)).status).toBe('failed'),
        { timeout: 5_000, interval: 20 },
      );
      const ended = ctx.store.read((r) => getRun(r, stopped!.run_id));
      expect(ended.error).toMatch(/^interrupted: the process that ran it \(pid \d+ on /);
      expect(warned).toEqual([ended.error]);
      // More passes change nothing: the live row stays running, the ended one is not ended again.
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(ctx.store.read((r) => getRun(r, live!.run_id)).status).toBe('running');
      expect(warned).toHaveLength(1);
    } finally {
      stop();
      ctx.close();
    }
  });
});
