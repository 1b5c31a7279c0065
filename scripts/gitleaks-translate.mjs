/**
 * Go RE2 -> JavaScript regex translation for gitleaks' rule set (see
 * import-gitleaks-rules.mjs). Covers the syntax gitleaks' default config uses:
 *   (?i) at the start                 -> the `i` flag
 *   (?i) later in a group, (?i:...),  -> letters expanded to case classes ([aA]), since
 *   (?-i:...), (?s:...)                  Node 20 has no inline modifiers
 *   (?P<name>...)                     -> a non-capturing group (gitleaks' rules use named
 *                                        groups only to document alternatives)
 *   \z, \A                            -> $ and ^ (no `m` flag: the end and start of the field)
 *   [[:alpha:]] and the other POSIX classes -> ASCII ranges
 *   a `]` first in a class ([^]]), a `{` that is no repeat -> escaped
 * Anything else RE2-only (\p{..}, \Q..\E, \C) throws, so the importer lists the rule as
 * skipped rather than run a pattern that means something else.
 */

const POSIX = {
  alnum: '0-9A-Za-z',
  alpha: 'A-Za-z',
  ascii: '\\x00-\\x7F',
  blank: '\\t ',
  cntrl: '\\x00-\\x1F\\x7F',
  digit: '0-9',
  graph: '!-~',
  lower: 'a-z',
  print: ' -~',
  punct: '!-\\/:-@\\[-`{-~',
  space: '\\t\\n\\v\\f\\r ',
  upper: 'A-Z',
  word: '0-9A-Za-z_',
  xdigit: '0-9A-Fa-f',
};

const isLetter = (c) => /^[A-Za-z]$/.test(c);
const swapCase = (c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase());

/** Parses `{n}`, `{n,}` or `{n,m}` at i; returns its length or 0 when it is a literal `{`. */
function repeatLength(src, i) {
  const m = /^\{\d+(?:,\d*)?\}/.exec(src.slice(i, i + 16));
  return m ? m[0].length : 0;
}

/** One character class starting at `open` ('['): returns [jsClass, indexAfter]. */
function translateClass(src, open, ci) {
  let i = open + 1;
  let negate = false;
  if (src[i] === '^') {
    negate = true;
    i++;
  }
  const items = []; // emitted pieces
  const letters = []; // [lo, hi] ranges of literal characters, for case expansion
  let first = true;
  const literal = (c) => {
    items.push(/[\]\\^[-]/.test(c) ? `\\${c}` : c);
    return c;
  };
  const single = () => {
    // returns the literal char consumed, or null when an escape class / POSIX class was emitted
    const c = src[i];
    if (c === '[' && src[i + 1] === ':') {
      const end = src.indexOf(':]', i + 2);
      const name = src.slice(i + 2, end);
      if (end === -1 || !(name in POSIX)) throw new Error(`unknown POSIX class at ${i}`);
      items.push(POSIX[name]);
      if (ci && /[A-Za-z]/.test(POSIX[name])) items.push('A-Za-z');
      i = end + 2;
      return null;
    }
    if (c === '\\') {
      const e = src[i + 1];
      i += 2;
      if ('wWsSdD'.includes(e)) {
        items.push(`\\${e}`);
        return null;
      }
      if (e === 'x') {
        const hex = /^[0-9A-Fa-f]{2}/.exec(src.slice(i));
        if (!hex) throw new Error('\\x{...} is not supported');
        i += 2;
        return String.fromCharCode(parseInt(hex[0], 16));
      }
      if (e === 'n') return '\n';
      if (e === 'r') return '\r';
      if (e === 't') return '\t';
      if (e === 'f') return '\f';
      if (e === 'v') return '\v';
      if (/[A-Za-z0-9]/.test(e)) throw new Error(`escape \\${e} in a class is not supported`);
      return e;
    }
    i++;
    return c;
  };
  const emitChar = (c) => {
    if (c === '\n') items.push('\\n');
    else if (c === '\r') items.push('\\r');
    else if (c === '\t') items.push('\\t');
    else if (c === '\f') items.push('\\f');
    else if (c === '\v') items.push('\\v');
    else if (c.charCodeAt(0) < 0x20 || c === '`')
      items.push(`\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
    else literal(c);
  };
  while (i < src.length && (src[i] !== ']' || first)) {
    first = false;
    const lo = single();
    if (lo === null) continue;
    if (src[i] === '-' && src[i + 1] !== ']' && i + 1 < src.length) {
      i++;
      const hi = single();
      if (hi === null) throw new Error('a range may not end in a class escape');
      emitChar(lo);
      items.push('-');
      emitChar(hi);
      letters.push([lo, hi]);
    } else {
      emitChar(lo);
      letters.push([lo, lo]);
    }
  }
  if (src[i] !== ']') throw new Error('unterminated class');
  if (ci) {
    // Add the other case of every letter in the class (ranges split per case).
    for (const [lo, hi] of letters) {
      for (const [a, z] of [
        ['a', 'z'],
        ['A', 'Z'],
      ]) {
        const from = lo > a ? lo : a;
        const to = hi < z ? hi : z;
        if (from > to) continue;
        const sf = swapCase(from);
        const st = swapCase(to);
        emitChar(sf);
        if (st !== sf) {
          items.push('-');
          emitChar(st);
        }
      }
    }
  }
  return [`[${negate ? '^' : ''}${items.join('')}]`, i + 1];
}

/**
 * Translates one Go pattern. Returns { source, flags } for `new RegExp(source, flags)`
 * (flags never include `g`/`d`; the caller adds them).
 */
export function translateGoRegex(pattern) {
  let src = pattern;
  let flags = '';
  // A leading (?i) with no (?-i...) anywhere is the `i` flag; otherwise case is expanded.
  if (src.startsWith('(?i)') && !src.includes('(?-i')) {
    src = src.slice(4);
    flags = 'i';
  }
  if (/\\[pPQEC]/.test(src)) throw new Error('uses an RE2-only escape (\\p, \\Q, \\C)');
  let out = '';
  const stack = [];
  let ci = false;
  let dotAll = false;
  for (let i = 0; i < src.length;) {
    const c = src[i];
    if (c === '\\') {
      const e = src[i + 1];
      if (e === undefined) throw new Error('trailing backslash');
      if (e === 'z') out += '$';
      else if (e === 'A') out += '^';
      else if (/[1-9]/.test(e)) throw new Error('backreferences are not RE2');
      else if (e === 'x') {
        const hex = /^[0-9A-Fa-f]{2}/.exec(src.slice(i + 2));
        if (!hex) throw new Error('\\x{...} is not supported');
        out += `\\x${hex[0]}`;
        i += 4;
        continue;
      } else if (/[A-Za-z]/.test(e)) {
        if (!'bBwWsSdDnrtfv'.includes(e)) throw new Error(`escape \\${e} is not supported`);
        out += `\\${e}`;
      } else out += /[\^$\\.*+?()[\]{}|/-]/.test(e) ? `\\${e}` : e;
      i += 2;
      continue;
    }
    if (c === '[') {
      const [cls, next] = translateClass(src, i, ci);
      out += cls;
      i = next;
      continue;
    }
    if (c === '(') {
      if (src[i + 1] !== '?') {
        stack.push([ci, dotAll]);
        out += '(';
        i++;
        continue;
      }
      const named = /^\(\?P?<([A-Za-z_]\w*)>/.exec(src.slice(i));
      if (named) {
        stack.push([ci, dotAll]);
        out += '(?:';
        i += named[0].length;
        continue;
      }
      const m = /^\(\?([a-zA-Z]*)(?:-([a-zA-Z]*))?(:|\))/.exec(src.slice(i));
      if (!m) throw new Error(`unsupported group at ${i}`);
      const [whole, on = '', off = '', end] = m;
      for (const f of on + off) if (!'is'.includes(f)) throw new Error(`flag ${f} not supported`);
      if (end === ':') {
        stack.push([ci, dotAll]);
        out += '(?:';
      }
      // Under the `i` flag an inline (?i) changes nothing (and no (?-i) occurs).
      if (flags !== 'i' && on.includes('i')) ci = true;
      if (off.includes('i')) ci = false;
      if (on.includes('s')) dotAll = true;
      if (off.includes('s')) dotAll = false;
      i += whole.length;
      continue;
    }
    if (c === ')') {
      const saved = stack.pop();
      if (!saved) throw new Error('unbalanced )');
      [ci, dotAll] = saved;
      out += ')';
      i++;
      continue;
    }
    if (c === '{') {
      const n = repeatLength(src, i);
      if (n === 0) {
        out += '\\{';
        i++;
      } else {
        out += src.slice(i, i + n);
        i += n;
      }
      continue;
    }
    if (c === '}') {
      out += '\\}';
      i++;
      continue;
    }
    if (c === '.') {
      out += dotAll ? '[\\s\\S]' : '[^\\n]';
      i++;
      continue;
    }
    if (ci && isLetter(c)) {
      out += `[${c}${swapCase(c)}]`;
      i++;
      continue;
    }
    out += c === '/' ? '\\/' : c;
    i++;
  }
  if (stack.length > 0) throw new Error('unbalanced (');
  new RegExp(out, flags); // throws if V8 refuses it
  return { source: out, flags };
}
