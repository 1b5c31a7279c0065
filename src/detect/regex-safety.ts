/**
 * A static check for the built-in detector patterns, which run on V8's backtracking engine:
 * none may repeat one atom back to back (`\s*\s+`, `\d+,?\d*`), the shape that made one
 * insult rule quadratic on long blank runs. regex-audit.test.ts applies it to every built-in
 * pattern, next to the 1 MB adversarial runs. Custom rules (user patterns) do not need it:
 * they run on RE2, linear whatever the pattern (linear-regex.ts).
 * Returns the reason a pattern is refused, or null.
 */
export function adjacentRepeatReason(pattern: string): string | null {
  let lastAtom = '';
  let lastAtomQuantified = false;
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i] as string;
    let atom = '';
    if (ch === '\\') {
      atom = pattern.slice(i, i + 2);
      i++;
    } else if (ch === '[') {
      const close = classEnd(pattern, i);
      atom = pattern.slice(i, close + 1);
      i = close;
    } else if (ch === '(' || ch === ')' || ch === '|') {
      lastAtom = ''; // a group boundary or an alternative separates the repeats
      if (ch === ')') i += quantifierAt(pattern, i + 1)?.length ?? 0;
      continue;
    } else if ('*+?{'.includes(ch)) {
      continue; // handled after its atom
    } else {
      atom = ch;
    }
    const q = quantifierAt(pattern, i + 1);
    const variable = q !== null && isVariable(q);
    if (variable && lastAtomQuantified && atom === lastAtom && atom !== '') {
      return `adjacent repeats of ${atom} may backtrack catastrophically`;
    }
    if (q?.startsWith('?')) {
      i += q.length; // an optional atom does not separate the repeats around it: `\s*,?\s+`
      continue;
    }
    lastAtom = atom;
    lastAtomQuantified = variable;
    if (q) i += q.length;
  }
  return null;
}

function classEnd(p: string, open: number): number {
  for (let i = open + 1; i < p.length; i++) {
    if (p[i] === '\\') i++;
    else if (p[i] === ']' && i > open + 1) return i;
  }
  return p.length - 1;
}

const QUANTIFIER = /^(?:[*+?]|\{\d+(?:,\d*)?\})\??/;

function quantifierAt(p: string, i: number): string | null {
  return QUANTIFIER.exec(p.slice(i, i + 16))?.[0] ?? null;
}

/** `*`, `+` and ranged counts repeat a variable number of times; `{3}` and `?` do not nest badly. */
function isVariable(q: string): boolean {
  if (q.startsWith('*') || q.startsWith('+')) return true;
  const m = /^\{(\d+)(,(\d*))?\}/.exec(q);
  if (!m) return false;
  if (m[2] === undefined) return false;
  return m[3] === '' || Number(m[3]) > Number(m[1]);
}
