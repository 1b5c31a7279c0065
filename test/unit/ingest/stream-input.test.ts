import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseIngestInput, type InputItem } from '../../../src/ingest/parse-input.js';
import { MAX_TRACE_BYTES } from '../../../src/ingest/schema.js';
import { streamIngestInput } from '../../../src/ingest/stream-input.js';
import { candidates, forRun } from '../../support/intake-arbitraries.js';

/**
 * Issue 13: the streaming reader of `evid traces ingest` yields what parse-input.ts gives
 * for the same bytes, however the bytes are cut into chunks. `wholeUpTo: 0` makes even a
 * small input take the streaming path (by default an input that could be one trace is
 * parsed whole, exactly as before).
 */
async function* chunked(bytes: Buffer, sizes: number[]): AsyncGenerator<Buffer> {
  let k = 0;
  for (let at = 0; at < bytes.length;) {
    const n = Math.max(1, sizes[k++ % sizes.length]!);
    yield bytes.subarray(at, at + n);
    at += n;
  }
}

async function streamed(bytes: Buffer, sizes: number[] = [1 << 16]): Promise<InputItem[]> {
  const items: InputItem[] = [];
  for await (const item of streamIngestInput(chunked(bytes, sizes), { wholeUpTo: 0 }))
    items.push(item);
  return items;
}

/** What a user can see of an item: where it is, its value, why it was refused. */
const seen = (items: InputItem[]) =>
  items.map((i) => ({
    index: i.index,
    line: i.line,
    value: JSON.stringify(i.value),
    error: i.error && `${i.error.code}: ${i.error.message}`,
  }));

const good = (session: string): string =>
  JSON.stringify({
    session_id: session,
    agent: 'bot',
    events: [
      { type: 'llm_call', prompt: 'a "quoted" \\ [text]', timestamp: '2026-11-20T10:00:00Z' },
    ],
  });

describe('streamIngestInput agrees with parseIngestInput', () => {
  const sizes = fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 5 });

  it('on NDJSON of arbitrary traces, cut anywhere', async () => {
    await fc.assert(
      fc.asyncProperty(candidates(5), sizes, async (drawn, cuts) => {
        // A first line opening with `[` would be read as an array once streamed (see README).
        const lines = [good('first'), ...forRun(drawn).map((c) => c.bytes.toString('latin1'))];
        const bytes = Buffer.from(lines.join('\n') + '\n', 'latin1');
        expect(seen(await streamed(bytes, cuts))).toEqual(seen(parseIngestInput(bytes)));
      }),
      { numRuns: 60 },
    );
  });

  it('on a JSON array of arbitrary traces, cut anywhere', async () => {
    await fc.assert(
      fc.asyncProperty(candidates(5), sizes, async (drawn, cuts) => {
        const parts = forRun(drawn).map((c) => c.bytes);
        const bytes = Buffer.concat([
          Buffer.from('[\n'),
          ...parts.flatMap((p, i) => (i ? [Buffer.from(',\n'), p] : [p])),
          Buffer.from('\n]\n'),
        ]);
        expect(seen(await streamed(bytes, cuts))).toEqual(seen(parseIngestInput(bytes)));
      }),
      { numRuns: 60 },
    );
  });

  it.each([
    ['one object', good('one')],
    ['one object without a newline, blank lines around', `\n\n${good('one')}\n\n`],
    ['an empty array', '[]'],
    ['a one-line array', `[${good('a')},${good('b')}]`],
  ])('%s', async (_name, text) => {
    const bytes = Buffer.from(text);
    expect(seen(await streamed(bytes, [3]))).toEqual(seen(parseIngestInput(bytes)));
  });

  it('an empty input is refused as a whole, as before', async () => {
    await expect(streamed(Buffer.from(' \n\t\n'))).rejects.toThrow(/input: is empty/);
  });
});

describe('streamIngestInput on its own', () => {
  it('a bad line in the middle is refused by its line; the others go on', async () => {
    const text = `${good('a')}\n\n{"session_id": oops}\n${good('b')}\n`;
    const items = seen(await streamed(Buffer.from(text), [7]));
    expect(items.map((i) => [i.index, i.line, i.error !== undefined])).toEqual([
      [0, 1, false],
      [1, 3, true],
      [2, 4, false],
    ]);
    expect(items[1]!.error).toMatch(/^validation: trace: malformed JSON/);
  });

  it('a truncated last line (no newline, incomplete JSON) is refused, at the end', async () => {
    const text = `${good('a')}\n${good('b').slice(0, 40)}`;
    const items = seen(await streamed(Buffer.from(text), [5]));
    expect(items).toHaveLength(2);
    expect(items[1]).toMatchObject({ index: 1, line: 2 });
    expect(items[1]!.error).toMatch(/^validation: trace: malformed JSON/);
    expect(items).toEqual(seen(parseIngestInput(Buffer.from(text))));
  });

  it('a line over the trace limit is refused by size and skipped, the next line still read', async () => {
    const huge = `{"session_id":"big","pad":"${'x'.repeat(MAX_TRACE_BYTES + 100_000)}"}`;
    const items = seen(
      await streamed(Buffer.from(`${good('a')}\n${huge}\n${good('b')}\n`), [1 << 20]),
    );
    expect(items.map((i) => i.line)).toEqual([1, 2, 3]);
    expect(items[1]!.error).toMatch(/trace: is \d+ bytes, more than the limit of 10485760/);
    expect(items[2]!.error).toBeUndefined();
  });

  it('an array cut short refuses its last element and says the array is not closed', async () => {
    const text = `[${good('a')},\n${good('b')}`;
    const items = seen(await streamed(Buffer.from(text), [11]));
    expect(items.map((i) => i.index)).toEqual([0, 1]);
    expect(items[0]!.error).toBeUndefined();
    expect(items[1]!.error).toMatch(/input: ends at byte \d+ before the array is closed/);
  });

  it('text after the closing bracket is refused as one item', async () => {
    const items = seen(await streamed(Buffer.from(`[${good('a')}]\n{"x":1}\n`)));
    expect(items.map((i) => i.error ?? 'ok')).toEqual([
      'ok',
      expect.stringMatching(/input: unexpected text at byte \d+, after the array/),
    ]);
  });

  it('invalid UTF-8 in an array element is located by its byte in the input', async () => {
    const bytes = Buffer.concat([
      Buffer.from(`[${good('a')},{"session_id":"b","agent":"x`),
      Buffer.from([0xff]),
      Buffer.from('"}]'),
    ]);
    const items = await streamed(bytes, [9]);
    expect(items[1]!.error?.message).toBe(
      `agent: is not valid UTF-8 (byte 0xff at offset ${bytes.indexOf(0xff)} of the input); refused, not replaced`,
    );
  });
});
