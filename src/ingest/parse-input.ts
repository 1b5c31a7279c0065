import { InvalidTextError, ValidationError, type EvidError } from '../errors.js';
import {
  arrayElements,
  containerEnd,
  decodeUtf8,
  firstNonBlank,
  invalidUtf8At,
  pathAt,
  tooDeepAt,
} from './json-text.js';
import { MAX_TRACE_BYTES } from './schema.js';
import { fieldPath, MAX_NESTING, tooDeep } from './well-formed.js';

/** One candidate trace from an input document, or why it could not even be parsed. */
export interface InputItem {
  /** 0-based position in the batch. */
  index: number;
  /** 1-based line number for NDJSON input. */
  line?: number;
  value?: unknown;
  error?: EvidError;
}

/** An item read from a stream (stream-input, stream-array), with how far the input was read. */
export interface StreamedItem extends InputItem {
  /** Bytes of the input read up to the end of this item (for progress). */
  end: number;
}

/**
 * Accepts one trace ingestion request (a JSON object), a JSON array of them, or NDJSON
 * (one object per line), as bytes (a file, stdin) or text. A bad trace becomes a rejected
 * item naming its line (NDJSON) or its place in the array, and the others still go
 * through: malformed JSON, invalid UTF-8 (refused, never replaced), nesting too deep, too
 * big. A document that is none of these is one clear error.
 */
export function parseIngestInput(input: string | Uint8Array): InputItem[] {
  const text = typeof input === 'string' ? input : decodeUtf8(input);
  if (text !== undefined) {
    const trimmed = text.trim();
    if (trimmed === '')
      throw new ValidationError('input: is empty (expected a JSON object, array or NDJSON)');
    // An array's traces are one level down; NDJSON lines come back to level 0 one by one.
    if (tooDeepAt(trimmed, trimmed.startsWith('[') ? MAX_NESTING + 1 : MAX_NESTING) < 0) {
      try {
        return fromDocument(JSON.parse(trimmed), text.length);
      } catch (err) {
        if (!trimmed.includes('\n')) throw jsonError(err as Error, trimmed, 'input');
      }
      return fromNdjson(text.split('\n'));
    }
  }
  return piecewise(typeof input === 'string' ? Buffer.from(input) : input);
}

function fromDocument(doc: unknown, bytes: number): InputItem[] {
  const list = Array.isArray(doc) ? doc : [doc];
  // Only measure traces one by one when the whole input could hold an oversized one.
  const measure = bytes > MAX_TRACE_BYTES;
  return list.map((value, index) => ({
    index,
    value,
    ...(measure ? sizeCheck(Buffer.byteLength(JSON.stringify(value) ?? '')) : {}),
  }));
}

/**
 * The input as a whole is not valid UTF-8 or is nested too deep: split it without parsing
 * (array elements, else one object, else lines) and refuse only the pieces at fault.
 */
function piecewise(bytes: Uint8Array): InputItem[] {
  const start = firstNonBlank(bytes);
  if (start < 0)
    throw new ValidationError('input: is empty (expected a JSON object, array or NDJSON)');
  if (bytes[start] === 0x5b) {
    const parts = arrayElements(bytes, start);
    if (parts) {
      return parts.map((p, index) => ({
        index,
        ...parseOne(bytes.subarray(p.start, p.end), 'the input', p.start),
      }));
    }
  } else if (bytes[start] === 0x7b) {
    const end = containerEnd(bytes, start);
    if (end > 0 && firstNonBlank(bytes.subarray(end)) < 0)
      return [{ index: 0, ...parseOne(bytes.subarray(0, end), 'the input') }];
  }
  // One line is one piece: a one-line input that is no JSON document is refused as a trace.
  const lines: Uint8Array[] = [];
  for (let from = 0; from <= bytes.length;) {
    const nl = bytes.indexOf(0x0a, from);
    const to = nl < 0 ? bytes.length : nl;
    lines.push(bytes.subarray(from, to));
    from = to + 1;
  }
  return fromNdjson(lines);
}

function fromNdjson(lines: Array<string | Uint8Array>): InputItem[] {
  const items: InputItem[] = [];
  lines.forEach((raw, i) => {
    const blank = typeof raw === 'string' ? raw.trim() === '' : firstNonBlank(raw) < 0;
    if (blank) return;
    items.push({ index: items.length, line: i + 1, ...parseOne(raw, 'the line') });
  });
  return items;
}

/**
 * One trace's text (an NDJSON line, an array element, a whole document): its value, or
 * the error naming the field at fault. Byte offsets are reported from `base` of `where`.
 * The streaming reader (stream-input.ts) judges each of its pieces with it too.
 */
export function parseOne(
  raw: string | Uint8Array,
  where: string,
  base = 0,
): { value?: unknown; error?: EvidError } {
  const size = typeof raw === 'string' ? Buffer.byteLength(raw) : raw.length;
  const tooBig = sizeCheck(size);
  if (tooBig.error) return tooBig;
  let text: string;
  if (typeof raw === 'string') text = raw;
  else {
    const decoded = decodeUtf8(raw);
    if (decoded === undefined) return { error: invalidUtf8(raw, where, base) };
    text = decoded;
  }
  const line = text.trim();
  const deep = tooDeepAt(line, MAX_NESTING);
  if (deep >= 0) return { error: tooDeep(pathAt(line, deep).path) };
  try {
    return { value: JSON.parse(line) };
  } catch (err) {
    return { error: jsonError(err as Error, line, 'trace') };
  }
}

/** Names the field holding the first bad byte: the text before it is valid by definition. */
function invalidUtf8(bytes: Uint8Array, where: string, base: number): InvalidTextError {
  const at = invalidUtf8At(bytes);
  const offset = at < 0 ? 0 : at;
  const prefix = (decodeUtf8(bytes.subarray(0, offset)) ?? '').trimStart();
  const { path, inName } = pathAt(prefix, prefix.length);
  const field = fieldPath(path);
  return new InvalidTextError(
    `${field}: ${inName ? 'has a member name that ' : ''}is not valid UTF-8 (byte 0x${hex(bytes[offset])} at offset ${base + offset} of ${where}); refused, not replaced`,
    { field, rule: 'invalid_text' },
  );
}

function hex(byte: number | undefined): string {
  return (byte ?? 0).toString(16).padStart(2, '0');
}

/** A trace of `size` bytes, or the error refusing it as over MAX_TRACE_BYTES. */
export function sizeCheck(size: number): { error?: ValidationError } {
  if (size <= MAX_TRACE_BYTES) return {};
  return {
    error: new ValidationError(
      `trace: is ${size} bytes, more than the limit of ${MAX_TRACE_BYTES} bytes (10 MB)`,
      { field: 'trace', rule: 'max_bytes' },
    ),
  };
}

function jsonError(err: Error, text: string, field: string): ValidationError {
  const at = /position (\d+)/.exec(err.message);
  const near = at ? text.slice(Number(at[1]), Number(at[1]) + 20) : undefined;
  const where =
    near === undefined ? '' : near === '' ? ' at the end' : ` near ${JSON.stringify(near)}`;
  return new ValidationError(`${field}: malformed JSON (${err.message})${where}`, {
    field,
    rule: 'json',
  });
}
