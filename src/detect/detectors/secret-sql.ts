import { patternDetector, type Detector } from '../rule.js';
import { isHexDigest, secretValueVerdict } from './secret-value.js';

/**
 * Passwords set in SQL or kept in PostgreSQL's password file, where no `password=` name sits
 * beside the value: the statement or the file's line format says what the value is (issue 18,
 * the probe of common credential places written before round 16 was scored;
 * src/detect/README.md). Each is its own rule id; values are judged as a quoted password is.
 */

const passwordValue = (v: string, quoted: boolean) => secretValueVerdict(v, 'password', quoted).ok;

/**
 * SQL that sets a password: a user's, role's or grantee's `IDENTIFIED BY 'pw'` (MySQL,
 * MariaDB, Oracle, where it may be bare; prose is "identified by valgrind"), `IDENTIFIED WITH <plugin> BY 'pw'`, `SET PASSWORD ... = PASSWORD('pw')`. Oracle's
 * `IDENTIFIED BY VALUES '<hash>'` and MySQL's `BY PASSWORD '<hash>'` give a hash, not one.
 */
const sqlIdentifiedBy = patternDetector({
  id: 'secret.password:sql_identified_by',
  type: 'secret.password',
  category: 'secret',
  severity: 'high',
  regex:
    /\b(?:USER|ROLE|TO)\b[^;\n]{0,120}?\bIDENTIFIED\s+(?:WITH\s+['"`]?\w+['"`]?\s+)?BY\s+(?:(["'])([^"'\n]{4,128})\1|([A-Za-z][\w$#]{3,29})\b)/dgi,
  group: 0,
  score: 0.85,
  triggers: [['identified'], ['user', 'role', 'to']],
  refine(m, _ctx, c) {
    if (m[3] !== undefined && /^(?:values|password)$/i.test(m[3])) return null;
    const quoted = m[2] !== undefined;
    const group = quoted ? 2 : 3;
    const span = m.indices?.[group];
    if (!span || !passwordValue(m[group] ?? '', quoted)) return null;
    [c.start, c.end] = span;
    return 0.85;
  },
});

const sqlSetPassword = patternDetector({
  id: 'secret.password:sql_set_password',
  type: 'secret.password',
  category: 'secret',
  severity: 'high',
  regex: /\bSET\s+PASSWORD\b[^=\n;]{0,80}=\s*(?:PASSWORD\s*\(\s*)?(["'])([^"'\n]{4,128})\1/dgi,
  group: 2,
  score: 0.85,
  triggers: [['set'], ['password']],
  // A digest set straight into the column (`UPDATE users SET password = '<md5>'`) is the
  // stored hash; one given to `PASSWORD(...)` is the password it hashes (round 19's mends).
  refine(m) {
    const v = m[2] ?? '';
    if (isHexDigest(v) && !/\(\s*["']$/.test(m[0].slice(0, -v.length - 1))) return null;
    return passwordValue(v, true) ? 0.85 : null;
  },
});

/**
 * A PostgreSQL password file line (`.pgpass`): `host:port:database:user:password`, each of
 * the first four a name or `*`, the port digits. The host must look like one (a dotted name,
 * `localhost`, `*`, or a word with a letter beyond hex) so an IPv6 address is no line.
 */
const pgpassLine = patternDetector({
  id: 'secret.password:pgpass',
  type: 'secret.password',
  category: 'secret',
  severity: 'high',
  regex:
    /^[ \t]{0,8}(\*|[\w.-]{1,253}):(\*|\d{2,5}):(?:\*|[\w.$-]{1,63}):(?:\*|[\w.@$-]{1,63}):((?:[^\s:\\]|\\[:\\]){4,128})[ \t]*$/dgm,
  group: 3,
  score: 0.85,
  triggers: [['#colon']],
  // Four colons on one line before any regex runs: most fields have none.
  gate: (text) => /:[^:\n]*:[^:\n]*:[^:\n]*:/.test(text),
  refine(m) {
    const host = m[1] ?? '';
    if (host !== '*' && !host.includes('.') && !/[g-zG-Z_]/.test(host)) return null;
    return passwordValue((m[3] ?? '').replace(/\\(.)/g, '$1'), true) ? 0.85 : null;
  },
});

export const SQL_SECRET_DETECTORS: readonly Detector[] = [
  sqlIdentifiedBy,
  sqlSetPassword,
  pgpassLine,
];
