import fc from 'fast-check';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDataDir } from '../support/cli.js';
import { candidates, forRun, type Candidate } from '../support/intake-arbitraries.js';
import { runCli } from '../support/io.js';
import { withDb } from '../support/tamper.js';

/**
 * Issue 20: whatever a file holds (arbitrary JSON, any Unicode including lone surrogates,
 * invalid UTF-8, deep nesting, huge numbers, prototype names), `evid traces ingest` never
 * says "internal error", decides each trace on its own, and stores exactly the accepted.
 */
let store: { dir: string; cleanup(): void };
beforeAll(() => {
  store = tempDataDir('evid-intake-prop-');
});
afterAll(() => store.cleanup());

function stored(sessions: string[]): string[] {
  if (sessions.length === 0) return [];
  return withDb(store.dir, (db) =>
    (
      db
        .prepare(
          `SELECT session_id FROM traces WHERE session_id IN (${sessions.map(() => '?').join(',')})`,
        )
        .all(...sessions) as Array<{ session_id: string }>
    ).map((r) => r.session_id),
  );
}

function layout(list: Candidate[], asArray: boolean): Buffer {
  if (!asArray) return Buffer.concat(list.flatMap((c) => [c.bytes, Buffer.from('\n')]));
  const parts = list.flatMap((c, i) => [Buffer.from(i ? ',\n' : '[\n'), c.bytes]);
  return Buffer.concat([...parts, Buffer.from('\n]')]);
}

describe('evid traces ingest over arbitrary input (fast-check)', () => {
  it('never an internal error; each trace accepted or refused on its own', async () => {
    let file = 0;
    await fc.assert(
      fc.asyncProperty(candidates(6), fc.boolean(), async (drawn, asArray) => {
        const list = forRun(drawn);
        const path = join(store.dir, `in-${++file}.json`);
        writeFileSync(path, layout(list, asArray));
        const r = await runCli('evid', ['traces', 'ingest', path, '--json'], {
          dataDir: store.dir,
        });
        expect(r.stderr).not.toMatch(/internal error/);
        expect([0, 2]).toContain(r.code);
        const report = JSON.parse(r.stdout) as {
          accepted: Array<{ index: number; session_id: string }>;
          rejected: Array<{ index: number; line?: number; error: { code: string } }>;
        };
        // One line of NDJSON is a JSON document: `[]` there is an empty array of traces.
        const document = asArray || list.length === 1;
        if (list.length === 1 && list[0]!.want === 'either') return;
        const verdict = new Map<number, 'accept' | 'reject'>();
        for (const a of report.accepted) verdict.set(a.index, 'accept');
        for (const x of report.rejected) {
          expect(verdict.has(x.index)).toBe(false);
          verdict.set(x.index, 'reject');
          expect(x.error.code).not.toBe('internal');
          if (!document) expect(x.line).toBe(x.index + 1);
        }
        expect(verdict.size).toBe(list.length);
        list.forEach((c, i) => {
          if (c.want !== 'either')
            expect({ kind: c.kind, got: verdict.get(i) }).toEqual({ kind: c.kind, got: c.want });
        });
        // Exactly the accepted traces are in the store; nothing of a refused one.
        const sessions = list.flatMap((c) => (c.session ? [c.session] : []));
        const accepted = report.accepted
          .map((a) => a.session_id)
          .filter((s) => sessions.includes(s));
        expect(stored(sessions).sort()).toEqual(accepted.sort());
      }),
      { numRuns: 20 },
    );
  });
});
