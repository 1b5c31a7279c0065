/**
 * The gate of the generic assignment rule (secret-assignment.ts): a cheap test that is false
 * only when the rule's regex cannot match, so most fields that merely mention a key or a
 * token are never read by that regex. round10.test.ts checks it against every labelled text.
 */

/** The secret words a name must hold, and the name characters around them. */
export const KEYWORD = '(?:pass|pwd|secret|token|cred|key|auth|master)';
export const NAME_TAIL = '[A-Za-z0-9_.-]{0,48}';
/** What may lead a line-form assignment: Dockerfile, shell and Apache directives. */
export const DIRECTIVE = '(?:(?:ENV|ARG|export|set|setenv|SetEnv)[ \\t]+)?';

/**
 * Characters that may sit between a name and its separator: spaces, quotes, `[]`, `!?:=`,
 * and the comma of `set :name, "v"` (a Capistrano setting: no quote closes the name there).
 */
const BETWEEN = new Uint8Array(128);
for (const ch of ' \t[]\\"\'`!?:=,') BETWEEN[ch.charCodeAt(0)] = 1;
const IN_NAME = new Uint8Array(128);
for (let c = 0; c < 128; c++) IN_NAME[c] = /[A-Za-z0-9_.-]/.test(String.fromCharCode(c)) ? 1 : 0;
const SECRET_WORD = new RegExp(KEYWORD, 'i');
const SEPARATOR_CHARS = [':', '=', '>', '"', "'", '`'];

/** A name holding a secret word ends within the 40 characters before `at`. */
function secretNameBefore(text: string, at: number): boolean {
  let j = at - 1;
  for (const stop = Math.max(0, at - 40); j >= stop && BETWEEN[text.charCodeAt(j)] === 1;) j--;
  const end = j + 1;
  for (const stop = Math.max(0, end - 64); j >= stop && IN_NAME[text.charCodeAt(j)] === 1;) j--;
  return end - j > 3 && SECRET_WORD.test(text.slice(j + 1, end));
}

/**
 * The cheap first look (a gate before ASSIGNMENT): a separator character with a secret
 * name right behind it. Every ASSIGNMENT match but a `--flag value` and a line-form one
 * has such a character (`: = > " ' \``: a quote that closes the name stands in for a comma
 * after it) within 40 characters of the name's end (at most 32 spaces, a `[]`, quotes, a
 * two-character operator head). indexOf finds the few separators of a prose field much
 * faster than a regex reads it: on the bench texts about 12 ms per 20 MB, against 33 for a
 * lookbehind regex anchored on the separator and 90 for ASSIGNMENT itself.
 */
function separatorAfterName(text: string): boolean {
  for (const ch of SEPARATOR_CHARS) {
    for (let i = text.indexOf(ch); i !== -1; i = text.indexOf(ch, i + 1))
      if (secretNameBefore(text, i)) return true;
  }
  return false;
}
/** Characters a flag's value may not start with (ASSIGNMENT's flag separator). */
const NOT_VALUE_START = new Set([...'"\'`<>=:-']);

/**
 * `--name value` with a secret word in the name: from each blank that ends a name, back over
 * the name (at most 110 characters: `--`, a keyword and two 48-character tails). A regex
 * that tries every `--` read up to 100 characters from each: 0.7 s for a 1 MB run of dashes.
 */
function flagWithValue(text: string): boolean {
  if (!text.includes('--')) return false;
  for (const blank of [' ', '\t']) {
    for (let i = text.indexOf(blank); i !== -1; i = text.indexOf(blank, i + 1)) {
      if (i === 0 || IN_NAME[text.charCodeAt(i - 1)] !== 1) continue;
      let v = i;
      while (text[v] === ' ' || text[v] === '\t') v++;
      const next = text[v];
      if (next === undefined || /\s/.test(next) || NOT_VALUE_START.has(next)) continue;
      let j = i - 1;
      for (const stop = Math.max(0, i - 110); j >= stop && IN_NAME[text.charCodeAt(j)] === 1;) j--;
      const name = text.slice(j + 1, i);
      if (name.includes('--') && SECRET_WORD.test(name)) return true;
    }
  }
  return false;
}
/** A name and a value alone on the text's first line (or on any line, given one). */
const LINE = `[ \\t]*${DIRECTIVE}${NAME_TAIL}${KEYWORD}${NAME_TAIL}[ \\t]+[^\\s"'\`<>=:]+[ \\t]*\\r?`;
const FIRST_LINE_WITH_VALUE = new RegExp(`^${LINE}(?:\\n|$)`, 'i');
// Anchored on the newline that ends such a line (a lookbehind reads the line), which is
// cheaper than trying every line start.
const LINE_WITH_VALUE_BEFORE_NEWLINE = new RegExp(`\\n(?<=(?:^|\\n)${LINE}\\n)`, 'i');
function mayHoldLineForm(text: string): boolean {
  // A line-form assignment is at most a name (~100) and a value (300) long: most prose
  // fields are one longer line, settled by one indexOf.
  const firstBreak = text.indexOf('\n');
  const first = firstBreak === -1 ? text : text.slice(0, firstBreak);
  if (fewWords(first) && FIRST_LINE_WITH_VALUE.test(first)) return true;
  if (firstBreak === -1) return false;
  if (LINE_WITH_VALUE_BEFORE_NEWLINE.test(text)) return true;
  const last = text.slice(text.lastIndexOf('\n') + 1);
  return fewWords(last) && FIRST_LINE_WITH_VALUE.test(last);
}

/** At most 450 characters and 4 runs of spaces after the indentation: `[directive] name value`. */
function fewWords(line: string): boolean {
  if (line.length > 450) return false;
  let runs = 0;
  for (let i = line.indexOf(' '); i !== -1; i = line.indexOf(' ', i + 1))
    if (i > 0 && line.charCodeAt(i - 1) !== 32 && line.charCodeAt(i - 1) !== 9 && ++runs > 4)
      return false;
  return true;
}

/** The gate: false only when ASSIGNMENT cannot match. */
export function mayHoldAssignment(text: string): boolean {
  return separatorAfterName(text) || flagWithValue(text) || mayHoldLineForm(text);
}
