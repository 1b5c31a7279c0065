import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTraces } from '../../scripts/gen-traces.mjs';
import { EXAMPLES, tempDataDir } from '../support/cli.js';
import { runCli } from '../support/io.js';
import { copyDataDir, withDb } from '../support/tamper.js';

/** Text that breaks naive CSV and JSON writers, as prompts and completions. */
const TRICKY = [
  'He said "hello", then left',
  'line one\nline two\r\nline three\rend',
  'Zürich – naïve café, 東京, emoji 🚀 and a "quoted, comma"',
  '',
  '  padded  ',
  ',',
  '"',
  'tab\there and a backslash \\ and a NUL-free control \u0001',
];

const store = tempDataDir('evid-export-');
const out = mkdtempSync(join(tmpdir(), 'evid-export-out-'));
let duck: DuckDBConnection;

interface StoreEvent {
  event_id: string;
  trace_id: string | null;
  prompt: string | null;
  completion: string | null;
  tokens_prompt: number | null;
  tokens_completion: number | null;
  timestamp: string;
  attributes: string;
}

function storeEvents(where = '1 = 1', params: unknown[] = []): StoreEvent[] {
  return withDb(
    store.dir,
    (db) =>
      db
        .prepare(
          `SELECT e.event_id, t.trace_id, e.prompt, e.completion, e.tokens_prompt, e.tokens_completion,
           e.timestamp, e.attributes FROM events e LEFT JOIN traces t ON t.id = e.trace_ref
         WHERE ${where} ORDER BY e.event_id`,
        )
        .all(...params) as StoreEvent[],
  );
}

async function rows(sql: string): Promise<Array<Record<string, unknown>>> {
  return (await duck.runAndReadAll(sql)).getRowObjectsJson() as Array<Record<string, unknown>>;
}

async function exportTo(format: string, dir: string, extra: string[] = []) {
  const r = await runCli(
    'evid',
    ['export', '--format', format, '--output', dir, '--json', ...extra],
    {
      dataDir: store.dir,
    },
  );
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as {
    export_id: string;
    files: Array<{ kind: string; path: string; rows: number; sha256: string }>;
  };
}

beforeAll(async () => {
  const tricky = TRICKY.map((text, i) => ({
    session_id: `sess_tricky_${i}`,
    agent: i % 2 ? 'agent "quoted", with comma' : 'agent-ü',
    framework: i === 3 ? null : 'langgraph',
    events: [
      {
        type: 'llm_call',
        model: 'gpt-4o',
        prompt: text,
        completion: i === 4 ? null : `reply to: ${text}`,
        tokens_prompt: i === 5 ? null : 9_007_199_254_740_991 - i,
        tokens_completion: 7,
        timestamp: `2026-10-0${(i % 9) + 1}T12:00:00.123Z`,
        attributes: { note: text, nested: { n: i, ok: true } },
      },
    ],
  }));
  const input = [...tricky, ...makeTraces(30, 5, { prefix: 'sess_ex', textBytes: 80 })]
    .map((t) => JSON.stringify(t))
    .join('\n');
  for (const file of ['support-bot.json', 'research-agents.json']) {
    expect(
      (await runCli('evid', ['traces', 'ingest', join(EXAMPLES, file)], { dataDir: store.dir }))
        .code,
    ).toBe(0);
  }
  const r = await runCli('evid', ['traces', 'ingest', '-'], { dataDir: store.dir, stdin: input });
  expect(r.code, r.stderr).toBe(0);
  duck = await (await DuckDBInstance.create(':memory:')).connect();
});

afterAll(() => {
  duck?.closeSync();
  store.cleanup();
  rmSync(out, { recursive: true, force: true });
});

describe('evid export', () => {
  it('writes parquet that DuckDB reads back with typed columns and exact values', async () => {
    const dir = join(out, 'parquet');
    const result = await exportTo('parquet', dir);
    expect(readdirSync(dir).sort()).toEqual([
      'events.parquet',
      'findings.parquet',
      'traces.parquet',
    ]);
    const types = Object.fromEntries(
      (await rows(`DESCRIBE SELECT * FROM read_parquet('${dir}/events.parquet')`)).map((r) => [
        r.column_name,
        r.column_type,
      ]),
    );
    expect(types).toMatchObject({
      timestamp: 'TIMESTAMP WITH TIME ZONE',
      tokens_prompt: 'BIGINT',
      position: 'INTEGER',
      purged: 'BOOLEAN',
      prompt: 'VARCHAR',
    });
    const findingTypes = await rows(
      `DESCRIBE SELECT score, start FROM read_parquet('${dir}/findings.parquet')`,
    );
    expect(findingTypes.map((r) => r.column_type)).toEqual(['DOUBLE', 'INTEGER']);

    const got = await rows(
      `SELECT event_id, trace_id, prompt, completion, tokens_prompt, tokens_completion,
         epoch_ms("timestamp") AS ms, attributes FROM read_parquet('${dir}/events.parquet') ORDER BY event_id`,
    );
    const want = storeEvents();
    expect(got).toHaveLength(want.length);
    expect(result.files.find((f) => f.kind === 'events')!.rows).toBe(want.length);
    got.forEach((g, i) => {
      const w = want[i]!;
      expect(g.event_id).toBe(w.event_id);
      expect(g.trace_id).toBe(w.trace_id);
      expect(g.prompt).toBe(w.prompt);
      expect(g.completion).toBe(w.completion);
      expect(g.tokens_prompt === null ? null : BigInt(g.tokens_prompt as string)).toBe(
        w.tokens_prompt === null ? null : BigInt(w.tokens_prompt),
      );
      expect(Number(g.ms)).toBe(Date.parse(w.timestamp));
      expect(g.attributes).toBe(w.attributes);
    });
    // 2^53 - 1 survives as INT64 (a classic lossy spot in JS parquet writers).
    expect(got.some((g) => g.tokens_prompt === '9007199254740991')).toBe(true);
    for (const text of TRICKY) expect(got.some((g) => g.prompt === text)).toBe(true);

    const [traces] = await rows(`SELECT count(*) AS n FROM read_parquet('${dir}/traces.parquet')`);
    const [findings] = await rows(
      `SELECT count(*) AS n, min(score) AS s FROM read_parquet('${dir}/findings.parquet')`,
    );
    const counts = withDb(store.dir, (db) => ({
      traces: (db.prepare('SELECT count(*) AS n FROM traces').get() as { n: number }).n,
      findings: db.prepare('SELECT count(*) AS n, min(score) AS s FROM findings').get() as {
        n: number;
        s: number;
      },
    }));
    expect(Number(traces!.n)).toBe(counts.traces);
    expect(Number(findings!.n)).toBe(counts.findings.n);
    expect(findings!.s).toBe(counts.findings.s);
  });

  it('writes RFC 4180 CSV that DuckDB reads back exactly, quotes, commas, newlines and all', async () => {
    const dir = join(out, 'csv');
    await exportTo('csv', dir);
    const raw = readFileSync(join(dir, 'events.csv'), 'utf8');
    expect(raw.startsWith('event_id,trace_id,session_id,position,')).toBe(true);
    expect(raw).toContain('"He said ""hello"", then left"');
    expect(raw.endsWith('\r\n')).toBe(true);
    const got = await rows(
      `SELECT event_id, prompt, completion, tokens_prompt, "timestamp"::VARCHAR AS ts, attributes
       FROM read_csv('${dir}/events.csv', header = true, allow_quoted_nulls = false, all_varchar = true)
       ORDER BY event_id`,
    );
    const want = storeEvents();
    expect(got).toHaveLength(want.length);
    got.forEach((g, i) => {
      const w = want[i]!;
      expect(g.event_id).toBe(w.event_id);
      expect(g.prompt).toBe(w.prompt);
      expect(g.completion).toBe(w.completion);
      expect(g.tokens_prompt).toBe(w.tokens_prompt === null ? null : String(w.tokens_prompt));
      expect(g.ts).toBe(w.timestamp);
      expect(g.attributes).toBe(w.attributes);
    });
    const [traces] = await rows(
      `SELECT count(*) AS n FROM read_csv('${dir}/traces.csv', header = true)`,
    );
    expect(Number(traces!.n)).toBe(
      withDb(
        store.dir,
        (db) => (db.prepare('SELECT count(*) AS n FROM traces').get() as { n: number }).n,
      ),
    );
  });

  it('writes NDJSON that DuckDB reads back, with attributes as objects', async () => {
    const dir = join(out, 'json');
    await exportTo('json', dir);
    expect(readdirSync(dir).sort()).toEqual(['events.ndjson', 'findings.ndjson', 'traces.ndjson']);
    const got = await rows(
      `SELECT event_id, prompt, completion, tokens_prompt FROM read_json('${dir}/events.ndjson', format = 'newline_delimited') ORDER BY event_id`,
    );
    const want = storeEvents();
    expect(got.map((g) => [g.event_id, g.prompt, g.completion])).toEqual(
      want.map((w) => [w.event_id, w.prompt, w.completion]),
    );
    const lines = readFileSync(join(dir, 'events.ndjson'), 'utf8').trimEnd().split('\n');
    expect(lines).toHaveLength(want.length);
    const parsed = lines.map(
      (l) => JSON.parse(l) as { event_id: string; attributes: unknown; purged: boolean },
    );
    parsed.sort((a, b) => (a.event_id < b.event_id ? -1 : 1));
    parsed.forEach((p, i) => {
      expect(p.attributes).toEqual(JSON.parse(want[i]!.attributes));
      expect(p.purged).toBe(false);
    });
  });

  it('filters by --since/--until and --kind, and writes valid empty files', async () => {
    const dir = join(out, 'window');
    const since = '2026-10-02T00:00:00.000Z';
    const until = '2026-10-05T00:00:00.000Z';
    const r = await exportTo('parquet', dir, [
      '--since',
      since,
      '--until',
      until,
      '--kind',
      'events',
    ]);
    expect(readdirSync(dir)).toEqual(['events.parquet']);
    const want = storeEvents('e.timestamp >= ? AND e.timestamp <= ?', [since, until]);
    expect(want.length).toBeGreaterThan(0);
    expect(r.files).toEqual([expect.objectContaining({ kind: 'events', rows: want.length })]);
    const got = await rows(
      `SELECT event_id FROM read_parquet('${dir}/events.parquet') ORDER BY event_id`,
    );
    expect(got.map((g) => g.event_id)).toEqual(want.map((w) => w.event_id));

    const empty = join(out, 'empty');
    mkdirSync(empty);
    for (const format of ['parquet', 'csv', 'json']) {
      const e = await exportTo(format, join(empty, format), [
        '--since',
        '2001-01-01',
        '--until',
        '2001-01-02',
      ]);
      expect(e.files.every((f) => f.rows === 0)).toBe(true);
    }
    const [n] = await rows(
      `SELECT count(*) AS n FROM read_parquet('${empty}/parquet/events.parquet')`,
    );
    expect(Number(n!.n)).toBe(0);
    expect(readFileSync(join(empty, 'csv', 'traces.csv'), 'utf8').split('\r\n')).toHaveLength(2);
  });

  it('ledgers every export (export.created) and the ledger still verifies', async () => {
    const r = await exportTo('csv', join(out, 'ledgered'));
    const entry = withDb(store.dir, (db) =>
      db.prepare('SELECT kind, actor FROM ledger WHERE subject_id = ?').get(r.export_id),
    ) as { kind: string; actor: string };
    expect(entry.kind).toBe('export.created');
    const verify = await runCli('audit', ['verify', '--json'], { dataDir: store.dir });
    expect(verify.code, verify.stdout).toBe(0);
  });

  it('refuses an unknown format, listing the allowed values (exit 2)', async () => {
    const r = await runCli('evid', ['export', '--format', 'xlsx'], { dataDir: store.dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      'evid: --format: "xlsx" is not a format; allowed values: json, parquet, csv\n',
    );
    const k = await runCli('evid', ['export', '--kind', 'events,spans'], { dataDir: store.dir });
    expect(k.code).toBe(2);
    expect(k.stderr).toContain('allowed values: traces, events, findings');
  });

  it('a writer that fails leaves no file, no temporary file and no ledger entry', async () => {
    const copy = copyDataDir(store.dir);
    try {
      // 1.5 tokens cannot be an INT64: the parquet writer throws midway through events.
      withDb(copy, (db) => db.prepare('UPDATE events SET tokens_prompt = 1.5 WHERE id = 3').run());
      const entries = (): number =>
        withDb(
          copy,
          (db) =>
            (
              db
                .prepare("SELECT count(*) AS n FROM ledger WHERE kind = 'export.created'")
                .get() as { n: number }
            ).n,
        );
      const before = entries();
      const dir = join(out, 'failing');
      const r = await runCli('evid', ['export', '--format', 'parquet', '--output', dir], {
        dataDir: copy,
      });
      expect(r.code).toBe(1);
      expect(readdirSync(dir)).toEqual([]);
      expect(entries()).toBe(before);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });

  it('an output directory whose parent is missing is a clear usage error, leaving nothing behind', async () => {
    const target = join(out, 'missing', 'deeper');
    const r = await runCli('evid', ['export', '--format', 'csv', '--output', target], {
      dataDir: store.dir,
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^evid: --output: directory .*missing does not exist/);
    expect(existsSync(join(out, 'missing'))).toBe(false);
  });
});
