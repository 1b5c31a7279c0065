import { renameSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { AppContext } from '../../src/context.js';
import { KEY_FILE_NAME } from '../../src/ledger/keys.js';
import { buildServer } from '../../src/server/app.js';
import { completeRun, createRun, getRun } from '../../src/store/safety-runs.js';
import { tempDataDir } from '../support/cli.js';

// A server must start even when it cannot end interrupted work: a store whose ledger key is
// missing refuses every write (docs/ledger.md), so the run stays `running` and the log says
// why, instead of the server refusing to start (reads and verify must keep working).

const store = tempDataDir('evid-interrupted-refused-');
afterAll(() => store.cleanup());

describe('interrupted work the store will not let the server end', () => {
  it('starts, leaves the row as it was, and logs an error naming it', async () => {
    const seed = AppContext.fromEnv({ dataDir: store.dir });
    const run = seed.store.transact((tx) => {
      const done = createRun(tx, { kind: 'model_analysis', model_url: 'http://x/v1', request: {} });
      completeRun(tx, done.run_id, {
        trace_id: null,
        error: 'a finished run: the ledger has entries',
      });
      return createRun(tx, { kind: 'alignment_evaluation', model_url: 'http://x/v1', request: {} });
    });
    // Its process: this pid with another start time, so a process that has stopped.
    seed.store.transact((tx) =>
      tx
        .prepare('UPDATE safety_runs SET runner = ? WHERE run_id = ?')
        .run(`${hostname()}:${process.pid}:00000000-1`, run.run_id),
    );
    seed.close();
    renameSync(join(store.dir, KEY_FILE_NAME), join(store.dir, 'key-moved-away.pem'));

    const log = new PassThrough();
    let logged = '';
    log.on('data', (chunk: Buffer) => (logged += chunk.toString()));
    const ctx = AppContext.fromEnv({ dataDir: store.dir });
    const app = await buildServer(ctx, { bin: 'evid', logStream: log });
    try {
      expect(ctx.store.read((r) => getRun(r, run.run_id)).status).toBe('running');
      expect(logged).toContain(`interrupted work not ended: safety_run ${run.run_id}`);
    } finally {
      await app.close();
      ctx.close();
    }
    // With the key back, the next start ends it.
    renameSync(join(store.dir, 'key-moved-away.pem'), join(store.dir, KEY_FILE_NAME));
    const again = AppContext.fromEnv({ dataDir: store.dir });
    const app2 = await buildServer(again, { bin: 'evid' });
    try {
      const ended = again.store.read((r) => getRun(r, run.run_id));
      expect(ended.status).toBe('failed');
      expect(ended.error).toMatch(/^interrupted: the process that ran it \(pid \d+ on /);
    } finally {
      await app2.close();
      again.close();
    }
  });
});
