import RE2 from 're2';

/**
 * Custom-rule regexes (policy `custom_rules`, written by users) run on RE2 (the `re2`
 * binding of Google's C++ library): an automaton, not a backtracker, so a match costs time
 * linear in the text whatever the pattern. `(\w|\d)+$` on 34 digits and `!` froze V8's
 * engine past a minute (issue 20); here it is microseconds. What RE2 cannot run in linear
 * time it refuses to compile: backreferences and lookaround. Built-in detector patterns stay
 * on V8; they are ours, and regex-audit.test.ts feeds each one adversarial megabytes.
 *
 * Syntax is JavaScript's where RE2 has the feature (`\d \w \s \b`, classes, `(?:)`,
 * `(?<name>)`, lazy quantifiers, `\uXXXX`, `\p{L}`); `.` and classes match whole code
 * points. Offsets are UTF-16 code units, like the rest of the engine. The choice of RE2 over
 * the pure-JS port (re2js) is measured in src/detect/README.md ("Custom rules").
 */

export class UnsupportedPatternError extends Error {}

export interface LinearPattern {
  /** Calls `visit` with each non-empty match, left to right, non-overlapping. */
  spans(text: string, visit: (start: number, end: number) => void): void;
  /** Whether the pattern matches the empty string (refused in a policy). */
  matchesEmpty(): boolean;
}

export interface LinearPatternSet {
  /** Indices of the patterns that match somewhere in `text`: one pass for all of them. */
  match(text: string): number[];
}

const cache = new Map<string, RE2>();
const CACHE_LIMIT = 512;

/** Compiles a user pattern, or throws UnsupportedPatternError with a reason a user can act on. */
export function compileLinear(pattern: string, caseInsensitive = false): LinearPattern {
  const re = compiled(pattern, caseInsensitive);
  return {
    spans(text, visit) {
      re.lastIndex = 0;
      let m: RegExpExecArray | null;
      while ((m = re.exec(text)) !== null) {
        if (m[0].length === 0) {
          re.lastIndex++; // UTF-16 index, like RegExp's: RE2 steps over a whole surrogate pair
          continue;
        }
        visit(m.index, m.index + m[0].length);
      }
    },
    matchesEmpty: () => new RE2(`^(?:${pattern})$`, caseInsensitive ? 'iu' : 'u').test(''),
  };
}

/** One automaton over several patterns, as a prefilter: which of them can match a field. */
export function compileLinearSet(
  patterns: readonly { pattern: string; caseInsensitive?: boolean }[],
): LinearPatternSet {
  for (const p of patterns) compiled(p.pattern, p.caseInsensitive === true); // refusals first
  const set = new RE2.Set(
    patterns.map((p) => (p.caseInsensitive ? `(?i:${p.pattern})` : p.pattern)),
    'u',
  );
  return { match: (text) => set.match(text) };
}

function compiled(pattern: string, ci: boolean): RE2 {
  const key = `${ci ? 'i' : '-'}${pattern}`;
  let re = cache.get(key);
  if (!re) {
    try {
      re = new RE2(pattern, ci ? 'giu' : 'gu');
    } catch (err) {
      throw new UnsupportedPatternError(reason(pattern, err));
    }
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(key, re);
  }
  return re;
}

const LINEAR = 'custom rules run on a linear-time engine (RE2)';

/** RE2's own messages are terse ("invalid perl operator: (?="): name the feature instead. */
function reason(pattern: string, err: unknown): string {
  const message = (err as Error).message;
  if (/invalid escape sequence: \\(?:[1-9]|k)/.test(message)) {
    return `backreferences (\\1, \\k<name>) are not supported: ${LINEAR}`;
  }
  if (/invalid perl operator: \(\?<?[=!]/.test(message) || /\(\?<?[=!]/.test(pattern)) {
    return `lookahead and lookbehind ((?=, (?!, (?<=, (?<!) are not supported: ${LINEAR}`;
  }
  if (/invalid repetition size|pattern too large/.test(message)) {
    return `too large for the linear-time engine (RE2): ${message} (at most 1000 repeats in all)`;
  }
  return `not supported by the linear-time engine (RE2): ${message}`;
}
