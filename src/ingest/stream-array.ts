/**
 * A top-level JSON array read as it arrives: its elements are cut at the commas and the
 * closing bracket of level 1 and judged one by one with parseOne, as parse-input.ts's
 * piecewise path does for an array it cannot parse whole. The scan tracks only strings
 * and brackets (structural bytes are ASCII and never occur inside a multi-byte UTF-8
 * sequence), carrying its state across chunk boundaries; JSON.parse judges each element.
 */
import { ValidationError } from '../errors.js';
import { firstNonBlank } from './json-text.js';
import { parseOne, sizeCheck, type StreamedItem } from './parse-input.js';
import { MAX_PIECE_BYTES } from './schema.js';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;

/** The elements of the array whose `[` is at byte `start` of the input. */
export async function* streamArrayItems(
  chunks: AsyncIterable<Buffer>,
  start: number,
): AsyncGenerator<StreamedItem> {
  let offset = 0; // of the current chunk in the input
  let depth = 0;
  let inString = false;
  let escaped = false;
  let closed = false;
  let trailing = -1; // offset of the first non-blank byte after the closing bracket
  let index = 0;
  let elementAt = start + 1;
  let parts: Buffer[] = [];
  let length = 0;
  let skipping = false;

  const take = (piece: Buffer): void => {
    length += piece.length;
    if (skipping) return;
    if (length > MAX_PIECE_BYTES) {
      skipping = true;
      parts = [];
    } else if (piece.length > 0) parts.push(piece);
  };
  /** The element that ends at byte `end`; undefined for the blank inside `[]`. */
  const finish = (end: number, last: boolean): StreamedItem | undefined => {
    const bytes = skipping ? undefined : Buffer.concat(parts, length);
    let item: StreamedItem | undefined;
    if (!bytes) item = { index, end, ...sizeCheck(length) };
    // `[]` has no element; `[1,]` has a blank one, refused as malformed.
    else if (!last || index > 0 || firstNonBlank(bytes) >= 0)
      item = { index, end, ...parseOne(bytes, 'the input', elementAt) };
    parts = [];
    length = 0;
    skipping = false;
    if (item) index++;
    return item;
  };

  for await (const chunk of chunks) {
    if (offset + chunk.length <= start) {
      offset += chunk.length; // blank before the `[`
      continue;
    }
    let from = 0;
    if (start >= offset) {
      from = start + 1 - offset;
      depth = 1;
    }
    const items: StreamedItem[] = [];
    for (let i = from; i < chunk.length && !closed; i++) {
      const b = chunk[i]!;
      if (inString) {
        if (escaped) escaped = false;
        else if (b === BACKSLASH) escaped = true;
        else if (b === QUOTE) inString = false;
      } else if (b === QUOTE) inString = true;
      else if (b === 0x5b || b === 0x7b) depth++;
      else if (b === 0x5d || b === 0x7d) {
        if (--depth > 0) continue;
        take(chunk.subarray(from, i));
        const item = finish(offset + i, true);
        if (item) items.push(item);
        closed = true;
        from = i + 1;
      } else if (b === COMMA && depth === 1) {
        take(chunk.subarray(from, i));
        items.push(finish(offset + i + 1, false)!);
        elementAt = offset + i + 1;
        from = i + 1;
      }
    }
    if (!closed) take(chunk.subarray(from));
    else if (trailing < 0) {
      const at = firstNonBlank(chunk.subarray(from));
      if (at >= 0) trailing = offset + from + at;
    }
    offset += chunk.length;
    yield* items;
  }
  if (!closed) {
    // Cut short: the last element is refused even when it happens to be complete JSON.
    const cut = new ValidationError(
      `input: ends at byte ${offset} before the array is closed (truncated?)`,
      { field: 'input', rule: 'json' },
    );
    const pending = skipping || parts.some((p) => firstNonBlank(p) >= 0);
    const item = pending ? finish(offset, true) : undefined;
    yield { ...(item ?? { index, end: offset }), error: item?.error ?? cut };
  } else if (trailing >= 0) {
    yield {
      index,
      end: offset,
      error: new ValidationError(`input: unexpected text at byte ${trailing}, after the array`, {
        field: 'input',
        rule: 'json',
      }),
    };
  }
}
