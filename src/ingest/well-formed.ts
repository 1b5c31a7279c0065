import { InvalidTextError, ValidationError, type EvidError } from '../errors.js';
import { MAX_DEPTH } from '../ledger/jcs.js';

/**
 * What any JSON value must be before it is validated, stored or ledgered, whatever its
 * shape: text that is well-formed Unicode (no lone surrogate, in values or member names),
 * numbers JSON can write, no `__proto__` member name, and nesting the canonical form
 * (RFC 8785, src/ledger/jcs.ts) can digest. One walk checks all four and names the first
 * offence, so a bad trace is refused alone instead of failing its batch at commit time.
 */

/**
 * Deepest nesting accepted, counting the outermost object as level 1. Stored attributes
 * sit at least one level below it, so they canonicalize at depth <= MAX_NESTING - 1,
 * inside jcs's limit.
 */
export const MAX_NESTING = MAX_DEPTH;

type Segment = string | number;
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
/** How many leading path segments a "nested too deep" field name shows. */
const DEEP_NAME_SEGMENTS = 8;

/** `['events', 3, 'prompt']` -> `events[3].prompt`; odd names quoted: `attributes["a b"]`. */
export function fieldPath(path: readonly Segment[], root = '(trace)'): string {
  let out = '';
  for (const p of path) {
    if (typeof p === 'number') out += `[${p}]`;
    else if (IDENTIFIER.test(p)) out += out ? `.${p}` : p;
    else out += `[${JSON.stringify(p)}]`;
  }
  return out || root;
}

/** A 20,000-deep array is named by where it starts (`attributes.x`), not 20,000 indexes. */
function deepFieldPath(path: readonly Segment[], root: string): string {
  const head = path.slice(0, DEEP_NAME_SEGMENTS);
  while (head.length > 1 && typeof head[head.length - 1] === 'number') head.pop();
  return fieldPath(head, root);
}

export function tooDeep(path: readonly Segment[], root = '(trace)'): ValidationError {
  const field = deepFieldPath(path, root);
  return new ValidationError(
    `${field}: is nested deeper than the limit of ${MAX_NESTING} levels of JSON (the outermost object is level 1)`,
    { field, rule: 'max_depth' },
  );
}

/** String.prototype.isWellFormed (Node 20; not in the ES2023 lib typings). */
export function isWellFormed(s: string): boolean {
  return (s as string & { isWellFormed(): boolean }).isWellFormed();
}

function loneSurrogate(s: string): string {
  const at = /\p{Cs}/u.exec(s);
  if (!at) return 'a lone surrogate';
  const unit = at[0].charCodeAt(0).toString(16).toUpperCase();
  return `a lone surrogate U+${unit} at character ${at.index}`;
}

interface Frame {
  value: object;
  level: number;
  parent: Frame | undefined;
  key: Segment | undefined;
}

function pathOf(frame: Frame, last?: Segment): Segment[] {
  const out: Segment[] = last === undefined ? [] : [last];
  for (let f: Frame | undefined = frame; f?.key !== undefined; f = f.parent) out.push(f.key);
  return out.reverse();
}

function checkMember(
  frame: Frame,
  key: Segment | undefined,
  v: unknown,
  root: string,
): EvidError | null {
  if (typeof v === 'string') {
    if (isWellFormed(v)) return null;
    const field = fieldPath(pathOf(frame, key), root);
    return new InvalidTextError(
      `${field}: is not well-formed text (${loneSurrogate(v)}); refused, not replaced`,
      { field, rule: 'invalid_text' },
    );
  }
  if (typeof v === 'number' && !Number.isFinite(v)) {
    const field = fieldPath(pathOf(frame, key), root);
    return new ValidationError(
      `${field}: is a number beyond the range of JSON numbers (about ±1.8e308)`,
      { field, rule: 'number' },
    );
  }
  return null;
}

/**
 * The first offence found in value (members before their children, depth first), or null.
 * Iterative: a value parsed from a deeply nested text must not overflow the stack here.
 */
export function findJsonProblem(value: unknown, root = '(trace)'): EvidError | null {
  if (value === null || typeof value !== 'object') {
    const top: Frame = { value: {}, level: 0, parent: undefined, key: undefined };
    return checkMember(top, undefined, value, root);
  }
  const stack: Frame[] = [{ value, level: 1, parent: undefined, key: undefined }];
  while (stack.length > 0) {
    const frame = stack.pop()!;
    if (frame.level > MAX_NESTING) return tooDeep(pathOf(frame), root);
    const children: Frame[] = [];
    if (Array.isArray(frame.value)) {
      const list = frame.value as unknown[];
      for (let i = 0; i < list.length; i++) {
        const v = list[i];
        const problem = checkMember(frame, i, v, root);
        if (problem) return problem;
        if (v !== null && typeof v === 'object')
          children.push({ value: v, level: frame.level + 1, parent: frame, key: i });
      }
    } else {
      const record = frame.value as Record<string, unknown>;
      for (const key of Object.keys(record)) {
        if (!isWellFormed(key)) {
          const field = fieldPath(pathOf(frame), root);
          return new InvalidTextError(
            `${field}: has a member name that is not well-formed text (${loneSurrogate(key)} of ${JSON.stringify(key)}); refused, not replaced`,
            { field, rule: 'invalid_text' },
          );
        }
        if (key === '__proto__') {
          const field = fieldPath(pathOf(frame, key), root);
          return new ValidationError(
            `${field}: the member name "__proto__" is not accepted (it would set an object's prototype in JavaScript)`,
            { field, rule: 'forbidden_name' },
          );
        }
        const v = record[key];
        const problem = checkMember(frame, key, v, root);
        if (problem) return problem;
        if (v !== null && typeof v === 'object')
          children.push({ value: v, level: frame.level + 1, parent: frame, key });
      }
    }
    // Pushed in reverse, so the first child is checked next.
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
  return null;
}
