import { execa } from 'execa';
import { appendFileSync, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTraces } from '../../scripts/gen-traces.mjs';
import { ROOT, runJson, tempDataDir } from '../support/cli.js';
import { withDb } from '../support/tamper.js';

/**
 * Issue 13: `evid traces ingest` of an input far bigger than one trace streams it. The
 * built binary ingests a ~60 MB NDJSON file (a bad line in the middle, a truncated last
 * line) and a ~12 MB JSON array on stdin; every good trace is stored, each bad one is
 * named, --report lists all, `audit verify` passes, and the child's peak RSS stays under
 * a bound the old whole-file read (about 6x the file) could not meet. Memory, not time.
 */
const store = tempDataDir('evid-ingest-stream-');
afterAll(() => store.cleanup());

const EVID = join(ROOT, 'bin', 'evid.js');
const TIME = '/usr/bin/time';
const RSS_BOUND_KB = 300 * 1024;

/** Writes `count` generated traces as NDJSON lines, a thousand at a time. */
function writeTraces(file: string, count: number, prefix: string): void {
  // 200-byte texts: about 4.6 kB a trace, so 60 MB is more traces than --json lists.
  for (let done = 0; done < count; done += 1000) {
    const part = makeTraces(Math.min(1000, count - done), 10, {
      prefix,
      seed: done + 1,
      textBytes: 200,
    });
    const lines = part.map((t) => JSON.stringify({ ...t, session_id: `${t.session_id}_${done}` }));
    appendFileSync(file, `${lines.join('\n')}\n`);
  }
}

function storedCount(prefix: string): number {
  return withDb(
    store.dir,
    (db) =>
      (
        db
          .prepare("SELECT count(*) AS n FROM traces WHERE session_id LIKE ? || '%'")
          .get(prefix) as { n: number }
      ).n,
  );
}

describe('evid traces ingest streams a big input', () => {
  it('~60 MB of NDJSON: bad middle line and truncated last line refused, the rest stored, RSS bounded', async () => {
    const file = join(store.dir, 'big.ndjson');
    const report = join(store.dir, 'big-report.ndjson');
    writeTraces(file, 6500, 'big_a');
    appendFileSync(file, '{"session_id": "big_bad", oops}\n');
    writeTraces(file, 6500, 'big_b');
    appendFileSync(file, '{"session_id": "big_cut", "agent": "bot", "events": [{"ty');
    expect(statSync(file).size).toBeGreaterThan(55e6);

    const peak = join(store.dir, 'time.txt');
    const measured = existsSync(TIME);
    const command = measured ? TIME : process.execPath;
    const args = measured ? ['-v', '-o', peak, process.execPath, EVID] : [EVID];
    const r = await execa(
      command,
      [...args, 'traces', 'ingest', file, '--json', '--report', report],
      { reject: false, env: { EVID_DATA_DIR: store.dir, NO_COLOR: '1' } },
    );
    expect(r.exitCode, String(r.stderr)).toBe(2);
    const summary = JSON.parse(String(r.stdout));
    expect(summary).toMatchObject({
      accepted_count: 13_000,
      rejected_count: 2,
      events_ingested: 130_000,
      truncated: true,
    });
    expect(summary.accepted).toHaveLength(10_000);
    expect(summary.rejected.map((x: { line: number }) => x.line)).toEqual([6501, 13_002]);
    expect(summary.rejected[1].error.message).toMatch(/^trace: malformed JSON/);
    expect(String(r.stderr)).toMatch(
      /^evid: 2 of 13002 traces rejected; first \(line 6501\): trace: malformed JSON/,
    );

    const lines = readFileSync(report, 'utf8').trimEnd().split('\n');
    expect(lines).toHaveLength(13_002);
    expect(lines.map((l) => (JSON.parse(l) as { index: number }).index)).toEqual(
      Array.from({ length: 13_002 }, (_, i) => i),
    );
    expect(statSync(report).mode & 0o777).toBe(0o600);
    expect(storedCount('big_')).toBe(13_000);

    const verify = await runJson<{ ok: boolean }>('audit', ['verify'], { dataDir: store.dir });
    expect(verify.data.ok).toBe(true);

    if (measured) {
      const kb = Number(
        /Maximum resident set size \(kbytes\): (\d+)/.exec(readFileSync(peak, 'utf8'))?.[1],
      );
      expect(kb).toBeGreaterThan(0);
      expect(kb, `peak RSS ${kb} kB`).toBeLessThan(RSS_BOUND_KB);
    }
  }, 180_000);

  it('~12 MB JSON array on stdin: elements streamed, a bad one refused by its index', async () => {
    const traces = makeTraces(1100, 10, { prefix: 'arr', seed: 7 });
    const bad = { session_id: 'arr_bad', agent: 'bot', events: [{ type: 'llm_call' }] };
    const elements = [...traces.slice(0, 500), bad, ...traces.slice(500)];
    const input = join(store.dir, 'array.json');
    writeFileSync(input, `[\n${elements.map((t) => JSON.stringify(t)).join(',\n')}\n]\n`);
    expect(statSync(input).size).toBeGreaterThan(11e6);

    const r = await execa(process.execPath, [EVID, 'traces', 'ingest', '-', '--json'], {
      reject: false,
      inputFile: input,
      env: { EVID_DATA_DIR: store.dir, NO_COLOR: '1' },
    });
    expect(r.exitCode, String(r.stderr)).toBe(2);
    const summary = JSON.parse(String(r.stdout));
    expect(summary).toMatchObject({ accepted_count: 1100, rejected_count: 1 });
    expect(summary.rejected).toEqual([
      expect.objectContaining({
        index: 500,
        session_id: 'arr_bad',
        error: expect.objectContaining({ field: 'events[0].timestamp' }),
      }),
    ]);
    expect(summary.rejected[0].line).toBeUndefined();
    expect(storedCount('arr_')).toBe(1100);
  }, 120_000);
});
