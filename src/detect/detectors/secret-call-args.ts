import { patternDetector, type Detector } from '../rule.js';
import { secretValueVerdict } from './secret-value.js';

/**
 * The pieces the calls rules (secret-calls.ts) build their patterns and their value checks
 * from: an argument, the secret literal that ends one, and the checks a call's literal must
 * pass.
 */

/** A string literal in either quote, one line, or an identifier (`$user`, `self.host`). */
const LIT = `(?:"[^"\\n]{0,200}"|'[^'\\n]{0,200}')`;
export const IDENT = `(?:[$@]?[A-Za-z_][\\w.]{0,63}(?:->\\w{1,32})?)`;
export const ARG = `(?:${LIT}|${IDENT})`;
/** Between arguments, and after the call's `(`: calls laid out one argument a line too. */
export const COMMA = `\\s{0,4},\\s{0,24}`;
export const OPEN = `\\s{0,24}`;
/**
 * The secret literal: its text is the last group that took part (one per quote). It must end the
 * argument (`,` or `)` next, the line's end as in Ruby's `basic_auth u, p`, or Java's
 * `.toCharArray()`/`.getBytes()`): `"pre" + x` is not it.
 */
export const SECRET = `(?:"([^"\\n]{1,256})"|'([^'\\n]{1,256})')(?=\\s{0,4}[,)]|[ \\t]{0,4}(?:[\\r\\n;]|$)|\\.(?:toCharArray|getBytes)\\()`;

const QUOTED = /"([^"\n]*)"|'([^'\n]*)'/g;

/**
 * The secret literal's span: the last group that took part (in every alternative the secret
 * is the last group), or null when another quoted argument of the call is the same text
 * (`mysqli_connect("db", "wordpress", "wordpress")`): a fixture.
 */
function secretSpan(m: RegExpExecArray): [number, number, string] | null {
  let at = m.length - 1;
  while (at > 0 && m[at] === undefined) at--;
  const v = m[at];
  const span = m.indices?.[at];
  if (at === 0 || v === undefined || span === undefined) return null;
  const head = m[0].slice(0, span[0] - 1 - m.index);
  for (const q of head.matchAll(QUOTED)) if ((q[1] ?? q[2]) === v) return null;
  return [span[0], span[1], v];
}

/**
 * A literal that names what it stands for (`'wrongpassword'`, `"newpassword"`, `'adminpass'`,
 * `'supersecret'`, `'testkey...'`): the value checks let a quoted run of lower-case letters
 * through as a passphrase, but a call's literal is most often a test's fixture, and these
 * words are how fixtures are written. A random password holds such a word by chance about
 * once in ten thousand.
 */
const STAND_IN_WORD = /pass|secret|test|example|sample|dummy|fake|changeme/i;

/** One chunk typed twice (`rootroot`, `admin1admin1`): a fixture's value, not a random one. */
const TYPED_TWICE = /^(.{3,64})\1$/;

/** The call's literal judged as a quoted password (or key): stand-ins, runs, code refused. */
export const callValue = (v: string, kind: 'password' | 'key') =>
  !STAND_IN_WORD.test(v) && !TYPED_TWICE.test(v) && secretValueVerdict(v, kind, true).ok;

interface CallRule {
  id: string;
  type: 'secret.password' | 'secret.generic_api_key';
  regex: RegExp;
  triggers: readonly (readonly string[])[];
}

/** A rule over calls whose last captured literal is a password (or a signing key). */
export function callRule(rule: CallRule): Detector {
  const kind = rule.type === 'secret.password' ? 'password' : 'key';
  return patternDetector({
    ...rule,
    category: 'secret',
    severity: 'high',
    score: 0.85,
    refine(m, _ctx, c) {
      const s = secretSpan(m);
      if (s === null) return null;
      [c.start, c.end] = s;
      return callValue(s[2], kind) ? 0.85 : null;
    },
  });
}

export const re = (source: string, flags = 'dg') => new RegExp(source, flags);
