import type Database from 'better-sqlite3';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppContext } from '../../src/context.js';
import { purgeEventContent } from '../../src/store/purge.js';
import { verifyLedger } from '../../src/store/verify-ledger.js';
import { verifyFast } from '../../src/store/verify-parallel.js';
import { scanChunk } from '../../src/store/verify-scan.js';
import { EXAMPLES, tempDataDir } from '../support/cli.js';
import { runCli } from '../support/io.js';
import { copyDataDir, withDb } from '../support/tamper.js';

// A store with several transactions (so several tree heads), findings, a policy change, a
// status update and a ledgered purge: every kind of ledger row the fast path meets.
const store = tempDataDir('evid-verify-fast-');
const copies: string[] = [];

beforeAll(async () => {
  for (const file of ['support-bot.json', 'research-agents.json', 'coding-agent.ndjson']) {
    const r = await runCli('evid', ['traces', 'ingest', join(EXAMPLES, file)], {
      dataDir: store.dir,
    });
    expect(r.code, r.stderr).toBe(0);
  }
  const app = AppContext.fromEnv({ dataDir: store.dir, env: { EVID_ACTOR: 'retention' } });
  app.store.transact((tx) => {
    const row = tx.prepare('SELECT event_id FROM events ORDER BY id DESC LIMIT 1').get() as {
      event_id: string;
    };
    expect(purgeEventContent(tx, row.event_id)).toBe(true);
    expect(purgeEventContent(tx, row.event_id)).toBe(false); // once only: one ledger entry
  });
  app.close();
  const finding = (await runCli('evid', ['findings', 'list', '--json'], { dataDir: store.dir }))
    .stdout;
  const id = (JSON.parse(finding) as { findings: Array<{ id: string }> }).findings[0]!.id;
  const update = await runCli('evid', ['findings', 'update', id, '--status', 'reviewing'], {
    dataDir: store.dir,
  });
  expect(update.code, update.stderr).toBe(0);
});
afterAll(() => {
  store.cleanup();
  for (const c of copies) rmSync(c, { recursive: true, force: true });
});

function verdicts(dir: string, chunkSize: number) {
  const app = AppContext.fromEnv({ dataDir: dir, env: {} });
  try {
    const { store: s } = app;
    return s.read((r) => ({
      fast: verifyFast(r, s.origin, chunkSize),
      sequential: verifyLedger(r, s.origin),
    }));
  } finally {
    app.close();
  }
}

describe('the parallel verifier fast path', () => {
  it.each([2, 4, 8, 1024])(
    'gives the sequential verdict on the intact ledger (chunks of %i)',
    (chunk) => {
      const { fast, sequential } = verdicts(store.dir, chunk);
      expect(sequential.ok).toBe(true);
      expect(sequential.purged).toBe(1);
      expect(fast).toEqual({
        ...sequential,
        scan: { chunks: Math.ceil(sequential.entries_checked / chunk), threads: 0 },
      });
    },
  );

  it('renders every event and trace record in SQLite (the JS path only for other kinds)', () => {
    const app = AppContext.fromEnv({ dataDir: store.dir, env: {} });
    try {
      app.store.read((r) => {
        const kinds = r
          .prepare('SELECT kind, COUNT(*) AS n FROM ledger GROUP BY kind')
          .all() as Array<{ kind: string; n: number }>;
        const size = kinds.reduce((a, k) => a + k.n, 0);
        const result = scanChunk(r, {
          start: 1,
          end: size,
          prevChain: '0'.repeat(64),
          heads: [],
        });
        expect(result.badSeq).toBeNull();
        const fast = kinds
          .filter((k) => k.kind === 'event.ingested' || k.kind === 'trace.ingested')
          .reduce((a, k) => a + k.n, 0);
        // the purged event's row is the one event that takes the JS path
        expect(result.slow).toBe(size - fast + 1);
      });
    } finally {
      app.close();
    }
  });

  // Changes the first hex digit of a column, whatever it was.
  const flip = (column: string): string =>
    `CASE WHEN substr(${column}, 1, 1) = '0' THEN '1' ELSE '0' END || substr(${column}, 2)`;
  const mutations: Array<[string, (db: Database.Database) => void]> = [
    ['an edited prompt', (db) => db.exec("UPDATE events SET prompt = 'x' WHERE id = 2")],
    ['an edited token count', (db) => db.exec('UPDATE events SET tokens_prompt = 7 WHERE id = 3')],
    [
      'a token count stored as REAL',
      (db) => db.exec('UPDATE events SET tokens_prompt = 7.5 WHERE id = 3'),
    ],
    ['an edited trace', (db) => db.exec("UPDATE traces SET agent = 'other' WHERE id = 1")],
    ['an edited finding', (db) => db.exec("UPDATE findings SET severity = 'low'")],
    [
      'an edited ledger actor',
      (db) => db.exec("UPDATE ledger SET actor = 'mallory' WHERE seq = 5"),
    ],
    [
      'an edited digest',
      (db) => db.exec(`UPDATE ledger SET digest = ${flip('digest')} WHERE seq = 3`),
    ],
    [
      'an edited chain link',
      (db) => db.exec(`UPDATE ledger SET chain = ${flip('chain')} WHERE seq = 6`),
    ],
    [
      'a chain link in upper case',
      (db) => db.exec('UPDATE ledger SET chain = upper(chain) WHERE seq = 4'),
    ],
    ['a deleted ledger row', (db) => db.exec('DELETE FROM ledger WHERE seq = 7')],
    ['a deleted event', (db) => db.exec('DELETE FROM events WHERE id = 4')],
    [
      'a purge that was never ledgered',
      (db) => db.exec("UPDATE events SET purged_at = '2026-01-01T00:00:00Z' WHERE id = 1"),
    ],
    [
      'two swapped ledger rows',
      (db) =>
        db.transaction(() => {
          db.exec('UPDATE ledger SET seq = -1 WHERE seq = 8');
          db.exec('UPDATE ledger SET seq = 8 WHERE seq = 9');
          db.exec('UPDATE ledger SET seq = 9 WHERE seq = -1');
        })(),
    ],
    [
      'a truncated ledger',
      (db) => db.exec('DELETE FROM ledger WHERE seq = (SELECT MAX(seq) FROM ledger)'),
    ],
    [
      'an edited tree head root',
      (db) =>
        db.exec(
          `UPDATE tree_heads SET root_hash = ${flip('root_hash')} WHERE tree_size = (SELECT MIN(tree_size) FROM tree_heads)`,
        ),
    ],
    [
      'an edited tree head chain head',
      (db) =>
        db.exec(
          `UPDATE tree_heads SET chain_head = ${flip('chain_head')} WHERE tree_size = (SELECT MIN(tree_size) FROM tree_heads)`,
        ),
    ],
    [
      'a forged signature',
      (db) =>
        db.exec(
          "UPDATE tree_heads SET checkpoint = substr(checkpoint, 1, length(checkpoint) - 6) || 'AAAA=' || char(10) WHERE tree_size = (SELECT MAX(tree_size) FROM tree_heads)",
        ),
    ],
  ];

  it.each(mutations)('never calls a ledger with %s intact', (_name, mutate) => {
    const copy = copyDataDir(store.dir);
    copies.push(copy);
    withDb(copy, mutate);
    for (const chunk of [2, 4, 1024]) {
      const { fast, sequential } = verdicts(copy, chunk);
      expect(sequential.ok).toBe(false);
      expect(fast).toBeNull();
    }
  });
});
