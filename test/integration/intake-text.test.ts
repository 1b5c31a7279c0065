import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDataDir } from '../support/cli.js';
import { runCli } from '../support/io.js';
import { withDb } from '../support/tamper.js';

/**
 * Issue 20 (hardening), CLI intake: a trace whose text is not well-formed, or that nests
 * deeper than the ledger's canonical form allows, is refused alone, naming its field and
 * line; the other traces of the file are stored; nothing of the bad one is written.
 */
let store: { dir: string; cleanup(): void };
beforeEach(() => {
  store = tempDataDir('evid-intake-');
});
afterEach(() => store.cleanup());

const good = (session: string): string =>
  JSON.stringify({
    session_id: session,
    agent: 'bot',
    events: [{ type: 'llm_call', prompt: 'hello', timestamp: '2026-11-20T10:00:00Z' }],
  });

/** A trace's JSON text with `inner` spliced in raw as the value of attributes.x. */
const withRaw = (session: string, inner: string): string =>
  `{"session_id":"${session}","agent":"bot","events":[{"type":"llm_call","prompt":"hi","timestamp":"2026-11-20T10:00:00Z"}],"attributes":{"x":${inner}}}`;

const bytes = (...parts: Array<string | number[] | Buffer>): Buffer =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : Buffer.from(p))));

/** text with raw bytes in place of its `@`. */
const splice = (text: string, raw: number[]): [string, number[], string] => {
  const [head, tail] = text.split('@') as [string, string];
  return [head, raw, tail];
};

function snapshot(dir: string): string {
  return withDb(dir, (db) =>
    JSON.stringify(
      ['traces', 'events', 'findings', 'ledger', 'tree_heads'].map((t) =>
        db.prepare(`SELECT * FROM ${t} ORDER BY rowid`).all(),
      ),
    ),
  );
}

function sessions(dir: string): string[] {
  return withDb(dir, (db) =>
    (
      db.prepare('SELECT session_id FROM traces ORDER BY id').all() as Array<{ session_id: string }>
    ).map((r) => r.session_id),
  );
}

async function ingestFile(content: Buffer | string, name = 'input.json') {
  const file = join(store.dir, name);
  writeFileSync(file, content);
  const r = await runCli('evid', ['traces', 'ingest', file, '--json'], { dataDir: store.dir });
  return { ...r, report: r.stdout ? JSON.parse(r.stdout) : undefined };
}

const BAD: Array<[string, Buffer, string, RegExp]> = [
  [
    'a lone surrogate in a prompt (valid JSON)',
    bytes(good('bad').replace('"hello"', '"\\ud800"')),
    'invalid_text',
    /^events\[0\]\.prompt: is not well-formed text \(a lone surrogate U\+D800 at character 0\); refused, not replaced$/,
  ],
  [
    'a lone surrogate in a member name',
    bytes(withRaw('bad', '{"ok":1,"k\\udfff":2}')),
    'invalid_text',
    /^attributes\.x: has a member name that is not well-formed text \(a lone surrogate U\+DFFF at character 1 of "k\\udfff"\)/,
  ],
  [
    'a lone surrogate in session_id',
    bytes(good('bad').replace('"bad"', '"bad\\udbff"')),
    'invalid_text',
    /^session_id: is not well-formed text/,
  ],
  [
    'invalid UTF-8 bytes in a prompt',
    bytes(
      '{"session_id":"bad","agent":"bot","events":[{"type":"llm_call","prompt":"a',
      [0xff, 0xfe],
      'b","timestamp":"2026-11-20T10:00:00Z"}]}',
    ),
    'invalid_text',
    /^events\[0\]\.prompt: is not valid UTF-8 \(byte 0xff at offset \d+ of (the line|the input)\); refused, not replaced$/,
  ],
  [
    'an encoded surrogate (0xED 0xA0 0x80) in a member name',
    bytes(...splice(withRaw('bad', '{"k@":1}'), [0xed, 0xa0, 0x80])),
    'invalid_text',
    /^attributes\.x: has a member name that is not valid UTF-8 \(byte 0xed at offset \d+/,
  ],
  [
    'attributes nested 20,000 deep',
    bytes(withRaw('bad', '['.repeat(20_000) + ']'.repeat(20_000))),
    'validation',
    /^attributes\.x: is nested deeper than the limit of 512 levels of JSON \(the outermost object is level 1\)$/,
  ],
  [
    'a __proto__ member name',
    bytes(withRaw('bad', '{"__proto__":{"polluted":true}}')),
    'validation',
    /^attributes\.x\.__proto__: the member name "__proto__" is not accepted/,
  ],
  [
    'a number beyond JSON numbers',
    bytes(withRaw('bad', '1e400')),
    'validation',
    /^attributes\.x: is a number beyond the range of JSON numbers/,
  ],
];

const LAYOUTS: Array<
  [string, (bad: Buffer) => Buffer, { index: number; line?: number; total: number }]
> = [
  [
    'NDJSON',
    (bad) => bytes(good('g1'), '\n', bad, '\n', good('g2'), '\n'),
    { index: 1, line: 2, total: 3 },
  ],
  [
    'a JSON array',
    (bad) => bytes('[\n', good('g1'), ',\n', bad, ',\n', good('g2'), '\n]'),
    { index: 1, total: 3 },
  ],
  ['one JSON object', (bad) => bad, { index: 0, total: 1 }],
];

describe('evid traces ingest: text and nesting refused per trace', () => {
  for (const [layout, build, want] of LAYOUTS) {
    it.each(BAD)(`${layout}: %s`, async (_name, bad, code, message) => {
      await ingestFile(good('existing'), 'first.json');
      const before = snapshot(store.dir);
      const r = await ingestFile(build(bad));
      expect(r.code).toBe(2);
      expect(r.stderr).not.toMatch(/internal error/);
      const [rejected, ...others] = r.report.rejected;
      expect(others).toEqual([]);
      expect(rejected).toMatchObject({ index: want.index, status: 'rejected', error: { code } });
      expect(rejected.line).toBe(want.line);
      expect(rejected.error.message).toMatch(message);
      // The line (or index) is named once, then the field.
      const where = want.line ? `line ${want.line}` : `#${want.index}`;
      expect(r.stderr.trim()).toBe(
        `evid: 1 of ${want.total} traces rejected; first (${where}): ${rejected.error.message}`,
      );
      if (want.total === 1) expect(snapshot(store.dir)).toBe(before);
      else expect(sessions(store.dir)).toEqual(['existing', 'g1', 'g2']);
    });
  }

  it('a file of only bad traces leaves the store exactly as it was', async () => {
    await ingestFile(good('existing'), 'first.json');
    const before = snapshot(store.dir);
    const r = await ingestFile(bytes(...BAD.flatMap(([, bad]) => [bad, '\n'])));
    expect(r.code).toBe(2);
    expect(r.report.accepted).toEqual([]);
    expect(r.report.rejected.map((x: { line: number }) => x.line)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8,
    ]);
    expect(snapshot(store.dir)).toBe(before);
  });

  it('a line a million levels deep is refused alone, found before parsing (no RangeError, no internal error)', async () => {
    const deep = withRaw('deep', '['.repeat(1_000_000) + ']'.repeat(1_000_000));
    const r = await ingestFile(`${good('g1')}\n${deep}\n${good('g2')}\n`);
    expect(r.code).toBe(2);
    expect(r.report.rejected).toMatchObject([
      { line: 2, error: { field: 'attributes.x', code: 'validation' } },
    ]);
    expect(sessions(store.dir)).toEqual(['g1', 'g2']);
  });

  it('names a malformed NDJSON line once', async () => {
    const r = await ingestFile(`${good('g1')}\n{"session_id": "s2",\n`);
    expect(r.code).toBe(2);
    expect(r.report.rejected[0].error.message).toMatch(/^trace: malformed JSON \(.*\) at the end$/);
    expect(r.stderr).toMatch(/first \(line 2\): trace: malformed JSON/);
    expect(r.stderr).not.toMatch(/line 2: line 2|line 2\).*line 2/);
  });

  it('stores well-formed text exactly, U+FFFD and astral characters included; constructor is an ordinary name', async () => {
    const text = 'replacement \ufffd, emoji \u{1f600}, pair \ud83d\ude00';
    const line = withRaw('ok', JSON.stringify({ text, constructor: { prototype: { x: 1 } } }));
    const r = await ingestFile(line);
    expect(r.code).toBe(0);
    const attrs = withDb(
      store.dir,
      (db) =>
        (db.prepare('SELECT attributes FROM traces').get() as { attributes: string }).attributes,
    );
    expect(JSON.parse(attrs)).toEqual({ x: { text, constructor: { prototype: { x: 1 } } } });
  });

  it('an input that is not valid UTF-8 and not JSON at all is one refused trace, not an internal error', async () => {
    const r = await ingestFile(bytes([0xff, 0xfe, 0x00, 0x41]));
    expect(r.code).toBe(2);
    expect(r.report.rejected[0].error).toMatchObject({ code: 'invalid_text', field: '(trace)' });
  });
});
