import { patternDetector, type Detector } from '../rule.js';
import { secretValueVerdict } from './secret-value.js';

/**
 * Passwords given to well-known programs on their command line, where no `password=` name
 * sits beside the value: the program's flag or argument says what the value is (SQL and
 * `.pgpass` are in `secret-sql.ts`) (issue 18, a probe of common credential places written before round
 * 16 was scored; src/detect/README.md). Each family is its own rule id for `disabled_rules`.
 * Every value is judged as a quoted password is (stand-ins, runs, templates, code), so
 * `-p $DB_PASS` or `-P changeme` stays quiet.
 */

const passwordValue = (v: string, quoted: boolean) => secretValueVerdict(v, 'password', quoted).ok;

/**
 * The value after a flag: quoted (group q+1 inside quote q) or bare (group q+2). A bare value
 * stops at a shell metacharacter and may not start like another flag.
 */
const VALUE = `(?:(["'])([^"'\\n]{4,128})\\1|([^\\s"'|;&<>\`$-][^\\s"'|;&<>\`]{3,127}))`;

/** Points the candidate at whichever value group matched (quoted `q+1`, bare `q+2`). */
function judgeValue(
  m: RegExpExecArray,
  c: { start: number; end: number },
  q: number,
  score: number,
): number | null {
  const quoted = m[q + 1] !== undefined;
  const group = quoted ? q + 1 : q + 2;
  const span = m.indices?.[group];
  const v = m[group];
  if (!span || v === undefined || !passwordValue(v, quoted)) return null;
  [c.start, c.end] = span;
  return score;
}

/**
 * Programs whose short flag takes a password, with the flag as the program spells it
 * (case matters: `mysql -P` is a port, `ipmitool -p` too). `--password=value` is the
 * assignment rule's; these are the flags with no password word in them.
 */
const FLAG_PROGRAMS: readonly {
  name: string;
  programs: string;
  flag: string;
  triggers: readonly string[];
}[] = [
  // `-p` glued to the value (`-pS3cret`): `-p` alone asks for the password at a prompt.
  {
    name: 'mysql',
    programs: 'mysql|mysqldump|mysqladmin|mysqlimport|mysqlshow|mysqlcheck|mariadb|mariadb-dump',
    flag: '-p(?=\\S)',
    triggers: [
      'mysql',
      'mysqldump',
      'mysqladmin',
      'mysqlimport',
      'mysqlshow',
      'mysqlcheck',
      'mariadb',
    ],
  },
  { name: 'sshpass', programs: 'sshpass', flag: '-p ?', triggers: ['sshpass'] },
  {
    name: 'keytool',
    programs: 'keytool|jarsigner',
    flag: '-(?:src|dest|new)?(?:storepass|keypass) ',
    triggers: ['keytool', 'jarsigner'],
  },
  {
    name: 'registry_login',
    programs: '(?:docker|podman|buildah|skopeo|nerdctl|oras|crane|helm registry) login',
    flag: '-p ',
    triggers: ['login'],
  },
  { name: 'redis_cli', programs: 'redis-cli', flag: '-a ', triggers: ['redis'] },
  {
    name: 'sqlcmd',
    programs: 'sqlcmd|bcp|osql|isql',
    flag: '-P ?',
    triggers: ['sqlcmd', 'bcp', 'osql', 'isql'],
  },
  { name: 'ipmitool', programs: 'ipmitool', flag: '-P ', triggers: ['ipmitool'] },
  {
    name: 'ldap',
    programs: 'ldapsearch|ldapadd|ldapmodify|ldapdelete|ldappasswd|ldapwhoami|ldapcompare',
    flag: '-w ',
    triggers: ['ldapsearch', 'ldapadd', 'ldapmodify', 'ldapdelete', 'ldappasswd', 'ldapwhoami'],
  },
  { name: 'az_login', programs: 'az login', flag: '-p ', triggers: ['az'] },
  {
    name: 'rdp',
    programs: 'xfreerdp|wlfreerdp|sdl-freerdp|rdesktop',
    flag: '(?:/p:|-p )',
    triggers: ['xfreerdp', 'wlfreerdp', 'freerdp', 'rdesktop'],
  },
  { name: 'psexec', programs: 'psexec|PsExec(?:64)?', flag: '-p ', triggers: ['psexec'] },
  {
    name: 'mongo',
    programs: 'mongo|mongosh|mongodump|mongorestore|mongoexport|mongoimport',
    flag: '-p ',
    triggers: ['mongo', 'mongosh', 'mongodump', 'mongorestore', 'mongoexport', 'mongoimport'],
  },
  {
    name: 'mosquitto',
    programs: 'mosquitto_pub|mosquitto_sub',
    flag: '-P ',
    triggers: ['mosquitto'],
  },
  { name: 'cqlsh', programs: 'cqlsh', flag: '-p ', triggers: ['cqlsh'] },
  { name: 'zip', programs: 'zip|unzip', flag: '-P ', triggers: ['zip', 'unzip'] },
  { name: '7z', programs: '7z|7za|7zr', flag: '-p(?=\\S)', triggers: ['7z', '7za', '7zr'] },
  { name: 'gpg', programs: 'gpg2?', flag: '--passphrase ', triggers: ['gpg', 'gpg2'] },
];

function flagRule(p: (typeof FLAG_PROGRAMS)[number]): Detector {
  // The program, then up to 200 characters of its command line (a `\` line continuation
  // included), then the flag and its value.
  const regex = new RegExp(
    `(?<![\\w./-])(?:${p.programs})(?![\\w-])(?:[^\\n|;&\\\\]|\\\\\\r?\\n){0,200}?\\s${p.flag}${VALUE}`,
    'dg',
  );
  return patternDetector({
    id: `secret.password:${p.name}_flag`,
    type: 'secret.password',
    category: 'secret',
    severity: 'high',
    regex,
    group: 0,
    score: 0.85,
    triggers: [p.triggers],
    refine: (m, _ctx, c) => judgeValue(m, c, 1, 0.85),
  });
}

/**
 * A user and password in one argument, split by the program's own mark: Samba's
 * `-U user%password`, Oracle's `sqlplus user/password@db`, lftp's `-u user,password`.
 */
const smbUser = patternDetector({
  id: 'secret.password:smb_user',
  type: 'secret.password',
  category: 'secret',
  severity: 'high',
  regex:
    /(?<![\w./-])(?:smbclient|rpcclient|smbget|smbcacls|smbmap|net rpc)(?![\w-])[^\n|;&]{0,200}?\s(?:-U ?|--user(?:name)?[ =])(["']?)[^\s%"']{1,64}%([^\s"']{4,128})\1(?![^\s"'])/dg,
  group: 2,
  score: 0.85,
  triggers: [['smbclient', 'rpcclient', 'smbget', 'smbcacls', 'smbmap', 'net']],
  refine: (m) => (passwordValue(m[2] ?? '', true) ? 0.85 : null),
});

const oracleLogin = patternDetector({
  id: 'secret.password:oracle_login',
  type: 'secret.password',
  category: 'secret',
  severity: 'high',
  regex:
    /(?:(?<![\w./-])(?:sqlplus|sqlldr|expdp|impdp|rman\s+(?:target|catalog))(?:\s+-\w+)*\s+|^[ \t]*conn(?:ect)?\s+)(["']?)[A-Za-z][\w$#]{0,29}\/([^\s@"'/]{4,64})(?=@|\1(?:\s|$))/dgim,
  group: 2,
  score: 0.85,
  triggers: [['sqlplus', 'sqlldr', 'expdp', 'impdp', 'rman', 'conn', 'connect']],
  refine: (m) => (passwordValue(m[2] ?? '', true) ? 0.85 : null),
});

/** Windows' `net use Z: \\server\share <password> /user:<name>` (either order). */
const netUse = patternDetector({
  id: 'secret.password:net_use',
  type: 'secret.password',
  category: 'secret',
  severity: 'high',
  regex:
    /\bnet use\b[^\n|&]{0,80}?\\\\[^\s\\]+(?:\\[^\s\\]+)*\s+(?:\/user:\S+\s+)?([^\s/"'][^\s"']{3,127}|"[^"\n]{4,128}")(?=\s+\/user:|\s*$|\s+\/)/dgim,
  group: 1,
  score: 0.85,
  triggers: [['net'], ['use']],
  refine(m, _ctx, c) {
    const raw = m[1] ?? '';
    const quoted = raw.startsWith('"');
    const v = quoted ? raw.slice(1, -1) : raw;
    if (!passwordValue(v, quoted)) return null;
    if (quoted) [c.start, c.end] = [c.start + 1, c.end - 1];
    return 0.85;
  },
});

/**
 * Positional passwords: `htpasswd -b[c] <file> <user> <password>` (`-nb <user> <password>`
 * with no file), `rabbitmqctl add_user <user> <password>` and `change_password`.
 */
const htpasswd = patternDetector({
  id: 'secret.password:htpasswd',
  type: 'secret.password',
  category: 'secret',
  severity: 'high',
  regex: /\bhtpasswd\s+-([a-zA-Z]*b[a-zA-Z]*)\s+(\S+)\s+(\S+)(?:[ \t]+(\S+))?/dg,
  group: 0,
  score: 0.85,
  triggers: [['htpasswd']],
  refine(m, _ctx, c) {
    const group = (m[1] ?? '').includes('n') ? 3 : 4;
    const span = m.indices?.[group];
    let v = m[group];
    if (!span || v === undefined) return null;
    let [start, end] = span;
    const quote = /^(["'])(.*)\1$/.exec(v);
    if (quote) [v, start, end] = [quote[2] ?? '', start + 1, end - 1];
    if (!passwordValue(v, true)) return null;
    [c.start, c.end] = [start, end];
    return 0.85;
  },
});

const rabbitmqUser = patternDetector({
  id: 'secret.password:rabbitmqctl',
  type: 'secret.password',
  category: 'secret',
  severity: 'high',
  regex: new RegExp(
    `\\brabbitmqctl\\s+(?:-\\S+\\s+){0,4}(?:add_user|change_password)\\s+(["']?)[^\\s"']{1,64}\\1\\s+${VALUE}`,
    'dg',
  ),
  group: 0,
  score: 0.85,
  triggers: [['rabbitmqctl']],
  refine: (m, _ctx, c) => judgeValue(m, c, 2, 0.85),
});

/**
 * A password piped into a program that reads it from standard input: `echo 'pw' | sudo -S`,
 * `echo "pw" | docker login --password-stdin`, `echo 'user:pw' | chpasswd`.
 */
const pipedPassword = patternDetector({
  id: 'secret.password:piped',
  type: 'secret.password',
  category: 'secret',
  severity: 'high',
  regex: new RegExp(
    `\\b(?:echo|printf)\\s+(?:-[ne]{1,2}\\s+)?${VALUE}\\s*\\|\\s*(?:sudo\\b[^\\n|;&]{0,40}?\\s-S\\b|[^\\n|;&]{0,80}?--password-stdin\\b)`,
    'dg',
  ),
  group: 0,
  score: 0.85,
  triggers: [
    ['echo', 'printf'],
    ['sudo', 'stdin'],
  ],
  refine: (m, _ctx, c) => judgeValue(m, c, 1, 0.85),
});

const chpasswd = patternDetector({
  id: 'secret.password:chpasswd',
  type: 'secret.password',
  category: 'secret',
  severity: 'high',
  regex:
    /\b(?:echo|printf)\s+(?:-[ne]{1,2}\s+)?(["']?)[\w.-]{1,32}:([^\s"':]{4,128})\1\s*\|\s*(?:sudo\s+)?chpasswd\b/dg,
  group: 2,
  score: 0.85,
  triggers: [['chpasswd']],
  refine: (m) => (passwordValue(m[2] ?? '', true) ? 0.85 : null),
});

export const COMMAND_SECRET_DETECTORS: readonly Detector[] = [
  ...FLAG_PROGRAMS.map(flagRule),
  smbUser,
  oracleLogin,
  netUse,
  htpasswd,
  rabbitmqUser,
  pipedPassword,
  chpasswd,
];
