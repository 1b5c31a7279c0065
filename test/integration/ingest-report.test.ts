import { mkdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDataDir } from '../support/cli.js';
import { runCli } from '../support/io.js';
import { withDb } from '../support/tamper.js';

/**
 * Issue 13: `evid traces ingest --report FILE` writes one NDJSON line per trace (accepted
 * and rejected, in input order, mode 0600); the --json summary carries whole counts; a
 * progress line appears on a TTY's stderr and nowhere else.
 */
let store: { dir: string; cleanup(): void };
beforeEach(() => {
  store = tempDataDir('evid-ingest-report-');
});
afterEach(() => store.cleanup());

const good = (session: string): string =>
  JSON.stringify({
    session_id: session,
    agent: 'bot',
    events: [{ type: 'llm_call', prompt: 'hello', timestamp: '2026-11-20T10:00:00Z' }],
  });

const NDJSON = [good('r-1'), '{"session_id": oops}', good('r-2'), good('r-1')].join('\n');

function storedSessions(): string[] {
  return withDb(store.dir, (db) =>
    (
      db.prepare('SELECT session_id FROM traces ORDER BY id').all() as Array<{
        session_id: string;
      }>
    ).map((r) => r.session_id),
  );
}

describe('evid traces ingest --report', () => {
  it('lists every trace, accepted and rejected, in input order, in a 0600 file', async () => {
    const report = join(store.dir, 'out', 'results.ndjson');
    mkdirSync(join(store.dir, 'out'));
    const r = await runCli('evid', ['traces', 'ingest', '-', '--json', '--report', report], {
      dataDir: store.dir,
      stdin: NDJSON,
    });
    expect(r.code).toBe(2);
    const lines = readFileSync(report, 'utf8')
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toEqual([
      expect.objectContaining({ index: 0, session_id: 'r-1', status: 'accepted' }),
      expect.objectContaining({ index: 1, line: 2, status: 'rejected' }),
      expect.objectContaining({ index: 2, session_id: 'r-2', status: 'accepted' }),
      expect.objectContaining({
        index: 3,
        line: 4,
        session_id: 'r-1',
        status: 'rejected',
        error: expect.objectContaining({ code: 'conflict' }),
      }),
    ]);
    expect(lines[0].trace_id).toMatch(/^tr_/);
    expect(statSync(report).mode & 0o777).toBe(0o600);
    const summary = JSON.parse(r.stdout);
    expect(summary).toMatchObject({
      accepted_count: 2,
      rejected_count: 2,
      events_ingested: 2,
      truncated: false,
      report,
    });
    expect(summary.accepted).toHaveLength(2);
    expect(summary.rejected.map((x: { line: number }) => x.line)).toEqual([2, 4]);
    expect(r.stderr).toBe(
      `evid: 2 of 4 traces rejected; first (line 2): ${summary.rejected[0].error.message}\n`,
    );
    expect(storedSessions()).toEqual(['r-1', 'r-2']);
  });

  it('a directory given as --report gets ingest-report.ndjson in it', async () => {
    const r = await runCli('evid', ['traces', 'ingest', '-', '--report', store.dir], {
      dataDir: store.dir,
      stdin: good('dir-1'),
    });
    expect(r.code).toBe(0);
    const file = join(store.dir, 'ingest-report.ndjson');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ session_id: 'dir-1' });
  });

  it('a --report in a missing directory is a usage error before anything is stored', async () => {
    const r = await runCli(
      'evid',
      ['traces', 'ingest', '-', '--report', join(store.dir, 'nope', 'r.ndjson')],
      { dataDir: store.dir, stdin: good('never') },
    );
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^evid: --report: directory .*nope does not exist/);
    expect(() => storedSessions()).toThrow();
  });
});

describe('evid traces ingest progress line', () => {
  it('on a TTY, stderr shows bytes and traces done, then the line is erased', async () => {
    const r = await runCli('evid', ['traces', 'ingest', '-'], {
      dataDir: store.dir,
      stdin: `${good('p-1')}\n${good('p-2')}\n`,
      tty: true,
    });
    expect(r.code).toBe(0);
    const ERASE = '\x1b[K';
    expect(r.stderr.startsWith('\ringesting: 0.0 MB, 2 traces')).toBe(true);
    expect(r.stderr.endsWith(`${ERASE}\r${ERASE}2 accepted, 0 rejected\n`)).toBe(true);
  });

  it('not on a TTY, stderr has the counts only', async () => {
    const r = await runCli('evid', ['traces', 'ingest', '-'], {
      dataDir: store.dir,
      stdin: `${good('q-1')}\n${good('q-2')}\n`,
    });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('2 accepted, 0 rejected\n');
  });
});
