import {
  appendFileSync,
  copyFileSync,
  mkdirSync,
  renameSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppContext } from '../../src/context.js';
import { addSource } from '../../src/sources/manage.js';
import { runJson, tempDataDir } from '../support/cli.js';
import { startServer, type RunningServer } from '../support/server.js';

// Issue 12, item 5: log files tailed by `evid serve` (real files, the built binary).

const store = tempDataDir('evid-logfile-');
const logs = join(store.dir, 'logs');
let server: RunningServer;

function withApp<T>(fn: (app: AppContext) => T): T {
  const app = AppContext.fromEnv({ dataDir: store.dir, env: { EVID_ACTOR: 'cli:test' } });
  try {
    return fn(app);
  } finally {
    app.close();
  }
}

function addLogSource(name: string, endpoint: string, options?: Record<string, unknown>): string {
  return withApp(
    (app) =>
      app.store.transact((tx) =>
        addSource(tx, store.dir, {
          type: 'logfile',
          name,
          endpoint,
          ...(options ? { options } : {}),
        }),
      ).source.source_id,
  );
}

function stored(sourceId: string): { events: number; ids: number; errors: number } {
  return withApp((app) =>
    app.store.read((r) => ({
      ...(r
        .prepare(
          'SELECT COUNT(*) AS events, COUNT(DISTINCT event_id) AS ids FROM events WHERE source_id = ?',
        )
        .get(sourceId) as { events: number; ids: number }),
      errors: (
        r.prepare('SELECT error_count FROM sources WHERE source_id = ?').get(sourceId) as {
          error_count: number;
        }
      ).error_count,
    })),
  );
}

async function until(what: string, check: () => boolean, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

const line = (session: string, i: number, extra: Record<string, unknown> = {}) =>
  `${JSON.stringify({
    session_id: session,
    agent: 'log-bot',
    type: 'llm_call',
    prompt: `log prompt ${i}`,
    timestamp: new Date(Date.UTC(2026, 0, 3, 0, 0, i % 60, i % 1000)).toISOString(),
    ...extra,
  })}\n`;

const lines = (session: string, from: number, n: number) =>
  Array.from({ length: n }, (_, k) => line(session, from + k)).join('');

let live: string;
let rotated: string;
let truncated: string;
let mapped: string;

beforeAll(async () => {
  mkdirSync(logs);
  live = addLogSource('live', join(logs, 'live-*.log'));
  rotated = addLogSource('rotated', join(logs, 'rotated.log'));
  truncated = addLogSource('truncated', join(logs, 'copy.log'));
  server = await startServer({ dataDir: store.dir });
});
afterAll(async () => {
  await server.stop();
  store.cleanup();
});

describe('log file tailer', () => {
  it('stores lines appended while it runs, and waits for a partial last line', async () => {
    const file = join(logs, 'live-a.log');
    writeFileSync(file, lines('lf_live', 0, 3));
    await until('3 events', () => stored(live).events === 3);
    appendFileSync(file, lines('lf_live', 3, 2) + line('lf_live', 5).trimEnd().slice(0, 40));
    await until('5 events', () => stored(live).events === 5);
    await pause(1_000);
    expect(stored(live).events).toBe(5);
    appendFileSync(file, line('lf_live', 5).trimEnd().slice(40) + '\n');
    await until('the completed line', () => stored(live).events === 6);
    // A file the glob matches later is picked up too.
    writeFileSync(join(logs, 'live-b.log'), lines('lf_live_b', 0, 2));
    await until('the second file', () => stored(live).events === 8);
  });

  it('counts a bad line, logs it with file and line, and stores the next lines', async () => {
    const file = join(logs, 'live-a.log');
    appendFileSync(
      file,
      'this is not JSON\n' + line('lf_live', 6, { timestamp: 'yesterday' }) + line('lf_live', 7),
    );
    await until('the good line', () => stored(live).events === 9);
    expect(stored(live).errors).toBe(2);
  });

  it('loses and duplicates nothing across rename + create rotation', async () => {
    const file = join(logs, 'rotated.log');
    writeFileSync(file, lines('lf_rot', 0, 5));
    await until('5 events', () => stored(rotated).events === 5);
    renameSync(file, `${file}.1`);
    // The writer still holds the old file: its last lines land there after the rename.
    appendFileSync(`${file}.1`, lines('lf_rot', 5, 3));
    writeFileSync(file, lines('lf_rot', 8, 4));
    await until('12 events', () => stored(rotated).events === 12);
    await pause(1_000);
    expect(stored(rotated)).toMatchObject({ events: 12, ids: 12, errors: 0 });
  });

  it('loses and duplicates nothing across copytruncate', async () => {
    const file = join(logs, 'copy.log');
    writeFileSync(file, lines('lf_copy', 0, 6));
    await until('6 events', () => stored(truncated).events === 6);
    copyFileSync(file, `${file}.1`);
    truncateSync(file, 0);
    appendFileSync(file, lines('lf_copy', 6, 2));
    await until('8 events', () => stored(truncated).events === 8);
    await pause(1_000);
    expect(stored(truncated)).toMatchObject({ events: 8, ids: 8, errors: 0 });
  });

  it('tails a source added while it runs, with a format for other JSON lines', async () => {
    const file = join(logs, 'other.log');
    mapped = addLogSource('mapped', file, {
      format: {
        session: 'ctx.sid',
        agent: 'svc',
        type: 'kind',
        timestamp: 'ts',
        prompt: 'in',
        completion: 'out',
      },
    });
    writeFileSync(
      file,
      `${JSON.stringify({ ctx: { sid: 'lf_mapped' }, svc: 'mapper', kind: 'llm_call', ts: '2026-01-03T00:00:00Z', in: 'q', out: 'a' })}\n`,
    );
    await until('the mapped line', () => stored(mapped).events === 1);
    const trace = await runJson<{ agent: string; events: Array<{ prompt: string }> }>(
      'evid',
      ['traces', 'get', 'lf_mapped'],
      { dataDir: store.dir },
    );
    expect(trace.data.agent).toBe('mapper');
    expect(trace.data.events[0]!.prompt).toBe('q');
  });

  it('leaves a store that audit verify proves, and names bad lines in the server log', async () => {
    const v = await runJson<{ ok: boolean }>('audit', ['verify'], { dataDir: store.dir });
    expect(v.data.ok).toBe(true);
    const { stderr } = await server.stop();
    expect(stderr).toMatch(/bad log line skipped: \S+live-a\.log line 7: malformed JSON/);
    expect(stderr).toMatch(/live-a\.log line 8: events\[0\]\.timestamp/);
    server = await startServer({ dataDir: store.dir });
  });
});

describe('log file tailer: kill -9', () => {
  it('resumes a large file after kill -9: every line exactly once', async () => {
    const data = tempDataDir('evid-logfile-kill-');
    try {
      const file = join(data.dir, 'big.log');
      const total = 30_000;
      writeFileSync(
        file,
        Array.from({ length: total }, (_, i) => line(`lf_big_${i % 50}`, i)).join(''),
      );
      const app = AppContext.fromEnv({ dataDir: data.dir, env: { EVID_ACTOR: 'cli:test' } });
      const id = app.store.transact((tx) =>
        addSource(tx, data.dir, { type: 'logfile', name: 'big', endpoint: file }),
      ).source.source_id;
      const count = () =>
        app.store.read(
          (r) =>
            r
              .prepare(
                'SELECT COUNT(*) AS n, COUNT(DISTINCT event_id) AS ids FROM events WHERE source_id = ?',
              )
              .get(id) as { n: number; ids: number },
        );
      const first = await startServer({ dataDir: data.dir });
      await until('the first batches', () => count().n >= 2_000, 60_000);
      first.child.kill('SIGKILL');
      await first.child;
      const atKill = count().n;
      expect(atKill).toBeLessThan(total);
      const second = await startServer({ dataDir: data.dir });
      await until('every line', () => count().n >= total, 120_000);
      await pause(1_000);
      await second.stop();
      expect(count()).toEqual({ n: total, ids: total });
      app.close();
      const v = await runJson<{ ok: boolean }>('audit', ['verify'], { dataDir: data.dir });
      expect(v.data.ok).toBe(true);
    } finally {
      data.cleanup();
    }
  }, 240_000);
});
