/**
 * A static check for user-supplied regular expressions (policy custom rules). JavaScript
 * regexes backtrack; the shapes below are the ones that make backtracking explode:
 * nested quantifiers `(a+)+`, quantified alternatives that overlap `(a|ab)*`, adjacent
 * repeats of the same atom `\d+\d+`, a leading `.*`, and backreferences.
 * Returns the reason a pattern is refused, or null.
 */
export function catastrophicReason(pattern: string): string | null {
  return scan(pattern, true);
}

/**
 * Only the adjacent-repeat rule (`\s*\s+`, `\d+,?\d*`): the built-in patterns use bounded
 * nested groups on purpose, but none may repeat one atom back to back.
 */
export function adjacentRepeatReason(pattern: string): string | null {
  return scan(pattern, false);
}

function scan(pattern: string, strict: boolean): string | null {
  if (strict && /\\[1-9]|\\k</.test(pattern)) return 'backreferences are not allowed';
  if (strict && /^(?:\^)?(?:\.|\[\^[^\]]*\])[*+]/.test(pattern)) {
    return 'must not start with an unbounded wildcard such as .* (matches are searched anywhere already)';
  }
  const groups: Array<{ start: number; variable: boolean }> = [];
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
    } else if (ch === '(') {
      groups.push({ start: i, variable: false });
      lastAtom = '';
      continue;
    } else if (ch === ')') {
      const g = groups.pop();
      if (!g) continue;
      const q = quantifierAt(pattern, i + 1);
      if (q && isVariable(q)) {
        const body = pattern.slice(g.start + 1, i);
        if (strict && g.variable)
          return `nested quantifier in "${pattern.slice(g.start, i + 1 + q.length)}" may backtrack catastrophically`;
        if (strict && overlappingAlternatives(body)) {
          return `quantified alternatives in "${pattern.slice(g.start, i + 1 + q.length)}" overlap and may backtrack catastrophically`;
        }
        markVariable(groups);
      } else if (g.variable) {
        markVariable(groups);
      }
      lastAtom = '';
      continue;
    } else if (ch === '|') {
      lastAtom = '';
      continue;
    } else if ('*+?{'.includes(ch)) {
      continue; // handled after its atom
    } else {
      atom = ch;
    }
    const q = quantifierAt(pattern, i + 1);
    const variable = q !== null && isVariable(q);
    if (variable) {
      if (lastAtomQuantified && atom === lastAtom && atom !== '') {
        return `adjacent repeats of ${atom} may backtrack catastrophically`;
      }
      markVariable(groups);
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

function markVariable(groups: Array<{ variable: boolean }>): void {
  for (const g of groups) g.variable = true;
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

/** Two top-level alternatives that can start with the same character (or one is empty). */
function overlappingAlternatives(body: string): boolean {
  const inner = body.replace(/^\?(?::|=|!|<=|<!|<[A-Za-z_]\w*>)/, '');
  const alts: string[] = [];
  let depth = 0;
  let cur = '';
  for (let i = 0; i < inner.length; i++) {
    const ch = inner[i] as string;
    if (ch === '\\') {
      cur += inner.slice(i, i + 2);
      i++;
      continue;
    }
    if (ch === '[') {
      const close = classEnd(inner, i);
      cur += inner.slice(i, close + 1);
      i = close;
      continue;
    }
    if (ch === '(') depth++;
    if (ch === ')') depth--;
    if (ch === '|' && depth === 0) {
      alts.push(cur);
      cur = '';
    } else cur += ch;
  }
  alts.push(cur);
  if (alts.length < 2) return false;
  const firsts = new Set<string>();
  for (const a of alts) {
    if (a === '' || a.startsWith('.')) return true;
    const first = a.startsWith('\\') ? a.slice(0, 2) : (a[0] as string);
    if (firsts.has(first.toLowerCase())) return true;
    firsts.add(first.toLowerCase());
  }
  return false;
}
