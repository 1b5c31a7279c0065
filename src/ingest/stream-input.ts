/**
 * The streaming twin of parse-input.ts, for `evid traces ingest FILE|-`: the same input (one
 * JSON object, a JSON array of them, or NDJSON) read from a byte stream and handed on one
 * item at a time, so memory stays bounded whatever the size of the input (issue 13).
 *
 * An input of at most `wholeUpTo` bytes (default MAX_PIECE_BYTES, so any input that could be one
 * trace) is given whole to parseIngestInput: every decision it makes (one document or NDJSON,
 * a malformed one-line input refused as a whole, a pretty-printed object) stays exactly as
 * it was. A bigger input is split as it arrives: a first `[` opens an array whose elements
 * are judged one by one (stream-array.ts); anything else is NDJSON, one trace a line. A
 * piece over MAX_PIECE_BYTES bytes is refused as oversize and skipped, never buffered.
 */
import { firstNonBlank } from './json-text.js';
import { parseIngestInput, parseOne, sizeCheck, type StreamedItem } from './parse-input.js';

import { MAX_PIECE_BYTES } from './schema.js';
import { streamArrayItems } from './stream-array.js';

export interface StreamOptions {
  /** Inputs up to this many bytes are parsed whole; tests set 0 to stream everything. */
  wholeUpTo?: number;
}

export async function* streamIngestInput(
  source: AsyncIterable<Uint8Array | string>,
  options: StreamOptions = {},
): AsyncGenerator<StreamedItem> {
  const wholeUpTo = options.wholeUpTo ?? MAX_PIECE_BYTES;
  const it = source[Symbol.asyncIterator]();
  const head: Buffer[] = [];
  let size = 0;
  let start = -1;
  for (;;) {
    const next = await it.next();
    if (next.done) {
      // Small enough to be one document: the in-memory parser decides, as it always did.
      const whole = Buffer.concat(head, size);
      for (const item of parseIngestInput(whole)) yield { ...item, end: size };
      return;
    }
    const chunk = toBuffer(next.value);
    if (start < 0) {
      const at = firstNonBlank(chunk);
      if (at >= 0) start = size + at;
    }
    head.push(chunk);
    size += chunk.length;
    if (size > wholeUpTo && start >= 0) break;
  }
  const chunks = replay(head, it);
  if (byteAt(head, start) === 0x5b) yield* streamArrayItems(chunks, start);
  else yield* streamLineItems(chunks);
}

function toBuffer(chunk: Uint8Array | string): Buffer {
  if (typeof chunk === 'string') return Buffer.from(chunk);
  return Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length);
}

function byteAt(chunks: Buffer[], offset: number): number | undefined {
  for (const c of chunks) {
    if (offset < c.length) return c[offset];
    offset -= c.length;
  }
  return undefined;
}

/** The chunks read ahead, then the rest; each head chunk is let go once handed on. */
async function* replay(
  head: Buffer[],
  it: AsyncIterator<Uint8Array | string>,
): AsyncGenerator<Buffer> {
  while (head.length > 0) yield head.shift()!;
  for (let next = await it.next(); !next.done; next = await it.next()) yield toBuffer(next.value);
}

/**
 * NDJSON on bytes: lines end at 0x0A (a CR before it is blank to JSON), blank lines are
 * skipped but counted, a line over MAX_PIECE_BYTES is refused by its size without being kept.
 * An input of one non-blank line is one document, as parseIngestInput has it: its item
 * carries no line number.
 */
async function* streamLineItems(chunks: AsyncIterable<Buffer>): AsyncGenerator<StreamedItem> {
  let index = 0;
  let line = 0;
  let offset = 0;
  let parts: Buffer[] = [];
  let length = 0;
  let skipping = false;
  // The first item waits until a second shows the input is NDJSON, not one document.
  let held: StreamedItem | undefined;
  const release = (item: StreamedItem): StreamedItem[] => {
    if (index === 1) {
      held = item;
      return [];
    }
    const out = held ? [held, item] : [item];
    held = undefined;
    return out;
  };

  const finish = (end: number): StreamedItem | undefined => {
    line++;
    let item: StreamedItem | undefined;
    if (skipping) item = { index, line, end, ...sizeCheck(length) };
    else {
      const bytes = parts.length === 1 ? parts[0]! : Buffer.concat(parts, length);
      if (firstNonBlank(bytes) >= 0) item = { index, line, end, ...parseOne(bytes, 'the line') };
    }
    parts = [];
    length = 0;
    skipping = false;
    if (item) index++;
    return item;
  };

  for await (const chunk of chunks) {
    for (let from = 0; ;) {
      const nl = chunk.indexOf(0x0a, from);
      const to = nl < 0 ? chunk.length : nl;
      length += to - from;
      if (!skipping && length > MAX_PIECE_BYTES) {
        skipping = true;
        parts = [];
      } else if (!skipping && to > from) parts.push(chunk.subarray(from, to));
      if (nl < 0) break;
      const item = finish(offset + nl + 1);
      from = nl + 1;
      if (item) yield* release(item);
    }
    offset += chunk.length;
  }
  const last = length > 0 || skipping ? finish(offset) : undefined;
  if (last) yield* release(last);
  if (held) {
    const document: StreamedItem = { ...held };
    delete document.line;
    yield document;
  }
}
