import { patternDetector } from '../rule.js';
import { callValue, re, secretSpan } from './secret-call-args.js';

/**
 * A password given to a well-known command on its command line (issue 18, with the calls
 * rules of secret-calls.ts, which registers it): `mysql -p<pw>` (glued: a
 * blank after `-p` makes it prompt), `redis-cli -a <pw>`, `docker login -p <pw>` and
 * `echo '<pw>' | docker login --password-stdin`, `az login -p <pw>`, keytool's and
 * jarsigner's `-storepass`/`-keypass <pw>`, `htpasswd -b [file] user <pw>` (`-b` takes the
 * password from the command line). Unquoted, the value is judged as an unquoted password
 * (a run of letters is a word, `$MYSQL_PWD` is code).
 */
const FLAG_VALUE = `(?:'([^'\\n]{1,128})'|"([^"\\n]{1,128})"|([^\\s'"|;&<>]{1,128}))`;
const FLAG_END = `(?=\\s|$|[|;&<>)])`;
export const commandFlag = patternDetector({
  id: 'secret.password:command_flag',
  type: 'secret.password',
  category: 'secret',
  severity: 'high',
  regex: re(
    `\\bmysql(?:dump|admin)?(?:\\s[^\\n|;&]{0,200}?)?\\s-p${FLAG_VALUE}${FLAG_END}` +
      `|\\bredis-cli(?:\\s[^\\n|;&]{0,200}?)?\\s-a\\s{1,4}${FLAG_VALUE}${FLAG_END}` +
      `|\\b(?:docker\\s{1,4}login|az\\s{1,4}login)(?:\\s[^\\n|;&]{0,200}?)?\\s-p\\s{1,4}${FLAG_VALUE}${FLAG_END}` +
      `|\\becho\\s{1,4}(?:-n\\s{1,4})?${FLAG_VALUE}\\s{0,4}\\|\\s{0,4}(?:sudo\\s{1,4})?docker\\s{1,4}login\\s[^\\n|;&]{0,200}--password-stdin` +
      `|\\s-(?:src|dest)?(?:storepass|keypass)\\s{1,4}${FLAG_VALUE}${FLAG_END}` +
      `|\\bhtpasswd((?:\\s{1,4}-[A-Za-z]{1,4}){1,4})(?:\\s{1,4}[^\\s-]\\S{0,199})?\\s{1,4}[^\\s-]\\S{0,63}\\s{1,4}${FLAG_VALUE}${FLAG_END}`,
  ),
  score: 0.85,
  triggers: [
    [
      'mysql',
      'mysqldump',
      'mysqladmin',
      'redis',
      'docker',
      'az',
      'storepass',
      'keypass',
      'srcstorepass',
      'deststorepass',
      'srckeypass',
      'destkeypass',
      'htpasswd',
    ],
  ],
  refine(m, _ctx, c) {
    // htpasswd reads the password from the command line only with `-b`.
    if (m[0].startsWith('htpasswd') && !/b/.test(m[m.length - 4] ?? '')) return null;
    const s = secretSpan(m);
    if (s === null) return null;
    [c.start, c.end] = s;
    const quoted = m[m.length - 1] === undefined;
    return callValue(s[2], 'password', quoted) ? 0.85 : null;
  },
});
