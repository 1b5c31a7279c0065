import { patternDetector, type Detector } from '../rule.js';
import { isPlaceholderValue, shannonEntropy } from '../validators.js';

/**
 * Secrets recognised by the name they are assigned to (`password=`, `api_key:`, a URL's
 * userinfo) rather than by their shape. The finding's span is the value alone, so the
 * excerpt keeps the key name and masks only the secret.
 */

const SEP = `["']?\\s*(?:=>|:=|[:=])(?!=)\\s*`;

const AWS_SECRET = new RegExp(
  `(?:aws_?secret_?(?:access_?)?key|secret_?access_?key)${SEP}["']?([A-Za-z0-9/+]{40})(?![A-Za-z0-9/+=])`,
  'dgi',
);

const awsSecretKey = patternDetector({
  id: 'secret.aws_secret_key:context',
  type: 'secret.aws_secret_key',
  category: 'secret',
  severity: 'critical',
  regex: AWS_SECRET,
  group: 1,
  score: 0.95,
  triggers: [['aws', 'secretaccesskey', 'secret']],
  refine(m) {
    const v = m[1] ?? '';
    if (isPlaceholderValue(v) || shannonEntropy(v) < 3.5) return null;
    return /[A-Z]/.test(v) && /[a-z]/.test(v) && /\d/.test(v) ? 0.95 : null;
  },
});

const PASSWORD = new RegExp(
  '(?:password|passwd|passwort|passphrase|pwd|pass)(?<![A-Za-z0-9](?:password|passwd|passwort|passphrase|pwd|pass))(?![A-Za-z0-9_])' +
    `(?:${SEP}|["']?\\s+is:?\\s+|\\s*=\\s*|\\s+(?=["']))(["']?)([^\\s"'\`]{1,128})`,
  'dgi',
);
const NOT_A_PASSWORD =
  /^(?:none|null|nil|undefined|true|false|str|string|bool|int|required|optional|hidden|password|passwd|secret|empty|n\/a|tbd|todo|input|getpass|prompt)$/i;
const CODE_LIKE = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+|[([{]|^\$|^%|^@|^&&|^\|\|/;

const password = patternDetector({
  id: 'secret.password:assignment',
  type: 'secret.password',
  category: 'secret',
  severity: 'high',
  regex: PASSWORD,
  group: 2,
  score: 0.85,
  triggers: [['password', 'passwd', 'passwort', 'passphrase', 'pwd', 'pass']],
  refine(m, _ctx, c) {
    const quote = m[1] ?? '';
    let value = m[2] ?? '';
    value = value.replace(/[,;)}\]]+$/, '');
    if (quote === '' && /^["']/.test(value)) return null;
    c.end = c.start + value.length;
    if (value.length < 6 || NOT_A_PASSWORD.test(value) || isPlaceholderValue(value)) return null;
    if (CODE_LIKE.test(value)) return null;
    // A bare identifier (user_password, confirmPassword) is code, not a secret.
    if (/^[A-Za-z_][A-Za-z_]*$/.test(value) && !/[A-Z].*[a-z].*[A-Z]|\d/.test(value)) return null;
    return 0.85;
  },
});

const CONNECTION = new RegExp(
  '\\b(?:postgres(?:ql)?|mysql|mariadb|mongodb(?:\\+srv)?|rediss?|amqps?|mssql|sqlserver|s?ftp|smtps?|ldaps?)' +
    '://[^\\s:@/]{0,64}:([^\\s@/]{1,128})@[A-Za-z0-9.-]+',
  'dgi',
);
const WEAK_PLACEHOLDERS = /^(?:password|passwd|pass|pwd|secret|changeme|test|user|xxx+|\*+)$/i;

const connectionString = patternDetector({
  id: 'secret.connection_string:userinfo',
  type: 'secret.connection_string',
  category: 'secret',
  severity: 'critical',
  regex: CONNECTION,
  group: 1,
  score: 0.9,
  triggers: [
    [
      'postgres',
      'postgresql',
      'mysql',
      'mariadb',
      'mongodb',
      'redis',
      'rediss',
      'amqp',
      'amqps',
      'mssql',
      'sqlserver',
      'ftp',
      'sftp',
      'smtp',
      'smtps',
      'ldap',
      'ldaps',
    ],
    ['#at'],
  ],
  refine(m) {
    const v = m[1] ?? '';
    if (WEAK_PLACEHOLDERS.test(v) || isPlaceholderValue(v) || v.length < 4) return null;
    return 0.9;
  },
});

const KEY_NAMES =
  '(?:api[_-]?key|apikey|api[_-]?secret|secret[_-]?key|access[_-]?token|auth[_-]?token|client[_-]?secret|' +
  'private[_-]?token|app[_-]?secret|signing[_-]?key|encryption[_-]?key|x-api-key)';
const GENERIC = new RegExp(
  `${KEY_NAMES}(?<![A-Za-z0-9]${KEY_NAMES})(?![A-Za-z0-9_-])${SEP}["']?([A-Za-z0-9_\\-+/=.~]{16,256})` +
    '|\\bBearer\\s+([A-Za-z0-9_\\-+/=.~]{20,512})',
  'dgi',
);
const KNOWN_PREFIX =
  /^(?:eyJ|AKIA|ASIA|AIza|gh[pousr]_|github_pat_|glpat-|xox[abposr]-|[sr]k_(?:live|test)_|pk_(?:live|test)_|sk-|hf_|npm_)/;

const genericApiKey = patternDetector({
  id: 'secret.generic_api_key:context',
  type: 'secret.generic_api_key',
  category: 'secret',
  severity: 'high',
  regex: GENERIC,
  score: 0.8,
  triggers: [
    [
      'key',
      'apikey',
      'token',
      'secret',
      'bearer',
      'accesstoken',
      'authtoken',
      'clientsecret',
      'privatetoken',
      'appsecret',
      'signingkey',
      'encryptionkey',
      'apisecret',
      'secretkey',
    ],
    // The pattern needs a `:` or `=` separator, or `Bearer` (refine keeps only that case).
    ['#colon', '~=', '~Bearer'],
  ],
  refine(m, _ctx, c) {
    const group = m[1] !== undefined ? 1 : 2;
    const span = m.indices?.[group];
    const v = m[group];
    if (!span || v === undefined) return null;
    if (group === 2 && !m[0].startsWith('Bearer')) return null; // `bearer` is case-sensitive
    [c.start, c.end] = span;
    if (KNOWN_PREFIX.test(v) || isPlaceholderValue(v)) return null;
    if (!/\d/.test(v) || !/[A-Za-z]/.test(v)) return null;
    if (/^[\d.]+$|^[a-z_.-]+\d?$/.test(v) || shannonEntropy(v) < 3.2) return null;
    return 0.8;
  },
});

/** `.env` style: `SOME_SERVICE_KEY=<random>` (upper snake case ending in KEY, TOKEN or SECRET). */
const envSecret = patternDetector({
  id: 'secret.generic_api_key:env',
  type: 'secret.generic_api_key',
  category: 'secret',
  severity: 'high',
  regex:
    /\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*_(?:KEY|TOKEN|SECRET)\s*=\s*["']?([A-Za-z0-9_\-+/=.~]{16,256})/dg,
  group: 1,
  score: 0.8,
  triggers: [['key', 'token', 'secret'], ['~=']],
  refine(m) {
    const v = m[1] ?? '';
    if (KNOWN_PREFIX.test(v) || isPlaceholderValue(v) || !/\d/.test(v) || !/[A-Za-z]/.test(v))
      return null;
    return shannonEntropy(v) >= 3.2 ? 0.8 : null;
  },
});

export const CONTEXT_SECRET_DETECTORS: readonly Detector[] = [
  awsSecretKey,
  password,
  connectionString,
  genericApiKey,
  envSecret,
];
