import { createRequire } from 'node:module';
import type { Detector, RawHit } from '../rule.js';
import { isPlaceholderValue } from '../validators.js';
import { isTypedTokenBody } from './secret-value.js';

/**
 * Vendor token formats from secretlint's recommended preset (`@secretlint/secretlint-rule-
 * preset-recommend`, MIT), a maintained rule set, behind the project's detector interface.
 * Each secretlint rule is one detector with a visible id (`secretlint/<rule>`) that a policy
 * can disable; its findings keep the project's finding types (`secret.github_token`...),
 * placeholder checks, masking and explanations. The preset is loaded on the first scan that
 * a rule's trigger words let through, never at start-up.
 *
 * Rules the project does better itself are left out: AWS (checksum-free ids are gated on
 * context here), GCP (asynchronous key-file checks), private keys (a key body is required),
 * basic auth and database URLs (placeholder and template gates), and the comment filter.
 */

interface SecretlintReport {
  range: readonly [number, number];
}
interface SecretlintContext {
  createTranslator(): (id: string, props?: unknown) => unknown;
  report(d: SecretlintReport): void;
}
interface SecretlintRule {
  meta: { id: string };
  create(context: SecretlintContext, options: object): { file?(source: object): unknown };
}

interface Row {
  /** secretlint's rule name (its id without `@secretlint/secretlint-rule-`). */
  rule: string;
  type: string;
  /** Words every match contains (see triggers.ts); the detector is skipped without one. */
  words: readonly string[];
}

const ROWS: readonly Row[] = [
  { rule: 'slack', type: 'secret.slack_token', words: ['xoxb', 'xoxp', 'xapp', 'xoxa', 'xoxo', 'xoxr', 'hooks'] },
  { rule: 'sendgrid', type: 'secret.sendgrid_key', words: ['sg'] },
  { rule: 'shopify', type: 'secret.shopify_token', words: ['shppa', 'shpca', 'shpat', 'shpss'] },
  { rule: 'github', type: 'secret.github_token', words: ['ghp', 'gho', 'ghu', 'ghs', 'ghr', 'github'] },
  { rule: 'gitlab', type: 'secret.gitlab_token', words: ['glpat'] },
  { rule: 'grafana', type: 'secret.grafana_token', words: ['glc', 'glsa'] },
  { rule: 'openai', type: 'secret.openai_key', words: ['sk'] },
  { rule: 'anthropic', type: 'secret.anthropic_key', words: ['sk'] },
  { rule: 'groq', type: 'secret.groq_key', words: ['gsk'] },
  { rule: 'huggingface', type: 'secret.huggingface_token', words: ['hf'] },
  { rule: 'linear', type: 'secret.linear_key', words: ['lin'] },
  { rule: 'notion', type: 'secret.notion_token', words: ['ntn'] },
  { rule: '1password', type: 'secret.onepassword_token', words: ['ops'] },
  { rule: 'hashicorp-vault', type: 'secret.vault_token', words: ['hvs', 'hvb', 'hvr'] },
  { rule: 'vercel', type: 'secret.vercel_token', words: ['vcp', 'vci', 'vca', 'vcr', 'vck'] },
  { rule: 'databricks', type: 'secret.databricks_token', words: ['~dapi'] },
  { rule: 'docker', type: 'secret.docker_token', words: ['dckr'] },
  { rule: 'figma', type: 'secret.figma_token', words: ['figd'] },
  { rule: 'npm', type: 'secret.npm_token', words: ['npm', 'authtoken'] },
]; // prettier-ignore

const PREFIX = '@secretlint/secretlint-rule-';
let preset: Map<string, SecretlintRule> | undefined;

/** The preset's rules by name, loaded once (synchronously: require of an ES module). */
function rules(): Map<string, SecretlintRule> {
  if (preset) return preset;
  const require = createRequire(import.meta.url);
  const mod = require('@secretlint/secretlint-rule-preset-recommend') as {
    rules: SecretlintRule[];
  };
  preset = new Map(mod.rules.map((r) => [r.meta.id.slice(PREFIX.length), r]));
  return preset;
}

/** One secretlint rule, run synchronously: its `file` handler reports ranges as it scans. */
function secretlintDetector(row: Row): Detector {
  let run: ((text: string) => SecretlintReport[]) | undefined;
  const load = () => {
    const rule = rules().get(row.rule);
    if (!rule) throw new Error(`secretlint rule ${row.rule} is missing from the preset`);
    let reports: SecretlintReport[] = [];
    const handlers = rule.create(
      { createTranslator: () => (id) => id, report: (d) => void reports.push(d) },
      {},
    );
    return (text: string) => {
      reports = [];
      const pending = handlers.file?.({
        content: text,
        filePath: 'event.txt',
        contentType: 'text',
      });
      // Every kept rule reports synchronously; a promise would mean a rule changed upstream.
      if (pending instanceof Promise) pending.catch(() => undefined);
      return reports;
    };
  };
  return {
    id: `secretlint/${row.rule}`,
    category: 'secret',
    types: [row.type],
    patterns: [],
    triggers: [row.words],
    scan(ctx, out: RawHit[]) {
      run ??= load();
      for (const { range } of run(ctx.text)) {
        const [start, end] = range;
        const value = ctx.text.slice(start, end);
        const body = value.replace(/^[A-Za-z]{2,10}[_.-]/, '');
        if (end <= start || isPlaceholderValue(body) || isTypedTokenBody(body)) continue;
        // A token cut short by a typed mask (`xoxp-5723...-####`) is a placeholder; a Slack
        // token carries a numeric id (`xoxo-indieweb-1` in a file name does not).
        if (/^-?#/.test(ctx.text.slice(end, end + 2))) continue;
        if (row.rule === 'slack' && !/\d{6}/.test(value)) continue;
        out.push({
          type: row.type,
          category: 'secret',
          detector: `secretlint/${row.rule}`,
          score: 0.95,
          severity: 'high',
          start,
          end,
        });
      }
    },
  };
}

export const SECRETLINT_DETECTORS: readonly Detector[] = ROWS.map(secretlintDetector);
