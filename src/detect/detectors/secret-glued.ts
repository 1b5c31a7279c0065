import { patternDetector, type Detector, type RawHit } from '../rule.js';
import { isPlaceholderValue, shannonEntropy } from '../validators.js';
import { nameParts, secretNameKind } from './secret-name.js';
import { PUBLIC_SECRET_PREFIX } from './secret-prefix.js';
import { hasTypedRun, secretValueVerdict } from './secret-value.js';

/**
 * Credential forms learnt from round 11's dev half (src/detect/README.md, "Round 11's dev
 * half"), each its own rule id for `disabled_rules`: a value under a personal access token's
 * name (`github_pat =`, `GitHubPAT:`), a secret name glued to its hex value by a hyphen
 * (`datadog-apikey-<hex>`, Mailgun's `key-<hex>`), Asana's token format, and a YAML list of
 * values under a secret's name (`api_keys:` then `- <key>` lines).
 */

/** Substring triggers for a word inside a name: `~key`, `~Key`, `~KEY`. */
const inThreeCases = (w: string): string[] => [
  `~${w}`,
  `~${w.charAt(0).toUpperCase()}${w.slice(1)}`,
  `~${w.toUpperCase()}`,
];

/** Hex of an issued key: digits and letters mixed, not a typed run, random enough for hex. */
function randomHex(v: string): boolean {
  return /\d/.test(v) && /[a-f]/.test(v) && !hasTypedRun(v) && shannonEntropy(v) >= 3.2;
}

/**
 * `PAT` is a personal access token (GitHub, Azure DevOps, Asana, Airtable, Atlassian all
 * issue them): a name whose last part is `pat` (`github_pat`, `GitHubPAT`, `ado-pat`, `PAT`)
 * holds one. Not in the generic rule's keywords: `pat` is inside too many words (`path`,
 * `pattern`, `compat`), so the name must end in the part itself. `pat` also abbreviates
 * "pattern" (`url_pat`, `re_pat`), so the value must be token characters only (letters,
 * digits, `_.:/+=-`: no regex or glob syntax), 16 or more, and it is judged as the generic
 * rule judges a key's.
 */
const PAT_VENDORS: readonly (readonly [string, string])[] = [
  ['github', 'secret.github_token'],
  ['gitlab', 'secret.gitlab_token'],
];
const PAT_SEPARATOR = /(?:pat|PAT|Pat)["']?[ \t]{0,8}[:=]/;
const patNamed = patternDetector({
  id: 'secret.generic_api_key:pat_name',
  type: 'secret.generic_api_key',
  category: 'secret',
  severity: 'high',
  regex:
    /(?<![A-Za-z0-9_.-])([A-Za-z0-9_.-]{0,40}?)(?:pat|PAT|Pat)(["']?)[ \t]{0,8}(?::=|=|:)[ \t]{0,8}(["']?)([A-Za-z0-9_.:/+=-]{16,300})\3(?![^\s"'`,;)}\]])/dg,
  group: 4,
  score: 0.8,
  triggers: [['pat', '~PAT', '~Pat']],
  // The name's lazy scan runs at every word start: read a field only when `pat` is followed
  // by a separator (`PATH` alone, in a shell line, is not).
  gate: (t) => PAT_SEPARATOR.test(t),
  refine(m, _ctx, c) {
    const prefix = m[1] ?? '';
    const name = `${prefix}${m[0].slice(prefix.length, prefix.length + 3)}`;
    // The part must be `pat` itself: after a separator or a lower-case hump (`GitHubPAT`).
    if (nameParts(name).at(-1) !== 'pat') return null;
    if (prefix !== '' && !/[_.-]$/.test(prefix) && !/[a-z0-9]PAT$|[a-z0-9]Pat$/.test(name))
      return null;
    // A quote after the name must close one before it (`"asana_pat": "..."`).
    if (m[2] !== '' && m.input[m.index - 1] !== m[2]) return null;
    const value = m[4] ?? '';
    if (PUBLIC_SECRET_PREFIX.test(value)) return null;
    if (!secretValueVerdict(value, 'key', m[3] !== '').ok) return null;
    const joined = name.toLowerCase().replace(/[^a-z0-9]/g, '');
    c.type = PAT_VENDORS.find(([v]) => joined.includes(v))?.[1] ?? 'secret.generic_api_key';
    return c.type === 'secret.generic_api_key' ? 0.8 : 0.85;
  },
});

/**
 * A secret name glued to a hex key by a hyphen, as some dashboards and docs print them
 * (`datadog-apikey-<hex>`, `dd_app_key-<hex>`): 32 or 40 hex characters, the two lengths
 * vendors issue hex keys in. The name must name a secret as the generic rule reads names
 * (`cache-key-<hex>`, `public-key-<hex>`, `idempotency-key-<hex>` do not) with a word that
 * names a credential (api or app key, secret, token). `key-` alone
 * before 32 characters is Mailgun's legacy key format, and is typed so.
 */
const GLUED_VALUE = /-[0-9a-z]{32}/i;
const gluedHex = patternDetector({
  id: 'secret.generic_api_key:glued_name',
  type: 'secret.generic_api_key',
  category: 'secret',
  severity: 'high',
  regex:
    /(?<![A-Za-z0-9_.\-/])((?:[A-Za-z0-9]{1,24}[_-]){0,3}[A-Za-z0-9]{0,24}(?:key|token|secret)s?)-([0-9a-f]{40}|[0-9a-f]{32}|[0-9a-z]{32})(?![A-Za-z0-9_-])/dgi,
  group: 2,
  score: 0.8,
  // A name run together (`secrettoken`, `APIKEY`) holds the word as a substring. The hyphen
  // is a gate, not a second trigger group: a substring trigger is only looked for when it
  // completes a detector, so two substring groups would never both be looked for.
  triggers: [
    ['key', 'token', 'secret', ...['key', 'token', 'secret'].flatMap((w) => inThreeCases(w))],
  ],
  // Each word start costs the name's backtracking, so a field is read only when it holds a
  // hyphen before 32 key characters (one fast scan for `-`).
  gate: (t) => GLUED_VALUE.test(t),
  refine(m, _ctx, c) {
    const name = m[1] ?? '';
    const value = m[2] ?? '';
    if (name === 'key' && /^[0-9a-z]{32}$/.test(value)) {
      // Mailgun: 32 lower-case letters and digits.
      if (!/\d/.test(value) || !/[a-z]/.test(value) || hasTypedRun(value)) return null;
      if (shannonEntropy(value) < 3.5 || isPlaceholderValue(value)) return null;
      // The whole key, `key-` included, as the Mailgun rule reports it.
      c.start = m.index;
      c.type = 'secret.mailgun_key';
      return 0.8;
    }
    if (!/^(?:[0-9a-f]{32}|[0-9a-f]{40})$/.test(value) || !randomHex(value)) return null;
    const parts = nameParts(name);
    if (parts.length < 2 || secretNameKind(name) !== 'key') return null;
    // A key word that names a credential (`apikey`, `app_key`, `secret`, `token`), not any
    // `<word>-key-<hash>`: `ssh-key-`, `lock-key-`, `node-key-` name fingerprints and cache
    // or lock entries.
    const strong = parts.some(
      (p, i) =>
        /secret|token|^(?:api|app|access|private|auth)key$/.test(p) ||
        (p === 'key' && /^(?:api|app|access|private|auth)$/.test(parts[i - 1] ?? '')),
    );
    return strong ? 0.8 : null;
  },
});

/**
 * Asana personal access tokens: a version digit, the user's numeric id (and, in the newer
 * form, the token's), a colon and 32 hex characters (`1/<id>:<hex>`, `2/<id>/<id>:<hex>`).
 * The ids may hold any digit run, so only the hex half is checked for randomness.
 */
const asanaToken = patternDetector({
  id: 'secret.generic_api_key:asana',
  type: 'secret.generic_api_key',
  category: 'secret',
  severity: 'high',
  regex: /(?<![A-Za-z0-9/])[0-9]\/[0-9]{10,20}(?:\/[0-9]{10,20})?:([0-9a-f]{32})(?![A-Za-z0-9])/dg,
  group: 0,
  score: 0.85,
  triggers: [['#digits7'], ['#colon']],
  gate: (t) => t.includes('/'),
  refine(m) {
    const hex = m[1] ?? '';
    return randomHex(hex) && !isPlaceholderValue(hex) ? 0.85 : null;
  },
});

/**
 * A YAML sequence under a secret's name: `api_keys:`, `tokens:`, `passwords:` alone on a line,
 * then `- value` lines. The generic rule reads `name: value` on one line; a list puts each
 * value on its own. The name is read in the singular (`api_keys` as `api_key`) and must name a
 * secret; every item is judged as the generic rule judges a value, and each one that passes
 * is a finding.
 */
const YAML_LIST =
  /^[ \t]{0,32}(?:-[ \t]+)?([A-Za-z0-9_.-]{0,48}(?:key|token|secret|pass|pwd|cred|auth)[A-Za-z0-9_.-]{0,16})[ \t]{0,8}:[ \t]*\r?\n((?:[ \t]{0,32}-[ \t]+[^\n]{1,300}(?:\n|(?![\s\S]))){1,64})/gim;
const LIST_START = /:[ \t]*\r?\n[ \t]{0,32}-[ \t]/;
const LIST_ITEM =
  /^([ \t]*-[ \t]+)(?:"([^"\n]{1,300})"|'([^'\n]{1,300})'|([^\s"'#]\S{0,299}))[ \t]*(?:#.*)?\r?$/;
// The keywords of a list's name (YAML or JSON) as the generic rule's triggers have them:
// whole words, and substrings in the three usual cases for names run together (`dbPasswords`).
const LIST_TRIGGERS = [
  [
    ...['keys', 'key', 'tokens', 'token', 'secrets', 'secret', 'passwords', 'password'],
    ...['credentials', 'creds', 'apikeys', 'auth', 'pwd', 'pass'],
    ...['pass', 'pwd', 'secret', 'token', 'cred', 'key', 'auth'].flatMap(inThreeCases),
  ],
  ['#colon'],
];
const yamlList: Detector = {
  id: 'secret.assigned_name:yaml_list',
  category: 'secret',
  types: ['secret.generic_api_key', 'secret.password'],
  patterns: [YAML_LIST, LIST_ITEM, LIST_START],
  triggers: LIST_TRIGGERS,
  scan(ctx, out) {
    const text = ctx.text;
    // A name ending a line with `:` and a `- ` item on the next: one fast scan for `:`.
    if (!LIST_START.test(text)) return;
    YAML_LIST.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = YAML_LIST.exec(text)) !== null) {
      const name = (m[1] ?? '').replace(/s$/i, '');
      const kind = secretNameKind(name);
      if (kind === null || /^(?:key|token)$/i.test(name)) continue;
      const block = m[2] ?? '';
      let at = m.index + m[0].length - block.length;
      for (const line of block.split('\n')) {
        const item = LIST_ITEM.exec(line);
        if (item) {
          const quoted = item[4] === undefined;
          const value = item[2] ?? item[3] ?? item[4] ?? '';
          const start = at + (item[1] ?? '').length + (quoted ? 1 : 0);
          if (!PUBLIC_SECRET_PREFIX.test(value) && secretValueVerdict(value, kind, quoted).ok)
            out.push(hit(kind, start, start + value.length));
        }
        at += line.length + 1;
      }
    }
  },
};
/**
 * The same list in JSON: `"unseal_keys_b64": ["...", "..."]` (Vault's init output, round 12's
 * dev half). A plural part inside the name is read in the singular (`unseal_keys_b64` as
 * `unseal_key_b64`); each string item is judged as a value.
 */
const JSON_LIST =
  /"([A-Za-z0-9_.-]{1,64})"[ \t]*:[ \t]*\[[ \t\r\n]*("[^"\n]{1,300}"(?:[ \t]*,[ \t\r\n]*"[^"\n]{1,300}"){0,63})[ \t\r\n]*\]/g;
const JSON_ITEM = /"([^"\n]{1,300})"/g;
const LIST_OPEN = /"[ \t]*:[ \t]*\[/;
const singular = (name: string): string =>
  name.replace(/(key|token|secret|password|credential)s(?![a-z])/gi, '$1');
const jsonList: Detector = {
  id: 'secret.assigned_name:json_list',
  category: 'secret',
  types: ['secret.generic_api_key', 'secret.password'],
  patterns: [JSON_LIST, JSON_ITEM, LIST_OPEN],
  triggers: LIST_TRIGGERS,
  scan(ctx, out) {
    const text = ctx.text;
    // A quoted name, a colon and a bracket: one fast scan before the list regex.
    if (!text.includes('[') || !LIST_OPEN.test(text)) return;
    JSON_LIST.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = JSON_LIST.exec(text)) !== null) {
      const name = singular(m[1] ?? '');
      const kind = secretNameKind(name);
      if (kind === null || /^(?:key|token)$/i.test(name)) continue;
      const items = m[2] ?? '';
      const base = m.index + m[0].indexOf(items);
      JSON_ITEM.lastIndex = 0;
      let item: RegExpExecArray | null;
      while ((item = JSON_ITEM.exec(items)) !== null) {
        const value = item[1] ?? '';
        const start = base + item.index + 1;
        if (!PUBLIC_SECRET_PREFIX.test(value) && secretValueVerdict(value, kind, true).ok)
          out.push(hit(kind, start, start + value.length, 'secret.assigned_name:json_list'));
      }
    }
  },
};

function hit(
  kind: 'key' | 'password',
  start: number,
  end: number,
  detector = 'secret.assigned_name:yaml_list',
): RawHit {
  const password = kind === 'password';
  return {
    type: password ? 'secret.password' : 'secret.generic_api_key',
    category: 'secret',
    detector,
    score: password ? 0.85 : 0.8,
    severity: 'high',
    start,
    end,
  };
}

// Every type each rule can report, and its gate's regex for the backtracking audit.
export const GLUED_SECRET_DETECTORS: readonly Detector[] = [
  {
    ...patNamed,
    types: ['secret.generic_api_key', ...PAT_VENDORS.map(([, t]) => t)],
    patterns: [...patNamed.patterns, PAT_SEPARATOR],
  },
  {
    ...gluedHex,
    types: ['secret.generic_api_key', 'secret.mailgun_key'],
    patterns: [...gluedHex.patterns, GLUED_VALUE],
  },
  asanaToken,
  yamlList,
  jsonList,
];
