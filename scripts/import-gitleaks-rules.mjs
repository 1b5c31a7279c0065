#!/usr/bin/env node
/**
 * Converts gitleaks' default rule set (vendor/gitleaks/gitleaks.toml, MIT, see
 * vendor/gitleaks/README.md) into the two files the `gitleaks/<rule>` detectors use:
 *
 *   src/detect/detectors/gitleaks-index.ts   ids, finding types and trigger words: loaded
 *                                            with the detector list (small)
 *   src/detect/detectors/gitleaks-rules.json the translated regexes, entropy floors,
 *                                            allowlists and keyword checks: loaded on the
 *                                            first field a rule's keyword lets through
 *
 * Usage: node scripts/import-gitleaks-rules.mjs          (rewrites both files)
 *        node scripts/import-gitleaks-rules.mjs --check  (exit 1 when they are stale)
 * test/unit/detect/gitleaks.test.ts runs the same generate() and compares.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { format } from 'prettier';
import { parse } from 'smol-toml';
import { translateGoRegex } from './gitleaks-translate.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const TOML_PATH = `${ROOT}vendor/gitleaks/gitleaks.toml`;
export const INDEX_PATH = `${ROOT}src/detect/detectors/gitleaks-index.ts`;
export const RULES_PATH = `${ROOT}src/detect/detectors/gitleaks-rules.json`;
const SOURCE = {
  repo: 'gitleaks/gitleaks',
  path: 'config/gitleaks.toml',
  commit: '009e025ad4106ab333aa0b9dc4f2a884390d134c',
};

// Identifiers that name an account or app, not a credential: the project's labels make ids
// negatives (a client id is public; its secret is the finding), as for AWS it keeps the
// access key id only because that id is half of a signing pair with a fixed prefix.
const ID =
  'an identifier, not a credential: the project does not report ids (their secrets are found)';

/** Rules left out, and why (docs/detection.md lists them). */
const SKIP = {
  'generic-api-key':
    'the project\'s secret.assigned_name covers any secret name in any syntax, with its own value gates',
  'private-key': 'the project\'s secret.private_key requires a key body and also reads bare DER keys',
  'aws-access-token': 'the project\'s secret.aws_access_key also drops typed ids (EXAMPLE, DEADBEEF, alphabet runs)',
  jwt: 'the project\'s secret.jwt decodes the header and requires an alg',
  'azure-ad-client-secret':
    'the project\'s azure_ad_client_secret rule has the same shape; its keyword (q~) follows a digit, so no word trigger can select it',
  'curl-auth-user':
    'the project\'s secret.password:user_flag covers -u/--user; this regex has the same unbounded .* prefix',
  'database-password': 'no keyword (it would run on every field); secret.assigned_name covers db passwords and pwd',
  'kubernetes-secret-yaml': 'needs a file path (.yaml) the engine does not have',
  'hashicorp-tf-password': 'needs a file path (.tf, .hcl) the engine does not have',
  'freemius-secret-key': 'needs a file path (.php) the engine does not have',
  'nuget-config-password': 'needs a file path (nuget.config) the engine does not have',
  'pkcs12-file': 'a path-only rule (file names), no content regex',
  'adobe-client-id': ID,
  'asana-client-id': ID,
  'bitbucket-client-id': ID,
  'discord-client-id': ID,
  'linkedin-client-id': ID,
  'messagebird-client-id': ID,
  'new-relic-user-api-id': ID,
  'plaid-client-id': ID,
  'sendbird-access-id': ID,
  'sumologic-access-id': ID,
}; // prettier-ignore

/**
 * Prefixes that backtrack in V8, rewritten: the regex keeps what follows, and the scan
 * checks `near` in a bounded window before each match instead (the `curl` word on the same
 * line or up to 5 lines up, within 2,000 characters), so the cost stays linear.
 */
const REWRITES = {
  'curl-auth-header': {
    prefix: '\\bcurl\\b(?:.*?|.*?(?:[\\r\\n]{1,2}.*?){1,5})',
    near: { re: '\\bcurl\\b', lines: 5, chars: 2000 },
  },
};

/** Finding types by rule id prefix: the project's own type where the vendor has one. */
const TYPES = [
  ['github-', 'secret.github_token'],
  ['gitlab-', 'secret.gitlab_token'],
  ['slack-webhook-url', 'secret.slack_webhook'],
  ['slack-', 'secret.slack_token'],
  ['stripe-', 'secret.stripe_key'],
  ['openai-', 'secret.openai_key'],
  ['anthropic-', 'secret.anthropic_key'],
  ['huggingface-', 'secret.huggingface_token'],
  ['npm-', 'secret.npm_token'],
  ['sendgrid-', 'secret.sendgrid_key'],
  ['shopify-', 'secret.shopify_token'],
  ['grafana-', 'secret.grafana_token'],
  ['linear-', 'secret.linear_key'],
  ['notion-', 'secret.notion_token'],
  // 1Password secret keys (A3-...) are account keys, not service tokens: generic.
  ['1password-service-account-token', 'secret.onepassword_token'],
  ['vault-', 'secret.vault_token'],
  ['databricks-', 'secret.databricks_token'],
  ['gcp-api-key', 'secret.gcp_api_key'],
  ['jwt-base64', 'secret.jwt'],
  ['mailgun-', 'secret.mailgun_key'],
  ['mailchimp-', 'secret.mailchimp_key'],
  ['discord-', 'secret.discord_bot_token'],
  ['telegram-', 'secret.telegram_bot_token'],
  ['pypi-', 'secret.pypi_token'],
  // An age secret key is an X25519 private key (secret-shapes.ts types it so too).
  ['age-secret-key', 'secret.private_key'],
];
const typeOf = (id) => TYPES.find(([p]) => id.startsWith(p))?.[1] ?? 'secret.generic_api_key';

/**
 * gitleaks' "semi-generic" rules start with `[\w.-]{0,50}?`: a lazy prefix that only moves
 * where the match starts (the secret is a capture group), and costs up to 50 steps at every
 * position in V8. It is dropped, so the regex starts at the vendor word.
 */
function dropLazyPrefix(pattern) {
  return pattern
    .replace(/^(\(\?i\))?\[\\w\.-\]\{0,50\}\?/, '$1')
    .replace(/^(\(\?i:)\[\\w\.-\]\{0,50\}\?/, '$1');
}

const WORD = 'a-z0-9\\xc0-\\xd6\\xd8-\\xf6\\xf8-\\xff'; // a trigger "word" (triggers.ts), folded
const escapeRe = (s) => s.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

/**
 * The trigger for one gitleaks keyword and the check that mirrors it exactly. gitleaks runs
 * a rule when a keyword occurs anywhere (case-insensitively); the engine's pre-filter sees
 * whole words, 6-letter word stems and exact-case substrings, so each keyword becomes one
 * of those, and the rule's scan requires the same occurrence (lower-cased text for words,
 * the original for literals). A keyword glued inside a word (`myadafruitkey`) is not seen.
 */
function keywordTrigger(keyword, js) {
  const k = keyword.toLowerCase();
  const before = `(?<![${WORD}])`;
  const after = `(?![${WORD}])`;
  if (GLUED[k]) return GLUED[k];
  if (BY_REGEX[k]) return BY_REGEX[k];
  if (/^[a-z0-9]+$/.test(k)) {
    // Glued to the token's body in a case-sensitive regex (`\bAKCp[A-Za-z0-9]{69}`): the
    // exact-case literal, as the regex itself needs it.
    if (!js.flags.includes('i')) {
      const glued = new RegExp(`(?<!(?<!\\\\)[a-z])(?<!\\\\)${k}(?=[[(a-z0-9])`);
      const at = js.source.toLowerCase().search(glued);
      if (at !== -1) {
        const lit = js.source.slice(at, at + k.length);
        return { trigger: `~${lit}`, check: { lit } };
      }
    }
    if (k.length >= 6) return { trigger: `${k.slice(0, 6)}*`, check: { re: `${before}${k}` } };
    return { trigger: k, check: { re: `${before}${k}${after}` } };
  }
  // A token with punctuation on both sides inside the keyword is a whole word wherever the
  // keyword occurs; one at the keyword's start (end) is, when the keyword is at a word start
  // (end). The longest such token is the trigger.
  const options = [...k.matchAll(/[a-z0-9]+/g)].flatMap((m) => {
    const t = m[0];
    const start = m.index;
    const end = start + t.length;
    if (start > 0 && end < k.length) return [{ t, rank: 1, trigger: t, re: escapeRe(k) }];
    if (start > 0 && t.length >= 6)
      return [{ t, rank: 1, trigger: `${t.slice(0, 6)}*`, re: escapeRe(k) }];
    if (start > 0) return [{ t, rank: 0, trigger: t, re: `${escapeRe(k)}${after}` }];
    if (end < k.length) return [{ t, rank: 0, trigger: t, re: `${before}${escapeRe(k)}` }];
    return [];
  });
  options.sort((a, b) => b.t.length - a.t.length || b.rank - a.rank);
  const best = options[0];
  if (best) return { trigger: best.trigger, check: { re: best.re } };
  throw new Error(`keyword ${keyword} has no word to trigger on`);
}

/**
 * Keywords whose letters sit inside a longer literal in the regex, written as the regex
 * needs them (case-sensitive): `EAA[MC]`, `(?:EAAA|sq0atp-)`.
 */
const lit = (l) => ({ trigger: `~${l}`, check: { lit: l } });
const GLUED = { eaam: [lit('EAAM')], eaac: [lit('EAAC')], eaaa: [lit('EAAA')] };

/**
 * Keywords that are no word of their own, triggered instead by a word or stem the regex
 * itself requires, so no substring search runs on every field. The check stays gitleaks'
 * keyword (the scan needs both).
 *   openai-api-key  every match starts `\bsk-`: `sk` is a whole word
 *   flyio (fm1)     `\bfm1[ar]_`: `fm1a` or `fm1r` is a whole word
 *   jwt-base64      `\bZXlK` and one of its alternatives, all 6+ letters: the word starts
 *                   with `zxlk` and the alternative's first two letters (stems, folded)
 */
const JWT_B64_STEMS = ['ag', 'au', 'am', 'bg', 'cw', 'cg', 'cm', 'cl', 'dw', 'd0', 'd2', 'em',
  'mf', 'mg', 'mw', 'ml', 'ne', 'nm'].map((two) => `zxlk${two}*`); // prettier-ignore
const BY_REGEX = {
  t3blbkfj: [{ trigger: 'sk', check: { lit: 'T3BlbkFJ' } }],
  fm1: [
    { trigger: 'fm1a', check: { lit: 'fm1a_' } },
    { trigger: 'fm1r', check: { lit: 'fm1r_' } },
  ],
  zxlk: JWT_B64_STEMS.map((trigger) => ({ trigger, check: { lit: 'ZXlK' } })),
};

/**
 * Rules whose only trigger is a literal glued to a long random token: a second trigger
 * group, a word of 16+ characters mixing upper case, lower case and digits (`#b64`) or an
 * upper-case word of 14+ (`#longalnum`), so the literal's substring search runs only on the
 * few fields that hold such a word. The token is that word (no `_` or `-` splits it), and a
 * body of this length and entropy floor without a digit is vanishingly rare.
 */
const LONG_WORD = ['#b64', '#longalnum'];
const SIGNAL_GROUP = new Set([
  'artifactory-api-key', // AKCp + 69 alphanumerics, entropy > 4.5
  'artifactory-reference-token', // cmVmd + 59, entropy > 4.5
  'alibaba-access-key-id', // LTAI + 20
  'easypost-api-token', // EZAK + 54
  'easypost-test-api-token', // EZTK + 54
  'facebook-page-access-token', // EAAM/EAAC + 100+
  'clickhouse-cloud-api-secret-key', // 4b1d + 38
  'twilio-api-key', // SK + 32 hex, entropy > 3
]);

const pair = (js) => [js.source, js.flags];

/** Allowlists the engine can apply: no file paths here, so path conditions never hold. */
function allowlists(list, id, problems) {
  const out = [];
  for (const a of list ?? []) {
    if (a.paths && (a.condition === 'AND' || !a.regexes?.length)) continue;
    const entry = { target: a.regexTarget ?? 'secret' };
    const regexes = [];
    for (const r of a.regexes ?? []) {
      try {
        regexes.push(pair(translateGoRegex(r)));
      } catch (e) {
        problems.push(`${id}: allowlist regex ${r}: ${e.message}`);
      }
    }
    if (regexes.length) entry.regexes = regexes;
    if (a.stopwords?.length) entry.stopwords = a.stopwords.map((w) => w.toLowerCase());
    if (entry.regexes || entry.stopwords) out.push(entry);
  }
  return out;
}

/** Converts the TOML text; returns both files' text and what was imported or skipped. */
export async function generate(tomlText) {
  const config = parse(tomlText);
  const sha256 = createHash('sha256').update(tomlText).digest('hex');
  const problems = [];
  const rows = [];
  const rules = {};
  const skipped = [];
  for (const rule of config.rules) {
    if (SKIP[rule.id]) {
      skipped.push({ id: rule.id, reason: SKIP[rule.id] });
      continue;
    }
    let js;
    const rewrite = REWRITES[rule.id];
    try {
      if (rewrite && !rule.regex.startsWith(rewrite.prefix)) throw new Error('rewrite is stale');
      const pattern = rewrite ? rule.regex.slice(rewrite.prefix.length) : rule.regex;
      js = translateGoRegex(dropLazyPrefix(pattern));
    } catch (e) {
      skipped.push({ id: rule.id, reason: `regex not translatable: ${e.message}` });
      continue;
    }
    const keys = (rule.keywords ?? []).flatMap((k) => keywordTrigger(k, js));
    const words = [...new Set(keys.map((k) => k.trigger))];
    const triggers = SIGNAL_GROUP.has(rule.id) ? [words, LONG_WORD] : [words];
    rows.push({ id: rule.id, type: typeOf(rule.id), triggers });
    rules[rule.id] = {
      regex: pair(js),
      ...(rule.entropy ? { entropy: rule.entropy } : {}),
      ...(rule.secretGroup ? { secretGroup: rule.secretGroup } : {}),
      checks: keys.map((k) => k.check),
      ...(rewrite ? { near: rewrite.near } : {}),
      allow: allowlists(rule.allowlists, rule.id, problems),
      description: rule.description,
    };
  }
  const global = allowlists([config.allowlist], 'global', problems)[0];
  if (problems.length) throw new Error(`untranslatable allowlist entries:\n${problems.join('\n')}`);
  const data = { source: { ...SOURCE, sha256 }, global, rules };
  const index = [
    '// Generated by scripts/import-gitleaks-rules.mjs from vendor/gitleaks/gitleaks.toml',
    '// (gitleaks, MIT): do not edit; rerun the script after updating the vendored file.',
    '',
    '/** One gitleaks rule the engine runs: its id, finding type and trigger groups. */',
    'export interface GitleaksRow {',
    '  readonly id: string;',
    '  readonly type: string;',
    '  readonly triggers: readonly (readonly string[])[];',
    '}',
    '',
    `export const GITLEAKS_SOURCE = ${JSON.stringify(data.source)} as const;`,
    '',
    `export const GITLEAKS_ROWS: readonly GitleaksRow[] = ${JSON.stringify(rows)};`,
    '',
    '/** Rules not imported, with the reason (docs/detection.md). */',
    `export const GITLEAKS_SKIPPED: readonly { id: string; reason: string }[] = ${JSON.stringify(skipped)};`,
    '',
  ].join('\n');
  const options = { singleQuote: true, printWidth: 100, trailingComma: 'all' };
  return {
    index: await format(index, { ...options, parser: 'typescript' }),
    rules: await format(JSON.stringify(data), { ...options, parser: 'json' }),
    imported: rows.length,
    skipped,
    total: config.rules.length,
  };
}

async function main() {
  const out = await generate(readFileSync(TOML_PATH, 'utf8'));
  const stale = [
    [INDEX_PATH, out.index],
    [RULES_PATH, out.rules],
  ].filter(([path, text]) => {
    try {
      return readFileSync(path, 'utf8') !== text;
    } catch {
      return true;
    }
  });
  if (process.argv.includes('--check')) {
    for (const [path] of stale) console.error(`stale: ${path}`);
    process.exitCode = stale.length ? 1 : 0;
    return;
  }
  for (const [path, text] of stale) writeFileSync(path, text);
  console.log(
    `${out.total} rules in the TOML: ${out.imported} imported, ${out.skipped.length} skipped`,
  );
  for (const s of out.skipped) console.log(`  skipped ${s.id}: ${s.reason}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
