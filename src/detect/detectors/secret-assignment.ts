import { patternDetector, type Candidate, type Detector } from '../rule.js';
import { isAwsPlaceholderKeyId } from '../validators.js';
import { secretNameKind } from './secret-name.js';
import { PUBLIC_SECRET_PREFIX } from './secret-prefix.js';
import { secretValueVerdict } from './secret-value.js';

/**
 * Issue 18's generic rule: a value assigned to any name that holds a secret word (key,
 * secret, token, password, passwd, pwd, credential, auth), whatever the syntax, instead of one
 * rule per phrase. Rounds 7-9 showed that each scanner's tests bring assignment syntaxes no
 * phrase rule reads; this rule reads the name and the value, not the syntax:
 *
 *   name = v, name: v, name := v, name => v, --name=v, "name": "v", ['name'] = 'v',
 *   name[]= "v", name 'v';  fooapikeyfoo"v";  define('NAME', 'v'), <name>v</name>, name="v"
 *
 * The name is split into parts (secret-name.ts: `passwordLabel`, `token_type`, `public_key`
 * are not secrets), and the value must not be a placeholder, code or a word, and must mix
 * character classes with enough entropy (secret-value.ts). The finding's type follows the
 * name and the value: an AWS key id shape is `secret.aws_access_key`, a password name
 * `secret.password`, any other `secret.generic_api_key`. Values with a vendor prefix are left
 * to the vendor rules, and this rule scores below them, so a specific rule wins a span.
 */

const KEYWORD = '(?:pass|pwd|secret|token|credential|key|auth|master)';
export const ASSIGNMENT = new RegExp(
  `${KEYWORD}[A-Za-z0-9_.-]{0,48}(\\[\\])?(["'\`]?)\\]?` +
    // 3: the separator: an operator, a comma between quoted strings, a quote alone, or `>`.
    `([ \\t]*(?::=|=>|=(?!=)|:(?!:))[ \\t]*|[ \\t]*,[ \\t]*(?=["'])|[ \\t]*(?=["'])|>)` +
    `(?:[@bru](?=["']))?` +
    // 4-6 a quoted value, 7 a bare one.
    `(?:"([^"\\n]{1,300})"|'([^'\\n]{1,300})'|\`([^\`\\n]{1,300})\`|([^\\s"'\`<>]{1,300}))`,
  'dgi',
);
/**
 * The cheap first look (a gate before ASSIGNMENT): a separator character with a keyword
 * name right behind it. Anchored on the separator, which prose rarely has, it reads text
 * about three times faster than ASSIGNMENT, which is anchored on the keyword ("token",
 * "key" and "pass" are common words). Every ASSIGNMENT match holds such a separator.
 */
export const SEPARATOR_AFTER_NAME = new RegExp(
  `[:=>,"'](?<=${KEYWORD}[A-Za-z0-9_.-]{0,48}(?:\\[\\])?["'\`]?\\]?[ \\t]*.)`,
  'i',
);
const NAME_CHAR = /[A-Za-z0-9_.-]/;
const AWS_KEY_ID = /^(?:AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}$/;

/** The whole name around a keyword match: back over name characters from the match start. */
function nameStart(text: string, index: number): number {
  let i = index;
  while (i > 0 && index - i < 64 && NAME_CHAR.test(text[i - 1] as string)) i--;
  return i;
}

export const assignedSecret: Detector = {
  ...patternDetector({
    id: 'secret.assigned_name',
    type: 'secret.generic_api_key',
    category: 'secret',
    severity: 'high',
    regex: ASSIGNMENT,
    score: 0.8,
    gate: (text) => SEPARATOR_AFTER_NAME.test(text),
    triggers: [
      [
        'pass',
        'password',
        'passwd',
        'pwd',
        'secret',
        'token',
        'credential',
        'credentials',
        'key',
        'auth',
        'master',
        '~pass',
        '~Pass',
        '~PASS',
        '~pwd',
        '~Pwd',
        '~PWD',
        '~secret',
        '~Secret',
        '~SECRET',
        '~token',
        '~Token',
        '~TOKEN',
        '~credential',
        '~Credential',
        '~CREDENTIAL',
        '~key',
        '~Key',
        '~KEY',
        '~auth',
        '~Auth',
        '~AUTH',
      ],
    ],
    refine: (m, ctx, c) => scoreAssignment(m, ctx.text, c),
  }),
  types: ['secret.generic_api_key', 'secret.password', 'secret.aws_access_key'],
};

function scoreAssignment(m: RegExpExecArray, text: string, c: Candidate): number | null {
  const idx = m.indices;
  if (!idx) return null;
  const sep = m[3] ?? '';
  const nameQuote = m[2] ?? '';
  const valueGroup = [4, 5, 6, 7].find((g) => m[g] !== undefined) ?? 7;
  const span = idx[valueGroup];
  if (!span) return null;
  const quoted = valueGroup !== 7;
  const start = nameStart(text, m.index);
  // The name ends where the name characters end (the regex's tail), before `[]`, quote, `]`.
  let nameEnd = m.index;
  while (nameEnd < text.length && NAME_CHAR.test(text[nameEnd] as string)) nameEnd++;
  const name = text.slice(start, nameEnd);
  const xml = sep === '>';
  if (xml && text[start - 1] !== '<') return null;
  if (nameQuote !== '' && !/["'`[]/.test(text[start - 1] ?? '')) return null;
  let value = m[valueGroup] ?? '';
  let end = span[1];
  if (!quoted && !xml) {
    // A bare value cut short by a quote is code (`os.environ["X"]`, `"'$VAR'"`); a literal
    // `\n` ends it (text quoted inside JSON); closing punctuation is not part of it.
    const next = text[span[1]];
    if (next === '"' || next === "'" || next === '`' || /\(|\w\[/.test(value)) return null;
    const trimmed = value.replace(/\\[nrt].*$/, '').replace(/[,;)}\]]+$/, '');
    end -= value.length - trimmed.length;
    value = trimmed;
  }
  const after = text[span[1] + (quoted ? 1 : 0)] ?? '';
  if (xml && !text.startsWith('</', span[1])) return null;
  // A comma separates a quoted name from a quoted value (`define('NAME', 'v')`); a quote
  // alone follows a name and closes with `;` (`private_key 'v';`, `fooapikeyfoo"v";`).
  if (/,/.test(sep) && nameQuote === '') return null;
  if (sep.trim() === '' && !xml) {
    if (!quoted || after !== ';') return null;
  }
  const kind = secretNameKind(name, xml);
  if (kind === null) return null;
  // `key` alone is as often a dictionary, cache or plist key (`<key>CFBundleName</key>`):
  // only a value mixing upper case, lower case and digits counts there.
  if (
    /^[^A-Za-z0-9]*key$/i.test(name) &&
    (xml || !/[a-z]/.test(value) || !/[A-Z]/.test(value) || !/\d/.test(value))
  )
    return null;
  if (AWS_KEY_ID.test(value)) {
    if (isAwsPlaceholderKeyId(value)) return null;
    Object.assign(c, { start: span[0], end, type: 'secret.aws_access_key', severity: 'critical' });
    return 0.85;
  }
  if (PUBLIC_SECRET_PREFIX.test(value)) return null;
  if (!secretValueVerdict(value, kind, quoted).ok) return null;
  c.start = span[0];
  c.end = end;
  if (kind === 'password') {
    c.type = 'secret.password';
    return 0.85;
  }
  return 0.8;
}
