import { ValidationError } from '../errors.js';
import { MAX_TRACE_BYTES } from './schema.js';

/** One candidate trace from an input document, or why it could not even be parsed. */
export interface InputItem {
  /** 0-based position in the batch. */
  index: number;
  /** 1-based line number for NDJSON input. */
  line?: number;
  value?: unknown;
  error?: ValidationError;
}

/**
 * Accepts one trace ingestion request (a JSON object), a JSON array of them, or NDJSON
 * (one object per line). A malformed NDJSON line becomes a rejected item naming its line;
 * the other lines still go through. A document that is neither is one clear error.
 */
export function parseIngestInput(text: string): InputItem[] {
  const trimmed = text.trim();
  if (trimmed === '')
    throw new ValidationError('input: is empty (expected a JSON object, array or NDJSON)');
  try {
    return fromDocument(JSON.parse(trimmed), text.length);
  } catch (err) {
    if (err instanceof ValidationError) throw err;
    if (!trimmed.includes('\n')) throw jsonError(err as Error, trimmed);
  }
  return fromNdjson(trimmed);
}

function fromDocument(doc: unknown, bytes: number): InputItem[] {
  const list = Array.isArray(doc) ? doc : [doc];
  // Only measure traces one by one when the whole input could hold an oversized one.
  const measure = bytes > MAX_TRACE_BYTES;
  return list.map((value, index) => ({
    index,
    value,
    ...(measure ? sizeCheck(JSON.stringify(value) ?? '') : {}),
  }));
}

function fromNdjson(text: string): InputItem[] {
  const items: InputItem[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line === '') continue;
    const item: InputItem = { index: items.length, line: i + 1 };
    const tooBig = sizeCheck(line);
    if (tooBig.error) item.error = tooBig.error;
    else {
      try {
        item.value = JSON.parse(line);
      } catch (err) {
        item.error = new ValidationError(
          `line ${i + 1}: ${jsonError(err as Error, line).message}`,
          {
            line: i + 1,
            rule: 'json',
          },
        );
      }
    }
    items.push(item);
  }
  return items;
}

function sizeCheck(serialised: string): { error?: ValidationError } {
  const size = Buffer.byteLength(serialised);
  if (size <= MAX_TRACE_BYTES) return {};
  return {
    error: new ValidationError(
      `trace: is ${size} bytes, more than the limit of ${MAX_TRACE_BYTES} bytes (10 MB)`,
      { field: 'trace', rule: 'max_bytes' },
    ),
  };
}

function jsonError(err: Error, text: string): ValidationError {
  const at = /position (\d+)/.exec(err.message);
  const where = at ? ` near ${JSON.stringify(text.slice(Number(at[1]), Number(at[1]) + 20))}` : '';
  return new ValidationError(`input: malformed JSON (${err.message})${where}`, { rule: 'json' });
}
