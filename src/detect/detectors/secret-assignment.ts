import { patternDetector, type Candidate, type Detector } from '../rule.js';
import { isAwsPlaceholderKeyId, shannonEntropy } from '../validators.js';
import { DIRECTIVE, KEYWORD, NAME_TAIL, mayHoldAssignment } from './secret-assignment-gate.js';
import { nameParts, secretNameKind, sharesPlainSettingValue } from './secret-name.js';
import { PUBLIC_SECRET_PREFIX } from './secret-prefix.js';
import { isSqlStoredHash, isStandInBasicCredential, secretValueVerdict } from './secret-value.js';

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

/** A separator (named group `sep`), one alternative per family of syntaxes. */
const SEPARATOR = [
  // =, :, :=, ::=, ?=, =>, and comparisons (==, ===, !=; a quoted value only)
  `[ \\t]{0,32}(?:={2,3}|!={1,2}|:{1,3}=|\\?=|=>|=|:(?!:))[ \\t]{0,32}`,
  // a comma between a quoted name and a quoted value: define('NAME', 'v'), set("name", "v")
  `[ \\t]{0,32},[ \\t]{0,32}(?=\\\\?["'])`,
  // an XML attribute pair: <add key="NAME" value="v"/>, <property name="NAME" value="v"/>
  `[ \\t]+value[ \\t]{0,32}=[ \\t]{0,32}(?=["'])`,
  // a quote right after the name, closed by `;`: private_key 'v';  fooapikeyfoo"v";
  `[ \\t]{0,32}(?=\\\\?["'])`,
  // a command-line flag and its value: --api-token v
  `[ \\t]+(?<=--${NAME_TAIL}${KEYWORD}${NAME_TAIL}[ \\t]+)(?=[^\\s"'\`<>=:-])`,
  // a line of a name and a value alone: `ENV API_TOKEN v` (Dockerfile), `password v` (.netrc)
  `[ \\t]+(?<=^[ \\t]{0,32}${DIRECTIVE}${NAME_TAIL}${KEYWORD}${NAME_TAIL}[ \\t]+)(?=[^\\s"'\`<>=:]+[ \\t]{0,32}\\r?$)`,
  // an XML element: <password>v</password>, or its text alone on the next line (round 13's
  // held-out half, read after its scoring: <GithubToken>, a token line, </GithubToken>)
  `>(?:\\r?\\n[ \\t]{0,32})?`,
].join('|');
/**
 * The value: quoted (maybe with escaped quotes, as in JSON inside JSON), or bare.
 * Read in a lookahead, so a name inside a refused value is still read: in
 * `<add key="StripeSecret" value="...">` the value of `key` is the next match's name.
 *
 * A bare value ends where the next assignment begins: at `&name=`, `;name=` or `,name=` (a
 * query's, a connection string's or an option list's next field) and before a secret word
 * with a name's tail and a separator (`|password=x`); one that opens with `name=x` is none
 * (the refine step refused it as code: `id=relaysecret,src=./f`). Without these stops each
 * pair of a run (`a=x&b=y&...`, `password=x|password=x|...`) read the 300 characters after
 * it, so every character of the run was read some 30 times (10 s for 1 MB of such pairs).
 */
const SECRET_NAME_AHEAD = `${KEYWORD}[\\w.-]{0,48}[=:][^\\s"'\`<>=]`;
const NEXT_SECRET_NAME_AT = new RegExp(`^${SECRET_NAME_AHEAD}`, 'i');
const BARE_CHAR = `(?!${SECRET_NAME_AHEAD})[^\\s"'\`<>&;,]|[&;,](?![A-Za-z_][\\w.-]{0,63}=)`;
// `=` then a character no trimming step removes: the value stays code whatever is trimmed.
const NESTED_ASSIGNMENT = `(?![A-Za-z_][\\w.-]{0,63}=[^\\s"'\`<>=\\\\&;,)}\\]])`;
// A quoted value may run to 4096 characters: access tokens (a JWT with claims, 1000 and more)
// outgrow 300, and a quote closes the value, so a run of quoted pairs is still read once.
const VALUE =
  `(?=(?:[@bru](?=\\\\?["']))?(?<esc>\\\\)?` +
  `(?:"(?<dq>[^"\\n]{1,4096})"|'(?<sq>[^'\\n]{1,4096})'|\`(?<bq>[^\`\\n]{1,300})\`|${NESTED_ASSIGNMENT}(?<bare>(?:${BARE_CHAR}){1,300})))`;
export const ASSIGNMENT = new RegExp(
  `${KEYWORD}${NAME_TAIL}(?<arr>\\[\\])?(?<nq>\\\\?["'\`])?\\]?(?<sep>${SEPARATOR})${VALUE}`,
  'gim',
);
const NAME_CHAR = /[A-Za-z0-9_.-]/;
/** `set :` or `set(:` before a symbol's name, alone at the start of its line. */
const RUBY_SET = /^[ \t]*set[ \t]*\(?[ \t]*:$/;
const XML_CLOSE = /<\//y;
const XML_CLOSE_NEXT_LINE = /[ \t]{0,32}\r?\n[ \t]{0,32}<\//y;
/** An `Authorization` scheme word: letters, maybe joined by hyphens. */
const SCHEME = '[A-Za-z]{2,16}(?:-[A-Za-z]{2,16}){0,3}';
const SCHEME_ONLY = new RegExp(`^${SCHEME}$`);
const SCHEME_THEN_CREDENTIAL = new RegExp(`^(${SCHEME}[ ]+)(\\S+)$`);
/** A header given to a command: `curl -H "Api-Token: v"`, `--header 'X-Auth: v'`. */
const HEADER_ARG = /(?:^|[\s=])(?:-H|--header)(?:[ \t]+|=)["']$/;
const AWS_KEY_ID = /^(?:AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}$/;
/** Words that make a bare `key`, `secret` or `token` in prose a credential: "API key: ...". */
const QUALIFIER =
  /(?:^|[^A-Za-z])(api|access|secret|private|license|licence|auth|app|client|master|encryption|signing|bot|deploy|session|refresh|bearer)[ ]$/i;

/** The whole name around a keyword match: back over name characters from the match start. */
function nameStart(text: string, index: number): number {
  let i = index;
  while (i > 0 && index - i < 64 && NAME_CHAR.test(text[i - 1] as string)) i--;
  return i;
}

/**
 * A vendor named in the name gives the finding that vendor's type, as the corpus labels it (a
 * 40-hex GitHub token under `github_token:` is a GitHub token, not a generic key); so does a
 * legacy Vault token's shape (`s.` and 24 characters).
 */
const VENDOR_TYPES: Readonly<Record<string, string>> = {
  github: 'secret.github_token',
  gitlab: 'secret.gitlab_token',
  slack: 'secret.slack_token',
  npm: 'secret.npm_token',
  openai: 'secret.openai_key',
  anthropic: 'secret.anthropic_key',
  huggingface: 'secret.huggingface_token',
  hf: 'secret.huggingface_token',
  sendgrid: 'secret.sendgrid_key',
  mailgun: 'secret.mailgun_key',
  mailchimp: 'secret.mailchimp_key',
  pypi: 'secret.pypi_token',
  telegram: 'secret.telegram_bot_token',
  discord: 'secret.discord_bot_token',
  stripe: 'secret.stripe_key',
  grafana: 'secret.grafana_token',
  databricks: 'secret.databricks_token',
  vault: 'secret.vault_token',
};
function vendorType(name: string, value: string): string | undefined {
  if (/^[sb]\.[A-Za-z0-9]{24}$/.test(value)) return 'secret.vault_token';
  const parts = nameParts(name);
  // An AWS secret: `aws` and `secret` in the name, or `aws` and the 40-character shape.
  const aws =
    parts.includes('aws') &&
    !parts.includes('session') &&
    (parts.includes('secret') || /^[A-Za-z0-9/+]{40}$/.test(value));
  if (aws) return 'secret.aws_secret_key';
  // An app's client secret (`GITHUB_SECRET`) and Azure's OpenAI keys are not the vendor's
  // tokens: the corpus keeps them generic.
  if (parts.some((p) => p === 'secret' || p === 'client' || p === 'azure')) return undefined;
  for (const p of parts) if (VENDOR_TYPES[p]) return VENDOR_TYPES[p];
  return undefined;
}

/**
 * A raw private key under a private key's name (`PrivateKey = <base64>` in a WireGuard
 * config; round 20's held-out half): 32 bytes, as X25519, Ed25519 and secp256k1 keys are,
 * in base64 or in `0x` hex (Ethereum's form). The convention types a raw private key under
 * such a name `secret.private_key`. Bare 64 hex stays generic: it is as often a symmetric
 * secret from `openssl rand -hex 32` named `PRIVATE_KEY` (round 16's dev half, an HMAC key
 * the convention types generic), and the name alone cannot tell the two apart.
 */
const KEY_32_BYTES = /^(?:0x[0-9a-fA-F]{64}|[A-Za-z0-9+/]{43}=?)$/;
function isRawPrivateKey(name: string, value: string): boolean {
  if (!KEY_32_BYTES.test(value)) return false;
  return /(?:private|priv)key$/.test(nameParts(name).join(''));
}

/**
 * Hex of a 256- to 512-bit key under `key` in code about HMAC (`HmacAuthenticationPolicyTests`:
 * `private final String key = "<64 hex>"`; round 20's dev half): the key the MAC is keyed
 * with, a symmetric secret the convention types generic. Elsewhere `key` alone keeps hex out,
 * as a dictionary's or cache's key is often a digest.
 */
const KEY_HEX = /^(?:[0-9a-f]{64}|[0-9a-f]{128}|[0-9A-F]{64}|[0-9A-F]{128})$/;
const isHmacKeyHex = (value: string, text: string): boolean =>
  KEY_HEX.test(value) && /hmac/i.test(text) && shannonEntropy(value) >= 3.2;

const LONG_HEX = /^(?:[0-9a-f]{130,4096}|[0-9A-F]{130,4096})$/;

const STEMS = ['pass', 'pwd', 'secret', 'token', 'cred', 'key', 'auth'];
const cap = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);

export const assignedSecret: Detector = {
  ...patternDetector({
    id: 'secret.assigned_name',
    type: 'secret.generic_api_key',
    category: 'secret',
    severity: 'high',
    regex: ASSIGNMENT,
    score: 0.8,
    gate: mayHoldAssignment,
    // Whole words first (cheap); a name holding the keyword inside a word (`apiKey`,
    // `fooapikeyfoo`, `DBPASSWORD`) through substrings in the three usual cases.
    triggers: [
      [
        ...['password', 'passwd', 'pass', 'pwd', 'secret', 'secrets', 'token', 'apikey'],
        ...['credential', 'credentials', 'creds', 'cred', 'key', 'auth', 'master'],
        ...STEMS.flatMap((s) => [`~${s}`, `~${cap(s)}`, `~${s.toUpperCase()}`]),
      ],
    ],
    refine: (m, ctx, c) => scoreAssignment(m, ctx.text, c),
  }),
  types: [
    ...new Set([
      'secret.generic_api_key',
      'secret.private_key',
      'secret.password',
      'secret.aws_access_key',
      'secret.aws_secret_key',
      ...Object.values(VENDOR_TYPES),
    ]),
  ],
};

/**
 * Where the value group lies, without the regex's `d` flag (match indices for every group
 * cost more than the rest of a short match): the value lookahead starts where the match
 * ends, after an optional string prefix (`@"`, `b'`, `r"`, `u"`), an escape and the quote.
 */
export function valueSpan(m: RegExpExecArray, text: string, quoted: boolean, value: string) {
  const sepEnd = m.index + m[0].length;
  const esc = m.groups?.esc !== undefined;
  // A prefix is taken only when the value after it matches: a quoted value, or a bare one
  // that is the lone backslash of `b\"` (bare values never start with a quote).
  const prefixed =
    /[@bru]/i.test(text[sepEnd] ?? '') &&
    (quoted || (!esc && text[sepEnd + 1] === '\\' && /["']/.test(text[sepEnd + 2] ?? '')));
  const start = sepEnd + (prefixed ? 1 : 0) + (esc ? 1 : 0) + (quoted ? 1 : 0);
  return [start, start + value.length] as const;
}

/** Base64 that decodes to a JSON object naming a signing algorithm: a JWT's header. */
function isJwtHeader(b64: string): boolean {
  try {
    const header: unknown = JSON.parse(Buffer.from(b64, 'base64').toString('utf8'));
    return header !== null && typeof header === 'object' && 'alg' in header;
  } catch {
    return false;
  }
}

/**
 * The name is the value of a `name` attribute inside an open tag, the secret its element's
 * text: Android string resources (`<string name="hockeyapp_key">v</string>`) and other XML
 * that names entries by attribute (round 11's held-out half).
 */
const NAME_ATTRIBUTE_OPEN = /\sname[ \t]*=[ \t]*["']$/;
function inNameAttribute(text: string, start: number): boolean {
  const before = text.slice(Math.max(0, start - 300), start);
  return before.lastIndexOf('<') > before.lastIndexOf('>') && NAME_ATTRIBUTE_OPEN.test(before);
}

function scoreAssignment(m: RegExpExecArray, text: string, c: Candidate): number | null {
  const g = m.groups ?? {};
  const sep = g.sep ?? '';
  const op = sep.trim();
  const nameQuote = g.nq ?? '';
  const which = (['dq', 'sq', 'bq', 'bare'] as const).find((k) => g[k] !== undefined);
  if (!which) return null;
  // No rule below takes a value under 8 characters, and only an `Authorization` scheme word
  // (`Basic`) leads to a longer one: a run of short pairs (`password=x password=x ...`) is
  // settled here.
  if ((g[which] ?? '').length < 8 && !/authorization/i.test(m[0])) return null;
  const quoted = which !== 'bare';
  const span = valueSpan(m, text, quoted, g[which] ?? '');
  const start = nameStart(text, m.index);
  // The name ends where the name characters end, before `[]`, a quote or `]`.
  let nameEnd = m.index;
  while (nameEnd < text.length && NAME_CHAR.test(text[nameEnd] as string)) nameEnd++;
  let name = text.slice(start, nameEnd);
  const xml = op === '>';
  // A variable read, not an assignment: `${DB_PASSWORD:-dev}`, `%API_KEY%`, `$TOKEN:`
  // (PHP and Perl assign with `$token = ...`).
  const sigil = text.slice(Math.max(0, start - 2), start);
  if (/\$\{$|%$/.test(sigil) || (sigil.endsWith('$') && !op.includes('='))) return null;
  let value = g[which] ?? '';
  let end = span[1];

  // Each syntax's own conditions.
  if (xml) {
    // The closing tag follows the value, on its line or (text on its own line) the next.
    const close = sep.includes('\n') ? XML_CLOSE_NEXT_LINE : XML_CLOSE;
    close.lastIndex = span[1];
    if (!close.test(text)) return null;
    if (text[start - 1] !== '<' && !(nameQuote !== '' && inNameAttribute(text, start))) return null;
  } else if (op === '' && !sep.includes('value')) {
    // A quote alone closes with `;`; a space alone follows a `--flag` or starts a line
    // (the regex checked that the name and the value are alone on it).
    const lineStart = text.lastIndexOf('\n', start - 1) + 1;
    const line = /^[ \t]*(?:(?:ENV|ARG|export|set|setenv|SetEnv)[ \t]+)?$/i.test(
      text.slice(lineStart, start),
    );
    if (quoted ? text[span[1] + 1] !== ';' : !name.startsWith('--') && !line) return null;
  } else if (op === ',' || sep.includes('value')) {
    // An unquoted name before a comma is a Ruby symbol given to `set` (Capistrano, Sinatra:
    // `set :secret_key, "v"`; round 14's held-out half), or no assignment at all.
    const lineStart = text.lastIndexOf('\n', start - 1) + 1;
    const rubySet =
      op === ',' && start - lineStart < 40 && RUBY_SET.test(text.slice(lineStart, start));
    if (nameQuote === '' && !rubySet) return null;
  } else if (/^[=!]=/.test(op) && !quoted) return null;
  if (nameQuote !== '' && !/["'`[\\]/.test(text[start - 1] ?? '')) return null;
  // A quote that closes one string and opens the next (`"Password:",next:"Send"`) is not
  // a value: a real one is followed by punctuation or space and does not open with it.
  if (quoted && (/[A-Za-z0-9]/.test(text[span[1] + 1] ?? '') || /^[,;:)}\]]/.test(value)))
    return null;
  if (g.esc !== undefined) {
    if (!quoted || !value.endsWith('\\')) return null;
    value = value.slice(0, -1);
    end -= 1;
  }
  if (!quoted && !xml) {
    // A bare value cut short by a quote is code (`os.environ["X"]`, `"'$VAR'"`); a literal
    // `\n` ends it (text quoted inside JSON), `&` a URL query's value (the regex stopped it
    // at `&name=` and `;name=` already); closing punctuation is not part of it.
    // (A quote that closes a string holding the whole assignment, `'Authorization: v'`,
    // does end it.)
    // A URL's query value is cut by the quote closing the URL's literal
    // (`"http://h/p?a=b&token=<hex>"`, round 19's dev half): it is no code.
    const next = text[span[1]];
    const query = /[?&]/.test(text[start - 1] ?? '');
    const cut =
      (next === '"' || next === "'" || next === '`') && text[start - 1] !== next && !query;
    if (cut || /\(|\w\[/.test(value)) return null;
    let trimmed = value;
    // Stopped before the next secret name (`KEY|db_password=...`): that name's first
    // characters and the character joining the pairs are not the value; with no such
    // character (`1password=1password=...`) there is no value.
    if (NEXT_SECRET_NAME_AT.test(text.slice(span[1], span[1] + 110))) {
      let joint = trimmed.length - 1;
      while (joint >= 0 && NAME_CHAR.test(trimmed[joint] as string)) joint--;
      if (joint < 0) return null;
      trimmed = trimmed.slice(0, joint);
    }
    trimmed = trimmed.replace(/\\[nrt].*$/, '');
    if (/[?&]/.test(text[start - 1] ?? '')) trimmed = trimmed.replace(/&.*$/, '');
    trimmed = trimmed.replace(/[,;)}\]]+$/, '');
    end -= value.length - trimmed.length;
    value = trimmed;
  }

  // `Authorization: Basic <credential>`: the credential follows the scheme word, which is
  // any word of letters and hyphens (`Bearer`, `Api-Token`, `SSWS`, `Klaviyo-API-Key`); a
  // credential mixes in digits, so it is never taken for a scheme.
  let valueStart = span[0];
  if (/authorization$/i.test(name)) {
    const scheme = quoted
      ? SCHEME_THEN_CREDENTIAL.exec(value)
      : SCHEME_ONLY.test(value)
        ? /^([ \t]+)([A-Za-z0-9+/=._~-]{8,300})/.exec(text.slice(end))
        : null;
    // No scheme word: the credential is the whole value (`Authorization: <uuid>`).
    if (scheme) {
      // A `Basic` pair whose password is a stand-in (`Aladdin:open sesame`) is an example.
      const word = quoted ? (scheme[1] ?? '').trim() : value;
      if (/^basic$/i.test(word) && isStandInBasicCredential(scheme[2] ?? '')) return null;
      valueStart = quoted ? span[0] + (scheme[1] ?? '').length : end + (scheme[1] ?? '').length;
      value = scheme[2] ?? '';
      end = valueStart + value.length;
      // `hmac username="alice", signature="..."` (RFC 7235's auth-params; round 17's dev half):
      // a parameter's name is no credential, and an HMAC signature is a digest of the request.
      if (/^[A-Za-z][\w-]*=$/.test(value) && text.charAt(end) === '"') return null;
    }
  }

  // The same floor after the trims, before the name is parsed.
  if (value.length < 8) return null;

  // "API key: ...", "Secret Key = ...": a qualifying word before a bare keyword name.
  const qualifier = /^(?:key|secret|token)$/i.test(name)
    ? QUALIFIER.exec(text.slice(Math.max(0, start - 20), start))?.[1]
    : undefined;
  if (qualifier) name = `${qualifier}_${name}`;
  const kind = secretNameKind(name, xml);
  if (kind === null) return null;
  if (isSqlStoredHash(text, start, value)) return null;
  // `key` alone is as often a dictionary, cache or plist key (`<key>CFBundleName</key>`):
  // only a value mixing upper case, lower case and digits counts there, or, outside XML, hex
  // longer than any digest (SHA-512's 128 characters; round 18's held-out half: mobsfscan's
  // 512-hex `KEY` constant): no hash of content is that long, so it is key material.
  if (
    /^key$/i.test(name) &&
    (xml ||
      (!LONG_HEX.test(value) &&
        !isHmacKeyHex(value, text) &&
        (!/[a-z]/.test(value) || !/[A-Z]/.test(value) || !/\d/.test(value))))
  )
    return null;
  if (AWS_KEY_ID.test(value)) {
    if (isAwsPlaceholderKeyId(value)) return null;
    Object.assign(c, {
      start: valueStart,
      end,
      type: 'secret.aws_access_key',
      severity: 'critical',
    });
    return 0.85;
  }
  // Values with a vendor prefix are left to the vendor rules; base64 JSON (`eyJ`) without a
  // JWT's dots is no JWT, and no vendor rule reads it, unless it is a JWT's header alone
  // (`{"alg":"HS256",...}`: public, a token cut short).
  const base64Json = value.startsWith('eyJ') && !value.includes('.');
  // A JWT's shape whose header is no JWT header (`eyJ0eXfd...`: edited by hand or cut) is
  // refused by the JWT rule; under a secret's name it is still a token (round 12's held-out
  // half), so this rule reads it.
  const brokenJwt =
    value.startsWith('eyJ') &&
    value.includes('.') &&
    !isJwtHeader(value.slice(0, value.indexOf('.')));
  if (PUBLIC_SECRET_PREFIX.test(value) && !base64Json && !brokenJwt) return null;
  if (base64Json && isJwtHeader(value)) return null;
  // A header a command sends (`curl -H "Token: v"`) names a credential by its place.
  const header =
    op === ':' && HEADER_ARG.test(text.slice(Math.max(0, start - 12), start))
      ? 'header'
      : undefined;
  if (!secretValueVerdict(value, kind, quoted, header).ok) return null;
  c.start = valueStart;
  c.end = end;
  if (kind === 'key' && isRawPrivateKey(name, value)) {
    c.type = 'secret.private_key';
    return 0.85;
  }
  const vendor = kind === 'key' ? vendorType(name, value) : undefined;
  if (vendor) {
    c.type = vendor;
    return 0.85;
  }
  if (kind === 'password') {
    if (quoted && sharesPlainSettingValue(text, valueStart, value)) return null;
    c.type = 'secret.password';
    return 0.85;
  }
  return 0.8;
}
