/**
 * JSON as text and bytes, before JSON.parse sees it. The intakes refuse bad input per trace
 * and name where it is, so these helpers find things parse errors do not report: the first
 * invalid UTF-8 byte, the first container nested too deep (found before parsing, because
 * JSON.parse of a 5-million-deep body takes seconds), the path of the value at an offset,
 * and the elements of a top-level array whose whole cannot be decoded or parsed.
 * Structural characters are ASCII and never occur inside a multi-byte UTF-8 sequence, so
 * the byte scans are safe on input that is not valid UTF-8.
 */

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const isOpen = (c: number): boolean => c === 0x5b || c === 0x7b;
const isClose = (c: number): boolean => c === 0x5d || c === 0x7d;

const fatal = new TextDecoder('utf-8', { fatal: true });

/** The text of bytes, or undefined when they are not valid UTF-8 (never replaced). */
export function decodeUtf8(bytes: Uint8Array): string | undefined {
  try {
    return fatal.decode(bytes);
  } catch {
    return undefined;
  }
}

/** Offset of the first byte that does not start or continue valid UTF-8; -1 if none. */
export function invalidUtf8At(bytes: Uint8Array): number {
  for (let i = 0; i < bytes.length;) {
    const b = bytes[i]!;
    if (b < 0x80) {
      i++;
      continue;
    }
    const need = b >= 0xc2 && b <= 0xdf ? 1 : b >= 0xe0 && b <= 0xef ? 2 : b >= 0xf0 ? 3 : 0;
    if (need === 0 || b > 0xf4) return i;
    // The second byte's range excludes overlong forms, UTF-16 surrogates and > U+10FFFF.
    const [lo, hi] =
      b === 0xe0
        ? [0xa0, 0xbf]
        : b === 0xed
          ? [0x80, 0x9f]
          : b === 0xf0
            ? [0x90, 0xbf]
            : b === 0xf4
              ? [0x80, 0x8f]
              : [0x80, 0xbf];
    for (let k = 1; k <= need; k++) {
      const c = bytes[i + k];
      if (c === undefined || c < (k === 1 ? lo : 0x80) || c > (k === 1 ? hi : 0xbf)) return i;
    }
    i += need + 1;
  }
  return -1;
}

/** Index of the quote closing the string that opens at `start`; -1 if unterminated. */
function stringEnd(text: string, start: number): number {
  for (let j = text.indexOf('"', start + 1); j >= 0; j = text.indexOf('"', j + 1)) {
    let slashes = 0;
    while (text.charCodeAt(j - 1 - slashes) === BACKSLASH) slashes++;
    if (slashes % 2 === 0) return j;
  }
  return -1;
}

function byteStringEnd(bytes: Uint8Array, start: number): number {
  for (let j = bytes.indexOf(QUOTE, start + 1); j >= 0; j = bytes.indexOf(QUOTE, j + 1)) {
    let slashes = 0;
    while (bytes[j - 1 - slashes] === BACKSLASH) slashes++;
    if (slashes % 2 === 0) return j;
  }
  return -1;
}

/**
 * Offset of the first `[` or `{` that opens nesting level `limit + 1` (the outermost value
 * is level 1), or -1. Not a validator: malformed text is left to JSON.parse.
 */
export function tooDeepAt(text: string, limit: number): number {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      i = stringEnd(text, i);
      if (i < 0) return -1;
    } else if (isOpen(c)) {
      if (++depth > limit) return i;
    } else if (isClose(c)) depth--;
  }
  return -1;
}

/** Where a value sits: member names and array indexes from the outermost value down. */
export interface ValuePath {
  path: Array<string | number>;
  /** The offset is inside a member name (of the object at `path`), not a value. */
  inName: boolean;
}

/** The path of the value being written at `offset` of a JSON text (best effort). */
export function pathAt(text: string, offset: number): ValuePath {
  type Frame = { key: string | number | undefined; object: boolean; expectName: boolean };
  const stack: Frame[] = [];
  for (let i = 0; i < Math.min(offset, text.length); i++) {
    const c = text[i];
    const top = stack[stack.length - 1];
    if (c === '"') {
      const end = stringEnd(text, i);
      const naming = top?.object === true && top.expectName;
      if (end < 0 || end >= offset) return { path: keysOf(stack, naming), inName: naming };
      if (naming) {
        top.key = JSON.parse(text.slice(i, end + 1)) as string;
        top.expectName = false;
      }
      i = end;
    } else if (c === '{') stack.push({ key: undefined, object: true, expectName: true });
    else if (c === '[') stack.push({ key: 0, object: false, expectName: false });
    else if (c === '}' || c === ']') stack.pop();
    else if (c === ',' && top) {
      if (top.object) top.expectName = true;
      else top.key = (top.key as number) + 1;
    }
  }
  return { path: keysOf(stack, false), inName: false };
}

function keysOf(
  stack: Array<{ key: string | number | undefined }>,
  naming: boolean,
): Array<string | number> {
  const frames = naming ? stack.slice(0, -1) : stack;
  return frames.map((f) => f.key).filter((k): k is string | number => k !== undefined);
}

/** Byte ranges of the elements of the array opening at `start`; undefined if unbalanced. */
export function arrayElements(
  bytes: Uint8Array,
  start: number,
): Array<{ start: number; end: number }> | undefined {
  const parts: Array<{ start: number; end: number }> = [];
  let depth = 0;
  let from = start + 1;
  for (let i = start; i < bytes.length; i++) {
    const b = bytes[i]!;
    if (b === QUOTE) {
      i = byteStringEnd(bytes, i);
      if (i < 0) return undefined;
    } else if (isOpen(b)) depth++;
    else if (isClose(b)) {
      if (--depth > 0) continue;
      if (!blank(bytes, from, i) || parts.length > 0) parts.push({ start: from, end: i });
      return blank(bytes, i + 1, bytes.length) ? parts : undefined;
    } else if (b === 0x2c && depth === 1) {
      parts.push({ start: from, end: i });
      from = i + 1;
    }
  }
  return undefined;
}

/** End (exclusive) of the object or array opening at `start`, or -1 if it never closes. */
export function containerEnd(bytes: Uint8Array, start: number): number {
  let depth = 0;
  for (let i = start; i < bytes.length; i++) {
    const b = bytes[i]!;
    if (b === QUOTE) {
      i = byteStringEnd(bytes, i);
      if (i < 0) return -1;
    } else if (isOpen(b)) depth++;
    else if (isClose(b) && --depth === 0) return i + 1;
  }
  return -1;
}

const WHITESPACE = new Set([0x20, 0x09, 0x0a, 0x0d]);

/** True when bytes[from, to) is only JSON whitespace. */
export function blank(bytes: Uint8Array, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (!WHITESPACE.has(bytes[i]!)) return false;
  return true;
}

/** Offset of the first non-whitespace byte, or -1. */
export function firstNonBlank(bytes: Uint8Array): number {
  for (let i = 0; i < bytes.length; i++) if (!WHITESPACE.has(bytes[i]!)) return i;
  return -1;
}
