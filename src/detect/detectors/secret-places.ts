import { patternDetector, type Detector } from '../rule.js';
import { isPlaceholderValue, shannonEntropy } from '../validators.js';
import { hasOrderedRun, isStandInValue, secretValueVerdict } from './secret-value.js';

/**
 * Places a secret sits in that no name-and-separator rule reads, learnt from round 15
 * (src/detect/README.md, "Round 15's errors, mended"): a password typed into a form's
 * password field in a browser test, a key literal given to an HMAC, Vault's unseal keys as
 * `vault operator init` prints them, a private JWK's private members, an s3cmd configuration's
 * AWS pair, a diceware passphrase or a wallet's recovery phrase, a password element with
 * attributes, and a long random key full of symbols in a quoted `SECRET_KEY`. Each is its own
 * rule id for `disabled_rules`.
 */

/** The value judged as the password rule judges a quoted one (stand-ins, runs, code). */
const passwordValue = (v: string) => secretValueVerdict(v, 'password', true).ok;
const keyValue = (v: string) => secretValueVerdict(v, 'key', true).ok;

/**
 * A browser test typing into a password field: `cy.get('#password').type('...')`,
 * `cy.get('#newPassword').type(...)`, `$('[name=passwd]').setValue('...')`. The selector
 * names the field, so the string typed into it is a password (the login's own; a test's
 * stand-ins are refused as under a password name).
 */
const formFieldPassword = patternDetector({
  id: 'secret.password:form_field',
  type: 'secret.password',
  category: 'secret',
  severity: 'high',
  // The call leads (`).type(`), so the scan looks for `)` rather than for every quote; the
  // selector, ending at the `)`, is read backwards.
  regex:
    /(?<=["'`][#.[]?[\w=-]{0,40}(?:password|Password|passwd)[\w\]=-]{0,40}["'`]\s?)\)\s?\.(?:type|fill|setValue|sendKeys)\(\s?(["'`])([^"'`\n]{4,128})\1/dg,
  group: 2,
  score: 0.85,
  triggers: [
    // The substring forms are the ones other password rules check already (one includes()
    // per field for all of them); `NEWPASSWORD` run together is not read.
    ['password', 'passwd', '~password', '~Password'],
    ['type', 'fill', 'setvalue', 'sendkeys'],
  ],
  refine: (m) => (passwordValue(m[2] ?? '') ? 0.85 : null),
});

/**
 * A key literal given to an HMAC: Node's `crypto.createHmac('sha256', '<key>')`, Python's
 * `hmac.new(b'<key>', ...)`. The call says the string is the key, whatever its name.
 */
const hmacKeyLiteral = patternDetector({
  id: 'secret.generic_api_key:hmac_key',
  type: 'secret.generic_api_key',
  category: 'secret',
  severity: 'high',
  regex:
    /(?:\bcreateHmac\(\s?(["'])[\w-]{2,16}\1\s?,|\bhmac\.new\()\s?b?(["'])([^"'\s]{12,256})\2/dg,
  group: 3,
  score: 0.85,
  triggers: [['createhmac', 'hmac']],
  refine: (m) => (keyValue(m[3] ?? '') ? 0.85 : null),
});

/**
 * Vault's unseal key shares as `vault operator init` prints them: `Unseal Key 1: <base64>`
 * (33 bytes, 44 characters). Each share is a secret: enough of them unseal the store.
 */
const vaultUnsealKey = patternDetector({
  id: 'secret.generic_api_key:vault_unseal_key',
  type: 'secret.generic_api_key',
  category: 'secret',
  severity: 'critical',
  regex: /\bUnseal Key(?: \d{1,2})?: ([A-Za-z0-9+/]{43,88}={0,2})(?![A-Za-z0-9+/=])/dg,
  group: 1,
  score: 0.9,
  triggers: [['unseal']],
  refine(m) {
    const v = m[1] ?? '';
    return isPlaceholderValue(v) || hasOrderedRun(v) || shannonEntropy(v) < 4 ? null : 0.9;
  },
});

/**
 * A private JSON Web Key (RFC 7518): a key object with `"kty"` and the private exponent
 * `"d"` (RSA, EC and OKP keys all name it so). A public JWK has no `d`.
 */
const privateJwk = patternDetector({
  id: 'secret.private_key:jwk',
  type: 'secret.private_key',
  category: 'secret',
  severity: 'critical',
  regex: /"d"\s{0,8}:\s{0,8}"([A-Za-z0-9_-]{32,1024})"/dg,
  group: 1,
  score: 0.9,
  triggers: [['kty']],
  // Once per field, not per match (a field of many `"d"` members stays linear).
  gate: (text) => text.includes('"kty"'),
  refine(m) {
    const v = m[1] ?? '';
    return !hasOrderedRun(v) && shannonEntropy(v) >= 4 ? 0.9 : null;
  },
});

/**
 * s3cmd's configuration (`.s3cfg`): `access_key = ...` and `secret_key = ...` beside a
 * `host_base` at `amazonaws.com`. The file is AWS's, so its pair takes AWS's types whatever
 * the values' shape, as a value under `AWS_SECRET_ACCESS_KEY` does.
 */
const S3CFG_HOST = /^host_base[ \t]*=[ \t]*s3[\w.-]*\.amazonaws\.com/m;
const s3cfgPair = (name: string, type: string) =>
  patternDetector({
    id: `${type}:s3cfg`,
    type,
    category: 'secret',
    severity: 'critical',
    regex: new RegExp(`^${name}[ \\t]*=[ \\t]*([A-Za-z0-9/+]{16,64})(?![A-Za-z0-9/+=])`, 'dgm'),
    group: 1,
    score: 0.95,
    triggers: [['amazonaws'], [name.slice(0, name.indexOf('_'))]],
    gate: (text) => S3CFG_HOST.test(text),
    refine(m) {
      const v = m[1] ?? '';
      if (isPlaceholderValue(v) || hasOrderedRun(v)) return null;
      return /\d/.test(v) && /[A-Za-z]/.test(v) && shannonEntropy(v) >= 3.5 ? 0.95 : null;
    },
  });

/**
 * Words the phrase rules refuse: a sentence holds them (`'is not set in this file'`), a
 * diceware draw or a BIP-39 phrase seldom does (BIP-39's list has none of them).
 */
const FUNCTION_WORDS = new Set(
  'the a an is are was be to of in on at for and or not no this that it its your our my you we with from by as set here'.split(
    ' ',
  ),
);
const randomWords = (words: string[]) =>
  new Set(words).size === words.length && !words.some((w) => FUNCTION_WORDS.has(w));

/**
 * A diceware passphrase quoted under a password's name: four to ten lower-case words and
 * single spaces (`'orbit mango tundra pillow'`). The password rule refuses values with blanks,
 * which prose has; random words without a function word are no sentence.
 */
const passphrase = patternDetector({
  id: 'secret.password:passphrase',
  type: 'secret.password',
  category: 'secret',
  severity: 'high',
  regex:
    /\b(?:password|passwd|passphrase)["']?\s?[:=]\s?(["'])((?:[a-z]{3,10} ){3,9}[a-z]{3,10})\1/dgi,
  group: 2,
  score: 0.85,
  triggers: [['password', 'passwd', 'passphrase']],
  refine(m) {
    const v = m[2] ?? '';
    if (/[A-Z]/.test(v) || isStandInValue(v.replace(/ /g, ''))) return null;
    return randomWords(v.split(' ')) ? 0.85 : null;
  },
});

/**
 * A wallet's recovery phrase (BIP-39: 12, 15, 18, 21 or 24 words of 3-8 letters) under a
 * name that says so: `mnemonic`, `seed_phrase`, `recoveryPhrase`. It derives every key of the
 * wallet.
 */
const recoveryPhrase = patternDetector({
  id: 'secret.generic_api_key:recovery_phrase',
  type: 'secret.generic_api_key',
  category: 'secret',
  severity: 'critical',
  regex:
    /\b(?:mnemonic|seed_?phrase|recovery_?phrase)["']?\s?[:=]\s?(["'])((?:[a-z]{3,8} ){11,23}[a-z]{3,8})\1/dgi,
  group: 2,
  score: 0.85,
  triggers: [['mnemonic', 'seed', 'seedphrase', 'recovery', 'recoveryphrase']],
  refine(m) {
    const words = (m[2] ?? '').split(' ');
    return words.length % 3 === 0 && randomWords(words) ? 0.85 : null;
  },
});

/**
 * A password element with attributes: FileZilla's `<Pass encoding="base64">...</Pass>`,
 * `<password type="text">...</password>`. Base64 is how the file stores the password, not a
 * cipher: anyone decodes it. The element's text is judged as a quoted password.
 */
const passwordElement = patternDetector({
  id: 'secret.password:xml_element',
  type: 'secret.password',
  category: 'secret',
  severity: 'high',
  regex: /<(Pass|pass|Password|password|PASSWORD)\s[\w"= -]{1,64}>([^<\s]{8,256})<\/\1>/dg,
  group: 2,
  score: 0.85,
  triggers: [['pass', 'password']],
  refine: (m) => (passwordValue(m[2] ?? '') ? 0.85 : null),
});

/**
 * A long random key full of symbols, quoted under `SECRET_KEY` (Django's settings: 50
 * characters of letters, digits and `!@#$%^&*(-_=+)`). Inside a quoted literal `(` and `[`
 * are characters, not a call, so the symbol rule's code check does not apply; 40 characters
 * and high entropy keep templates and expressions out.
 */
const quotedSymbolKey = patternDetector({
  id: 'secret.generic_api_key:quoted_symbol_key',
  type: 'secret.generic_api_key',
  category: 'secret',
  severity: 'high',
  regex: /\b(?:SECRET_KEY|secret_key)\s?=\s?(["'])([^"'\s\\]{40,128})\1/dg,
  group: 2,
  score: 0.85,
  triggers: [['secret'], ['key']],
  refine(m) {
    const v = m[2] ?? '';
    const symbols = v.replace(/[A-Za-z0-9]/g, '');
    if (symbols.length < 6 || new Set(symbols).size < 4 || /\$\{|\{\{|%\(/.test(v)) return null;
    return !isPlaceholderValue(v) && !hasOrderedRun(v) && shannonEntropy(v) >= 4.5 ? 0.85 : null;
  },
});

/**
 * A 128-, 192- or 256-bit key in hex under the bare name `key`: a key file's line
 * (`key = <32 hex>`, as an AES key beside its `iv`) or a URL's query (`?key=<32 hex>`, as
 * many web APIs take their key). A 40-hex value (a SHA-1, a commit) is not a key length.
 */
const hexKey = patternDetector({
  id: 'secret.generic_api_key:hex_key',
  type: 'secret.generic_api_key',
  category: 'secret',
  severity: 'high',
  regex:
    /(?:[?&]|^[ \t]{0,8})key[ \t]{0,4}=[ \t]{0,4}([0-9A-Fa-f]{32}(?:[0-9A-Fa-f]{16}){0,2})(?![0-9A-Za-z])/dgm,
  group: 1,
  score: 0.8,
  triggers: [['key'], ['#hex32']],
  refine(m) {
    const v = m[1] ?? '';
    if (!/[A-Fa-f]/.test(v) || hasOrderedRun(v) || isPlaceholderValue(v)) return null;
    return shannonEntropy(v) >= 3.3 ? 0.8 : null;
  },
});

/**
 * A TOTP secret (RFC 6238 keys in base32, as authenticator apps take them): in an
 * `otpauth://` URI's `secret=`, or quoted base32 of 16 to 64 characters in text that names
 * TOTP or an authenticator (`cy.task('GenerateAuthenticator', '<base32>')`). Base32 holds only
 * the digits 2-7; a word in capitals has none.
 */
const TOTP_WORD = /totp|authenticator/i;
const totpSecret = patternDetector({
  id: 'secret.generic_api_key:totp_secret',
  type: 'secret.generic_api_key',
  category: 'secret',
  severity: 'high',
  regex:
    /\botpauth:\/\/[a-z]{4}\/[^\s?]{0,128}\?(?:[\w-]{1,32}=[^\s&]{0,64}&){0,8}secret=([A-Z2-7]{16,64})(?![A-Za-z0-9])|(["'])([A-Z2-7]{16,64})\2/dg,
  score: 0.8,
  // Base32 of 16+ capitals and digits is a `#longalnum` word; the substring forms of the TOTP
  // word (`totpToken`, `GenerateAuthenticator`) are checked only on fields holding one.
  triggers: [
    ['#longalnum'],
    ['otpauth', 'totp', '~totp', '~Totp', '~TOTP', '~Authenticator', '~authenticator'],
  ],
  // The word once per field, not per match (`otpauth://totp/` holds it too).
  gate: (text) => TOTP_WORD.test(text),
  refine(m, _ctx, c) {
    const span = m.indices?.[1] ?? m.indices?.[3];
    const v = m[1] ?? m[3] ?? '';
    if (span === undefined) return null;
    [c.start, c.end] = span;
    if (v.length % 8 !== 0 || (v.match(/\d/g)?.length ?? 0) < 2 || !/[A-Z]{2}/.test(v)) return null;
    return hasOrderedRun(v) || isPlaceholderValue(v) || shannonEntropy(v) < 3.5 ? null : 0.8;
  },
});

/**
 * hub's configuration (`~/.config/hub`): `oauth_token:` under a `github.com:` key holds a
 * GitHub token, 40 hex characters in the classic format (the project's types give a value
 * under a GitHub name GitHub's type).
 */
const hubOauthToken = patternDetector({
  id: 'secret.github_token:hub_config',
  type: 'secret.github_token',
  category: 'secret',
  severity: 'critical',
  regex: /^[ \t-]{0,8}oauth_token:[ \t]{0,4}(["']?)([0-9a-f]{40})\1[ \t]*$/dgm,
  group: 2,
  score: 0.9,
  triggers: [['github'], ['oauth']],
  gate: (text) => /^github\.com:/m.test(text),
  refine(m) {
    const v = m[2] ?? '';
    if (hasOrderedRun(v)) return null;
    return shannonEntropy(v) >= 3.3 ? 0.9 : null;
  },
});

export const PLACE_SECRET_DETECTORS: readonly Detector[] = [
  formFieldPassword,
  hmacKeyLiteral,
  vaultUnsealKey,
  privateJwk,
  s3cfgPair('access_key', 'secret.aws_access_key'),
  s3cfgPair('secret_key', 'secret.aws_secret_key'),
  passphrase,
  recoveryPhrase,
  passwordElement,
  quotedSymbolKey,
  hexKey,
  totpSecret,
  hubOauthToken,
];
