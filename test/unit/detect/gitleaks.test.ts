import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { scanWith } from '../../../src/detect/audit-detectors.js';
import { GITLEAKS_DETECTORS } from '../../../src/detect/detectors/gitleaks.js';
import {
  GITLEAKS_ROWS,
  GITLEAKS_SKIPPED,
  GITLEAKS_SOURCE,
} from '../../../src/detect/detectors/gitleaks-index.js';
import { createDetector } from '../../../src/detect/engine.js';
import { parsePolicy } from '../../../src/detect/policy.js';
import { ValidationError } from '../../../src/errors.js';
import {
  INDEX_PATH,
  RULES_PATH,
  TOML_PATH,
  generate,
} from '../../../scripts/import-gitleaks-rules.mjs';
import { translateGoRegex } from '../../../scripts/gitleaks-translate.mjs';

// Issue 18: gitleaks' default rules behind the detector interface (detectors/gitleaks.ts).
// Every token below is written here from a seeded generator: none is copied from a round.

const RULES_JSON = fileURLToPath(
  new URL('../../../src/detect/detectors/gitleaks-rules.json', import.meta.url),
);
const requireCache = createRequire(import.meta.url).cache;

/** Deterministic pseudo-random text over an alphabet (a value nobody published). */
function rand(alphabet: string, n: number, seed: number): string {
  let x = seed * 2654435761;
  let out = '';
  for (let i = 0; i < n; i++) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    out += alphabet[(x >>> 8) % alphabet.length];
  }
  return out;
}
const HEX = '0123456789abcdef';
const ALNUM = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const LOWER = 'abcdefghijklmnopqrstuvwxyz0123456789';
const LETTERS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

const detectorOf = (rule: string) => {
  const d = GITLEAKS_DETECTORS.find((x) => x.id === `gitleaks/${rule}`);
  if (!d) throw new Error(`no detector gitleaks/${rule}`);
  return d;
};

describe('gitleaks rule data loads on first use', () => {
  // First in the file: this file's module instance has not read the rule data yet.
  it('creating the engine and scanning text without a keyword does not read it', () => {
    delete requireCache[RULES_JSON];
    const detector = createDetector();
    detector.scanEvent([{ field: 'prompt', text: 'Plain prose, a token=abc and a key: value.' }]);
    expect(requireCache[RULES_JSON]).toBeUndefined();
    const found = detector.scanEvent([
      { field: 'prompt', text: `pulumi login with pul-${rand(HEX, 40, 1)}` },
    ]);
    expect(found.map((d) => d.detector)).toContain('gitleaks/pulumi-api-token');
    expect(requireCache[RULES_JSON]).toBeDefined();
  });
});

describe('gitleaks rules: one token per mapped type, found by the gitleaks rule', () => {
  const OPENAI_BODY = `${rand(ALNUM, 74, 7)}T3BlbkFJ${rand(ALNUM, 74, 8)}`;
  it.each([
    ['github-pat', `ghp_${rand(ALNUM, 36, 2)}`, 'secret.github_token'],
    ['gitlab-deploy-token', `gldt-${rand(ALNUM, 20, 3)}`, 'secret.gitlab_token'],
    ['slack-bot-token', `xoxb-4829173650-5930284716-${rand(ALNUM, 24, 4)}`, 'secret.slack_token'],
    [
      'slack-webhook-url',
      `https://hooks.slack.com/services/${rand(ALNUM, 44, 5)}`,
      'secret.slack_webhook',
    ],
    ['stripe-access-token', `rk_live_${rand(ALNUM, 30, 6)}`, 'secret.stripe_key'],
    ['openai-api-key', `sk-proj-${OPENAI_BODY}`, 'secret.openai_key'],
    ['anthropic-api-key', `sk-ant-api03-${rand(ALNUM, 93, 9)}AA`, 'secret.anthropic_key'],
    ['huggingface-access-token', `hf_${rand(LETTERS, 34, 10)}`, 'secret.huggingface_token'],
    ['npm-access-token', `npm_${rand(LOWER, 36, 11)}`, 'secret.npm_token'],
    ['sendgrid-api-token', `SG.${rand(ALNUM, 66, 12)}`, 'secret.sendgrid_key'],
    ['shopify-access-token', `shpat_${rand(HEX, 32, 13)}`, 'secret.shopify_token'],
    [
      'grafana-service-account-token',
      `glsa_${rand(ALNUM, 32, 14)}_${rand(HEX, 8, 15)}`,
      'secret.grafana_token',
    ],
    ['linear-api-key', `lin_api_${rand(LOWER, 40, 16)}`, 'secret.linear_key'],
    [
      'notion-api-token',
      `ntn_${rand('0123456789', 11, 17)}${rand(ALNUM, 35, 18)}`,
      'secret.notion_token',
    ],
    [
      '1password-service-account-token',
      `ops_eyJ${rand(ALNUM, 260, 19)}`,
      'secret.onepassword_token',
    ],
    ['vault-service-token', `hvs.${rand(ALNUM, 100, 20)}`, 'secret.vault_token'],
    ['databricks-api-token', `dapi${rand(HEX, 32, 21)}`, 'secret.databricks_token'],
    ['gcp-api-key', `AIza${rand(ALNUM, 35, 22)}`, 'secret.gcp_api_key'],
    ['jwt-base64', `ZXlKaGJHY2lPaU${rand(ALNUM, 60, 23)}`, 'secret.jwt'],
    ['mailgun-private-api-token', `mailgun_key = key-${rand(HEX, 32, 24)}`, 'secret.mailgun_key'],
    ['mailchimp-api-key', `mailchimp: "${rand(HEX, 32, 25)}-us12"`, 'secret.mailchimp_key'],
    ['discord-api-token', `DISCORD_TOKEN=${rand(HEX, 64, 26)}`, 'secret.discord_bot_token'],
    [
      'telegram-bot-api-token',
      `telegram_bot: 6620481937:A${rand(LOWER, 34, 27)}`,
      'secret.telegram_bot_token',
    ],
    ['pypi-upload-token', `pypi-AgEIcHlwaS5vcmc${rand(ALNUM, 70, 28)}`, 'secret.pypi_token'],
  ])('%s', (rule, text, type) => {
    const hits = scanWith(detectorOf(rule), `config: ${text}\n`, 'prompt');
    expect(hits.map((h) => h.type)).toEqual([type]);
  });

  it.each([
    ['adafruit-api-key', `adafruit_key: "${rand(LOWER, 32, 30)}"`],
    ['doppler-api-token', `export DOPPLER=dp.pt.${rand(ALNUM, 43, 31)}`],
    ['pulumi-api-token', `PULUMI=pul-${rand(HEX, 40, 32)}`],
    ['twilio-api-key', `twilio SK${rand(HEX, 32, 33)}`],
    ['alibaba-access-key-id', `id LTAI${rand(ALNUM, 20, 34)} `],
    ['flyio-access-token', `FLY_API_TOKEN=fm1r_${rand(ALNUM, 120, 37)}`],
    ['curl-auth-header', `curl -X GET https://api.test/v1 -H "X-Api-Key: ${rand(ALNUM, 24, 35)}"`],
  ])('%s: vendors without a type of their own are generic keys', (rule, text) => {
    const hits = scanWith(detectorOf(rule), text, 'prompt');
    expect(hits.map((h) => [h.type, h.detector])).toEqual([
      ['secret.generic_api_key', `gitleaks/${rule}`],
    ]);
    // The span is the secret group, not the vendor word before it.
    expect(text.slice(hits[0]!.start, hits[0]!.end)).not.toMatch(/adafruit|DOPPLER|curl/);
  });

  it('curl-auth-header needs curl on the same line or a few lines up', () => {
    const header = `-H "X-Api-Key: ${rand(ALNUM, 24, 36)}"`;
    const rule = detectorOf('curl-auth-header');
    expect(scanWith(rule, `curl https://api.test \\\n  ${header}`, 'prompt')).toHaveLength(1);
    const far = `curl https://api.test\n${'line\n'.repeat(8)} ${header}`;
    expect(scanWith(rule, far, 'prompt')).toEqual([]);
  });
});

describe('gitleaks rules: what never fires', () => {
  it('a value the rule allowlists (Vault: s. and letters only)', () => {
    const rule = detectorOf('vault-service-token');
    expect(scanWith(rule, `VAULT_TOKEN=s.${rand(LETTERS, 24, 40)}`, 'prompt')).toEqual([]);
    expect(scanWith(rule, `VAULT_TOKEN=s.${rand(ALNUM, 24, 41)}`, 'prompt')).toHaveLength(1);
  });

  it('placeholders, typed runs and values below the entropy floor', () => {
    for (const [rule, text] of [
      ['adafruit-api-key', 'adafruit_key: "your_adafruit_key_here_xxxxxxxxxx"'],
      ['heroku-api-key', 'HEROKU_KEY = "12345678-9abc-4def-8abc-0123456789ab"'],
      ['pulumi-api-token', `pul-${'ab'.repeat(20)}`],
      ['stripe-access-token', 'sk_test_4eC39HqLyjWDarjtT1zdp7dc'],
    ] as const) {
      expect(scanWith(detectorOf(rule), text, 'prompt'), text).toEqual([]);
    }
  });

  it('a keyword glued inside a longer word is not seen (the trigger sees words)', () => {
    const text = `myadafruitkey: "${rand(LOWER, 32, 42)}"`;
    expect(scanWith(detectorOf('adafruit-api-key'), text, 'prompt')).toEqual([]);
  });
});

describe('gitleaks rules in the engine', () => {
  const pulumi = `PULUMI=pul-${rand(HEX, 40, 50)}`;
  const scan = (text: string, disabled?: string[]) =>
    createDetector(disabled ? parsePolicy({ disabled_rules: disabled }) : undefined)
      .scanEvent([{ field: 'prompt', text }])
      .filter((d) => d.category === 'secret');

  it('reports a finding masked, under the rule id that explains it', () => {
    const [d] = scan(pulumi);
    expect(d).toMatchObject({ detector: 'gitleaks/pulumi-api-token', severity: 'high' });
    expect(d!.match_masked).not.toContain(pulumi.slice(15, 30));
    expect(d!.excerpt).not.toContain(pulumi.slice(15, 30));
  });

  it('a policy disables one rule by id, or all of them with gitleaks/*', () => {
    for (const ids of [['gitleaks/pulumi-api-token'], ['gitleaks/*']])
      expect(scan(pulumi, ids), ids.join()).toEqual([]);
    expect(scan(pulumi, ['gitleaks/doppler-api-token'])).toHaveLength(1);
    expect(() => parsePolicy({ disabled_rules: ['gitleaks/pulumi-token'] })).toThrow(
      ValidationError,
    );
  });

  it('one finding where a project rule and a gitleaks rule find the same token', () => {
    const token = `ghp_${rand(ALNUM, 36, 51)}`;
    expect(scanWith(detectorOf('github-pat'), token, 'prompt')).toHaveLength(1);
    const found = scan(`GH=${token}`);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({
      type: 'secret.github_token',
      detector: 'secret.github_token',
    });
  });
});

describe('the imported rule set', () => {
  it('accounts for every rule in the vendored TOML: imported or skipped with a reason', async () => {
    const out = await generate(readFileSync(TOML_PATH, 'utf8'));
    expect(GITLEAKS_ROWS.length + GITLEAKS_SKIPPED.length).toBe(out.total);
    expect(GITLEAKS_ROWS.length).toBeGreaterThan(190);
    for (const s of GITLEAKS_SKIPPED) expect(s.reason.length, s.id).toBeGreaterThan(10);
    expect(GITLEAKS_SKIPPED.map((s) => s.id)).toEqual(
      expect.arrayContaining(['generic-api-key', 'private-key', 'aws-access-token', 'jwt']),
    );
  });

  it('the generated files are up to date with the vendored TOML', async () => {
    const toml = readFileSync(TOML_PATH, 'utf8');
    const out = await generate(toml);
    expect(readFileSync(INDEX_PATH, 'utf8')).toBe(out.index);
    expect(readFileSync(RULES_PATH, 'utf8')).toBe(out.rules);
    expect(GITLEAKS_SOURCE.commit).toMatch(/^[0-9a-f]{40}$/);
  });

  it('adds no finding type of its own', () => {
    for (const row of GITLEAKS_ROWS) expect(TYPES_BEFORE, row.id).toContain(row.type);
  });
});

/** The secret types the project had before gitleaks' rules (docs/detection.md). */
const TYPES_BEFORE = [
  'secret.anthropic_key', 'secret.aws_access_key', 'secret.aws_secret_key',
  'secret.azure_storage_key', 'secret.connection_string', 'secret.databricks_token',
  'secret.discord_bot_token', 'secret.docker_token', 'secret.figma_token', 'secret.gcp_api_key',
  'secret.generic_api_key', 'secret.github_token', 'secret.gitlab_token', 'secret.grafana_token',
  'secret.groq_key', 'secret.huggingface_token', 'secret.jwt', 'secret.linear_key',
  'secret.mailchimp_key', 'secret.mailgun_key', 'secret.notion_token', 'secret.npm_token',
  'secret.onepassword_token', 'secret.openai_key', 'secret.password', 'secret.private_key',
  'secret.pypi_token', 'secret.sendgrid_key', 'secret.shopify_token', 'secret.slack_token',
  'secret.slack_webhook', 'secret.stripe_key', 'secret.telegram_bot_token', 'secret.vault_token',
  'secret.vercel_token',
]; // prettier-ignore

describe('Go RE2 to JavaScript', () => {
  const js = (p: string) => {
    const t = translateGoRegex(p) as { source: string; flags: string };
    return new RegExp(t.source, t.flags);
  };
  it.each([
    ['(?i)abc', 'ABC', true],
    ['x(?i:ab)y', 'xABy', true],
    ['x(?i:ab)y', 'XABy', false],
    ['(?i)a(?-i:B)c', 'AbC', false],
    ['(?i)a(?-i:B)c', 'ABC', true],
    ['ab(?i)cd', 'abCD', true],
    ['ab(?i)cd', 'ABcd', false],
    ['[[:digit:]]{3}', 'x123', true],
    ['[^]]+', ']]]', false],
    ['end\\z', 'the end', true],
    ['end\\z', 'end\n', false],
    ['(?P<word>ab)c', 'abc', true],
    ['^\\$\\{\\d}$', '${1}', true],
    ['(?s:a.b)', 'a\nb', true],
    ['a.b', 'a\nb', false],
  ])('%s on %j -> %s', (pattern, text, expected) => {
    expect(js(pattern).test(text)).toBe(expected);
  });

  it('refuses RE2-only syntax instead of running something else', () => {
    expect(() => translateGoRegex('\\p{Greek}+')).toThrow();
    expect(() => translateGoRegex('(?m)^a')).toThrow();
  });
});
