import { InvalidTextError, ValidationError } from '../errors.js';
import { decodeUtf8, invalidUtf8At, pathAt, tooDeepAt } from '../ingest/json-text.js';
import { findJsonProblem, MAX_NESTING, tooDeep } from '../ingest/well-formed.js';

/**
 * One JSON value from a line of a webhook's NDJSON body or a log file, held to the same
 * rules as every intake (src/ingest/well-formed.ts): UTF-8 refused rather than replaced,
 * bounded nesting, no `__proto__`. Errors name the line (`line 3: malformed JSON ...`), so
 * a sender or an operator can find it.
 */
export function parseJsonLine(bytes: Uint8Array, label: string): unknown {
  const text = decodeUtf8(bytes);
  if (text === undefined) {
    const at = Math.max(0, invalidUtf8At(bytes));
    throw new InvalidTextError(
      `${label}: is not valid UTF-8 (byte 0x${bytes[at]?.toString(16).padStart(2, '0')} at offset ${at}); refused, not replaced`,
      { field: label, rule: 'invalid_text' },
    );
  }
  // Before JSON.parse: parsing a line millions of levels deep takes seconds.
  const deep = tooDeepAt(text, MAX_NESTING);
  if (deep >= 0) throw tooDeep(pathAt(text, deep).path, label);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new ValidationError(`${label}: malformed JSON (${(err as Error).message})`, {
      field: label,
      rule: 'json',
    });
  }
  const problem = findJsonProblem(value, label);
  if (problem) throw problem;
  return value;
}
