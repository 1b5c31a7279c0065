/**
 * Issue 20 (hardening), the files that hold evidence: CSV exports neutralise text a
 * spreadsheet would run as a formula (JSON and Parquet stay exact), `jsonl`/`ndjson` are
 * aliases of `json`, every export, pack and report file is created 0600 under a permissive
 * umask, and an output path in a missing directory is refused (exit 2) before anything is
 * written or ledgered.
 */
import { DuckDBInstance } from '@duckdb/node-api';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDataDir } from '../support/cli.js';
import { runCli } from '../support/io.js';
import { withDb } from '../support/tamper.js';

const AGENT = '=HYPERLINK("http://evil.example/","click")';
const PROMPTS = ["=cmd|' /C calc'!A0", '+1+1', '-2+3', '@SUM(A1)', '\tTAB', '\rCR', 'plain'];

const store = tempDataDir('evid-files-');
const out = mkdtempSync(join(tmpdir(), 'evid-files-out-'));
let umask: number;

const evid = (args: string[]) => runCli('evid', args, { dataDir: store.dir });
const audit = (args: string[]) => runCli('audit', args, { dataDir: store.dir });
const mode = (path: string): number => statSync(path).mode & 0o777;

beforeAll(async () => {
  // Permissive, as on most machines: files must still come out 0600.
  umask = process.umask(0o022);
  const trace = {
    session_id: 'sess_formula',
    agent: AGENT,
    events: PROMPTS.map((prompt, i) => ({
      type: 'llm_call',
      prompt,
      completion: 'ok',
      tokens_prompt: 5,
      timestamp: `2026-10-01T00:00:0${i}.000Z`,
    })),
  };
  const r = await runCli('evid', ['traces', 'ingest', '-'], {
    dataDir: store.dir,
    stdin: JSON.stringify(trace),
  });
  expect(r.code, r.stderr).toBe(0);
});

afterAll(() => {
  process.umask(umask);
  store.cleanup();
  rmSync(out, { recursive: true, force: true });
});

/** The prompt and agent cells of events.csv, by reading it back with DuckDB. */
async function csvCells(dir: string): Promise<Array<{ agent: string; prompt: string }>> {
  const duck = await (await DuckDBInstance.create(':memory:')).connect();
  try {
    const reader = await duck.runAndReadAll(
      `SELECT agent, prompt FROM read_csv('${dir}/events.csv', header = true, all_varchar = true, allow_quoted_nulls = false) ORDER BY "timestamp"`,
    );
    return reader.getRowObjectsJson() as Array<{ agent: string; prompt: string }>;
  } finally {
    duck.closeSync();
  }
}

describe('spreadsheet formula injection', () => {
  it('CSV: text starting with = + - @ tab or CR gets a leading quote; other text and numbers are as stored', async () => {
    const dir = join(out, 'csv');
    const r = await evid(['export', '--format', 'csv', '--output', dir]);
    expect(r.code, r.stderr).toBe(0);
    const cells = await csvCells(dir);
    expect(cells.map((c) => c.prompt)).toEqual([
      "'=cmd|' /C calc'!A0",
      "'+1+1",
      "'-2+3",
      "'@SUM(A1)",
      "'\tTAB",
      "'\rCR",
      'plain',
    ]);
    expect(new Set(cells.map((c) => c.agent))).toEqual(new Set([`'${AGENT}`]));
    // tokens_prompt is a number column: written as the number, never prefixed.
    expect(readFileSync(join(dir, 'events.csv'), 'utf8')).toMatch(/,5,,2026-10-01T00:00:00/);
  });

  it('CSV with --csv-raw, NDJSON and Parquet keep the exact values', async () => {
    const raw = join(out, 'csv-raw');
    expect((await evid(['export', '--format', 'csv', '--csv-raw', '--output', raw])).code).toBe(0);
    expect((await csvCells(raw)).map((c) => c.prompt)).toEqual(PROMPTS);

    const json = join(out, 'json');
    expect((await evid(['export', '--output', json, '--kind', 'events'])).code).toBe(0);
    const lines = readFileSync(join(json, 'events.ndjson'), 'utf8').trimEnd().split('\n');
    const events = lines.map((l) => JSON.parse(l) as { prompt: string; agent: string });
    expect(events.map((e) => e.prompt)).toEqual(PROMPTS);
    expect(events[0]!.agent).toBe(AGENT);

    const parquet = join(out, 'parquet');
    expect((await evid(['export', '--format', 'parquet', '--output', parquet])).code).toBe(0);
    const duck = await (await DuckDBInstance.create(':memory:')).connect();
    const rows = (
      await duck.runAndReadAll(
        `SELECT prompt FROM read_parquet('${parquet}/events.parquet') ORDER BY "timestamp"`,
      )
    ).getRowObjectsJson();
    duck.closeSync();
    expect(rows.map((r) => r.prompt)).toEqual(PROMPTS);
  });

  it('--csv-raw with another format is a usage error', async () => {
    const r = await evid(['export', '--format', 'parquet', '--csv-raw']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('evid: --csv-raw applies to --format csv only (got --format parquet)\n');
  });
});

describe('export --format aliases', () => {
  it.each(['jsonl', 'ndjson'])('%s is json (NDJSON files)', async (alias) => {
    const dir = join(out, alias);
    const r = await evid(['export', '--format', alias, '--output', dir, '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect((JSON.parse(r.stdout) as { format: string }).format).toBe('json');
    expect(readdirSync(dir).sort()).toEqual(['events.ndjson', 'findings.ndjson', 'traces.ndjson']);
  });
});

describe('evidence files are 0600 under umask 022', () => {
  it.each(['csv', 'json', 'parquet'])('export --format %s', async (format) => {
    const dir = join(out, `mode-${format}`);
    expect((await evid(['export', '--format', format, '--output', dir])).code).toBe(0);
    const files = readdirSync(dir);
    expect(files).toHaveLength(3);
    for (const f of files) expect([f, mode(join(dir, f))]).toEqual([f, 0o600]);
  });

  it('packs, at the default place and with --output', async () => {
    const built = await evid(['pack', '--since', '2000-01-01', '--format', 'pdf', '--json']);
    expect(built.code, built.stderr).toBe(0);
    expect(mode((JSON.parse(built.stdout) as { path: string }).path)).toBe(0o600);
    const target = join(out, 'pack.zip');
    expect((await evid(['pack', '--since', '2000-01-01', '--output', target])).code).toBe(0);
    expect(mode(target)).toBe(0o600);
  });

  it.each(['html', 'pdf'])('reports (%s), stored and copied with -o', async (format) => {
    const r = await audit([
      'report',
      '--regulation',
      'gdpr',
      '--format',
      format,
      '-o',
      out,
      '--json',
    ]);
    expect(r.code, r.stderr).toBe(0);
    const report = JSON.parse(r.stdout) as { path: string; output: string };
    expect(mode(report.path)).toBe(0o600);
    expect(mode(report.output)).toBe(0o600);
    expect(readdirSync(join(store.dir, 'reports')).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });
});

describe('an output path in a missing directory is refused, exit 2, nothing written', () => {
  const missing = () => join(out, 'no-such-dir');

  it('report -o: before the report is generated or ledgered', async () => {
    const count = () =>
      withDb(
        store.dir,
        (db) => (db.prepare('SELECT count(*) AS n FROM reports').get() as { n: number }).n,
      );
    const before = count();
    for (const target of [join(missing(), 'r.html'), `${missing()}/`]) {
      const r = await audit(['report', '--regulation', 'gdpr', '-o', target]);
      expect(r.code).toBe(2);
      expect(r.stderr).toBe(
        `audit: --output: directory ${missing()} does not exist (create it first)\n`,
      );
    }
    expect(count()).toBe(before);
    expect(existsSync(missing())).toBe(false);
  });

  it('pack --output, including a directory named with a trailing slash', async () => {
    for (const target of [join(missing(), 'p.zip'), `${missing()}/`]) {
      const r = await evid(['pack', '--output', target]);
      expect(r.code).toBe(2);
      expect(r.stderr).toBe(
        `evid: --output: directory ${missing()} does not exist (create it first)\n`,
      );
    }
    expect(existsSync(missing())).toBe(false);
  });

  it('export --output creates only the last directory, and only when its parent exists', async () => {
    const r = await evid(['export', '--output', join(missing(), 'deeper')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      `evid: --output: directory ${missing()} does not exist (create it first)\n`,
    );
    mkdirSync(join(out, 'parent'));
    expect((await evid(['export', '--output', join(out, 'parent', 'new')])).code).toBe(0);
  });
});
