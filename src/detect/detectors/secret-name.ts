/**
 * Whether an assigned name names a secret (issue 18, the generic assignment rule): the name
 * is split into parts at separators and camel-case humps (`clientSecretKey` -> client,
 * secret, key; `X-Api-Key` -> x, api, key), and one part must be a secret word. Words that
 * describe a secret rather than hold it end the name (`token_type`, `passwordLabel`,
 * `key_id`) or lead it (`public_key`, `max_tokens`, `next_page_token`); those lists come from
 * the corpus hard negatives and the names code commonly gives such metadata.
 */

export type SecretNameKind = 'password' | 'key';

/** A part that is a password word (`password`, `db_pass`, `requirepass`, `Passwort`, `pwd`). */
const PASSWORD_PART = /passw(?:or)?d|passphrase|passwort|^pwd$|pass$|^passe$/;
/**
 * A part that is a key word: `key` alone, a run-together name ending in a secret-ish key
 * (`apikey`, `secretkey`, `fooapikeyfoo`), or one holding `secret`, `token`, `credential`.
 */
const KEY_PART =
  /^key$|^auth$|authorization$|apikey|^creds?$|(?:secret|private|access|auth|app|master|signing|encryption|client|license|session|consumer|account|admin|shared|subscription|deploy)key$|secret|credential|token/;
/** Not a secret word although it holds one (`tokenizer`, `secretary`, LLM `tokens`, `bypass`). */
const NOT_A_SECRET_PART =
  /tokeni[sz]|tokens$|^secretary|^secretion|^secrets?manager$|(?:by|com|over|under|tres|sur)pass$/;

/** Parts after the last secret word that make the name metadata about a secret. */
const META_AFTER = new Set(
  (
    'id ids name names type types kind size length len count limit max min path file filename ' +
    'dir directory url uri endpoint host arn ref refs reference alias pair vault store ring ' +
    'usage format algorithm alg version prefix suffix hint label placeholder field input policy ' +
    'rotation expiry expires expiration ttl timeout index hash digest env var variable provider ' +
    'source mode method scheme location region manager service required enabled disabled reset ' +
    'strength rule rules pattern regex validation validator error message msg text title ' +
    'description help button class style template lookup cmd command helper function fn ' +
    'callback handler param params column table schema attribute attr property prop prompt ' +
    'visible visibility toggle icon changed mismatch policy secure url header headers location ' +
    'generator generation fingerprint checksum accessor'
  ).split(' '),
);
/**
 * Parts before the first secret word that make it something other than a credential
 * (`hashed` too: `HashedKey` holds a digest of the key; round 19's halves, Grafana's tests).
 */
const META_BEFORE = new Set(
  (
    'public publishable primary foreign unique sort partition cache idempotency hot short map ' +
    'dict object row lookup hash max min num total input output prompt completion page next ' +
    'prev previous continuation cursor sync csrf xsrf forgot has is show hide toggle no missing ' +
    'invalid empty require requires enable enabled use uses with sign gpg pgp hashed'
  ).split(' '),
);

/** Splits `clientSecretKey`, `X-API-KEY`, `aws.secret_key` into lower-case parts. */
export function nameParts(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((p) => p !== '');
}

/**
 * Names repeat within a field (a run of `password=...` pairs, a config file's keys): the
 * kinds of the last few hundred are kept rather than parsed again.
 */
const KIND_CACHE = new Map<string, SecretNameKind | null>();

/** The kind of secret a name holds, or null when it names none. `master` counts in XML only. */
export function secretNameKind(name: string, xmlElement = false): SecretNameKind | null {
  const key = xmlElement ? `<${name}` : name;
  const cached = KIND_CACHE.get(key);
  if (cached !== undefined) return cached;
  const kind = parseNameKind(name, xmlElement);
  if (KIND_CACHE.size >= 512) KIND_CACHE.clear();
  KIND_CACHE.set(key, kind);
  return kind;
}

function parseNameKind(name: string, xmlElement: boolean): SecretNameKind | null {
  const parts = nameParts(name);
  let first = -1;
  let last = -1;
  let kind: SecretNameKind | null = null;
  for (let i = 0; i < parts.length; i++) {
    // A numbered name is the word's (`pass2`, `token1`, `apikey3`; round 13's dev half); a
    // number from 0 is a name's own (`auth0`, the identity vendor, is no `auth`).
    const p = (parts[i] as string).replace(/(?<=[a-z])[1-9]\d{0,2}$/, '');
    if (NOT_A_SECRET_PART.test(p)) continue;
    const password = PASSWORD_PART.test(p) || (xmlElement && p === 'master');
    if (!password && !KEY_PART.test(p)) continue;
    if (first === -1) first = i;
    last = i;
    if (password) kind = 'password';
    else kind ??= 'key';
  }
  if (first === -1) return null;
  if (parts.slice(last + 1).some((p) => META_AFTER.has(p))) return null;
  if (parts.slice(0, first).some((p) => META_BEFORE.has(p))) return null;
  return kind;
}

/**
 * A password equal to the value of a setting that is no secret near it (CyberSource's
 * samples: `KeyFileName = 'testrest'; KeyAlias = 'testrest'; KeyPass = 'testrest'`; round 20's
 * dev half): the fixture reuses one word for the file, the alias and the password, as the
 * convention's `guest:guest` reuses the user's name. A password repeated under another
 * secret's name (`confirm_password`) does not count.
 */
const SHARED_WINDOW = 400;
export function sharesPlainSettingValue(text: string, start: number, value: string): boolean {
  const from = Math.max(0, start - SHARED_WINDOW);
  const to = Math.min(text.length, start + value.length + SHARED_WINDOW);
  const area = text.slice(from, to);
  for (const q of ['"', "'"]) {
    const needle = `${q}${value}${q}`;
    for (let i = area.indexOf(needle); i !== -1; i = area.indexOf(needle, i + 1)) {
      if (from + i + 1 === start) continue;
      const before = /([A-Za-z_][\w.-]{0,63})["']?[ \t]*(?:=>|:=|[:=])[ \t]*$/.exec(
        area.slice(Math.max(0, i - 80), i),
      );
      if (before && secretNameKind(before[1] ?? '') === null) return true;
    }
  }
  return false;
}
