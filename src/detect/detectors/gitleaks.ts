import { createRequire } from 'node:module';
import type { Detector, RawHit, ScanContext } from '../rule.js';
import { PUBLISHED_DOC_KEYS, isPlaceholderValue, shannonEntropy } from '../validators.js';
import { GITLEAKS_ROWS, type GitleaksRow } from './gitleaks-index.js';
import { isStandInValue, isTypedTokenBody } from './secret-value.js';

/**
 * gitleaks' default rule set (github.com/gitleaks/gitleaks, config/gitleaks.toml, MIT; the
 * vendored copy and its licence are in vendor/gitleaks/) behind the project's detector
 * interface: one detector per gitleaks rule, id `gitleaks/<rule-id>`, which a policy can
 * disable one by one or with `gitleaks/*`. Findings keep the project's finding types (the
 * vendor's own where it has one, else `secret.generic_api_key`), its placeholder checks and
 * masking; the explanation names the rule, so the vendor.
 *
 * scripts/import-gitleaks-rules.mjs translates the Go regexes to JavaScript and writes
 * gitleaks-index.ts (ids, types, trigger words: loaded with the detector list) and
 * gitleaks-rules.json (regexes, entropy floors, allowlists: loaded here on the first scan a
 * rule's keyword lets through, never at start-up). gitleaks' semantics kept: a rule runs
 * only when one of its keywords occurs; the secret is the first non-empty capture group;
 * the rule's entropy floor, its allowlists (regexes on the secret, the match or the line;
 * stopwords) and the global allowlist apply. Path conditions cannot hold (events have no
 * file path), so rules that need one are not imported (the importer lists them).
 */

type RegexPair = readonly [source: string, flags: string];
interface AllowData {
  readonly target: 'secret' | 'match' | 'line';
  readonly regexes?: readonly RegexPair[];
  readonly stopwords?: readonly string[];
}
/** How a rule's scan re-checks its keyword: a word test on lower-cased text, or a literal. */
type CheckData = { readonly re: string } | { readonly lit: string };
/** A word that must occur shortly before a match (a rewritten, unbounded regex prefix). */
interface NearData {
  readonly re: string;
  readonly lines: number;
  readonly chars: number;
}
interface RuleData {
  readonly regex: RegexPair;
  readonly near?: NearData;
  readonly entropy?: number;
  readonly secretGroup?: number;
  readonly checks: readonly CheckData[];
  readonly allow: readonly AllowData[];
  readonly description: string;
}
interface RuleSet {
  readonly global: AllowData;
  readonly rules: Readonly<Record<string, RuleData>>;
}

interface Allow {
  readonly target: AllowData['target'];
  readonly regexes: readonly RegExp[];
  readonly stopwords: readonly string[];
}
interface CompiledRule {
  readonly regex: RegExp;
  readonly entropy: number;
  readonly secretGroup: number;
  /** Groups that are a choice of words (wordChoiceGroups), skipped when finding the secret. */
  readonly keywordGroups: ReadonlySet<number>;
  readonly keyword: (ctx: ScanContext) => boolean;
  readonly near: ((text: string, at: number) => boolean) | undefined;
  readonly allow: readonly Allow[];
}

/** `near.re` within `near.lines` line breaks and `near.chars` characters before `at`. */
function nearCheck(near: NearData): (text: string, at: number) => boolean {
  const re = new RegExp(near.re);
  return (text, at) => {
    let from = Math.max(0, at - near.chars);
    let breaks = 0;
    for (let i = at - 1; i >= from; i--) {
      const c = text.charCodeAt(i);
      if ((c === 10 || c === 13) && (c === 13 || text.charCodeAt(i - 1) !== 13)) {
        if (++breaks > near.lines) {
          from = i + 1;
          break;
        }
      }
    }
    return re.test(text.slice(from, at));
  };
}

let ruleSet: RuleSet | undefined;
let globalAllow: Allow | undefined;

/** The rule data, read once (a JSON file next to this module, via require). */
function rules(): RuleSet {
  ruleSet ??= createRequire(import.meta.url)('./gitleaks-rules.json') as RuleSet;
  return ruleSet;
}

const compileAllow = (a: AllowData): Allow => ({
  target: a.target,
  regexes: (a.regexes ?? []).map(([source, flags]) => new RegExp(source, flags)),
  stopwords: a.stopwords ?? [],
});

function compile(id: string): CompiledRule {
  const data = rules().rules[id];
  if (!data) throw new Error(`gitleaks rule ${id} is missing from gitleaks-rules.json`);
  const checks = data.checks.map((c): ((ctx: ScanContext) => boolean) => {
    if ('lit' in c) return (ctx) => ctx.text.includes(c.lit);
    const re = new RegExp(c.re);
    return (ctx) => re.test(ctx.lower());
  });
  return {
    regex: new RegExp(data.regex[0], `${data.regex[1]}gd`),
    entropy: data.entropy ?? 0,
    secretGroup: data.secretGroup ?? 0,
    keywordGroups: wordChoiceGroups(data.regex[0]),
    keyword: (ctx) => checks.some((check) => check(ctx)),
    near: data.near ? nearCheck(data.near) : undefined,
    allow: data.allow.map(compileAllow),
  };
}

/** The line around text[start, end), for allowlists that target the line. */
function lineAround(text: string, start: number, end: number): string {
  const from = text.lastIndexOf('\n', start - 1) + 1;
  const to = text.indexOf('\n', end);
  return text.slice(from, to === -1 ? text.length : to);
}

function allowed(a: Allow, secret: string, match: string, line: () => string): boolean {
  const target = a.target === 'match' ? match : a.target === 'line' ? line() : secret;
  if (a.regexes.some((re) => re.test(target))) return true;
  if (a.stopwords.length === 0) return false;
  const lower = secret.toLowerCase();
  return a.stopwords.some((w) => lower.includes(w));
}

/**
 * Capture groups that hold only a choice of words, such as Sonar's `sonar[_.-]?(login|token)`:
 * a keyword, never the secret. (gitleaks' Sonar rule has no secretGroup, so "the first
 * non-empty group" reported `login` and left the token itself unmasked.)
 */
export function wordChoiceGroups(source: string): Set<number> {
  const groups = new Set<number>();
  const open: Array<{ n: number; at: number }> = [];
  let n = 0;
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const ch = source[i];
    if (ch === '\\') {
      i++;
      continue;
    }
    if (inClass) {
      if (ch === ']') inClass = false;
      continue;
    }
    if (ch === '[') inClass = true;
    else if (ch === '(') {
      const capture = source[i + 1] !== '?' || /^\(\?<[A-Za-z]/.test(source.slice(i, i + 4));
      open.push({ n: capture ? ++n : 0, at: i + 1 });
    } else if (ch === ')') {
      const g = open.pop();
      if (g && g.n > 0 && /^[A-Za-z0-9_]+(?:\|[A-Za-z0-9_]+)*$/.test(source.slice(g.at, i)))
        groups.add(g.n);
    }
  }
  return groups;
}

/** The secret's span: the rule's secretGroup, else the first non-empty group (gitleaks). */
function secretSpan(
  m: RegExpExecArray,
  group: number,
  keywordGroups: ReadonlySet<number>,
): [number, number] | undefined {
  const spans = m.indices;
  if (!spans) return undefined;
  if (group > 0) return spans[group];
  for (let g = 1; g < m.length; g++) if (m[g] && !keywordGroups.has(g)) return spans[g];
  return spans[0];
}

function scanRule(row: GitleaksRow, rule: CompiledRule, ctx: ScanContext, out: RawHit[]): void {
  if (!rule.keyword(ctx)) return;
  globalAllow ??= compileAllow(rules().global);
  const text = ctx.text;
  const re = rule.regex;
  re.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text)) !== null) {
    if (m[0].length === 0) {
      re.lastIndex++;
      continue;
    }
    if (rule.near && !rule.near(text, m.index)) continue;
    const span = secretSpan(m, rule.secretGroup, rule.keywordGroups);
    if (!span || span[1] <= span[0]) continue;
    const [start, end] = span;
    const secret = text.slice(start, end);
    if (rule.entropy > 0 && shannonEntropy(secret) <= rule.entropy) continue;
    const match = m[0];
    const at = m.index;
    const line = () => lineAround(text, at, at + match.length);
    if ([globalAllow, ...rule.allow].some((a) => allowed(a, secret, match, line))) continue;
    // The project's own gates: keys published in documentation, typed placeholders (after a
    // vendor prefix such as `pk_` or `SG.`) and keyboard or alphabet runs (`12345678-ABCD-`;
    // repeats are left to isPlaceholderValue: Vault batch tokens start `AAAAAQ`), and a token
    // cut short by a typed mask (`...-####`).
    if (PUBLISHED_DOC_KEYS.has(secret) || isTypedTokenBody(secret)) continue;
    if (isPlaceholderValue(secret.replace(/^[A-Za-z0-9]{2,10}[_.-]/, ''))) continue;
    if (/^-?#/.test(text.slice(end, end + 2))) continue;
    // A value elided with an ellipsis (`eyJhbGci...`) is cut for the page, and a phrase naming
    // the value (`my-management-token`) or another stand-in is no credential (round 16).
    if (/(?:\.\.\.|\u2026)$/.test(secret) || text.startsWith('...', end) || isStandInValue(secret))
      continue;
    out.push({
      type: row.type,
      category: 'secret',
      detector: `gitleaks/${row.id}`,
      score: 0.9,
      severity: 'high',
      start,
      end,
    });
  }
}

function gitleaksDetector(row: GitleaksRow): Detector {
  let rule: CompiledRule | undefined;
  const compiled = () => (rule ??= compile(row.id));
  return {
    id: `gitleaks/${row.id}`,
    category: 'secret',
    types: [row.type],
    // Read by the regex audits only; reading it loads the rule data.
    get patterns() {
      const r = compiled();
      // The global allowlist's regexes are audited once, with the first rule.
      globalAllow ??= compileAllow(rules().global);
      const global = row === GITLEAKS_ROWS[0] ? globalAllow.regexes : [];
      return [r.regex, ...r.allow.flatMap((a) => a.regexes), ...global];
    },
    triggers: row.triggers,
    scan(ctx, out) {
      scanRule(row, compiled(), ctx, out);
    },
  };
}

export const GITLEAKS_DETECTORS: readonly Detector[] = GITLEAKS_ROWS.map(gitleaksDetector);
