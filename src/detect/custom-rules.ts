import { compileLinear, compileLinearSet, type LinearPattern } from './linear-regex.js';
import { patternDetector, wordsRegex, type Detector, type RawHit } from './rule.js';
import type { CustomRule } from './types.js';

/**
 * The policy's custom rules as detectors. Regex rules (user-written patterns) run on the
 * linear-time engine (linear-regex.ts) behind one set automaton: a field is read once for
 * all of them, and only the rules the set says match are run for their spans, so fifty
 * rules cost about one pass, not fifty. Keyword rules are whole-word alternations of escaped
 * literals that we build ourselves; they stay on V8, where such a pattern cannot backtrack
 * (each start position tries each literal once).
 */

export const DEFAULT_RULE_SCORE = 0.9;

const detectorCache = new Map<string, Detector>();
const CACHE_LIMIT = 256;

export function customDetectors(rules: readonly CustomRule[]): Detector[] {
  const out = rules.filter((r) => r.kind === 'keywords').map(keywordDetector);
  const regexRules = rules.filter((r) => r.kind === 'regex');
  if (regexRules.length > 0) out.push(regexDetector(regexRules));
  return out;
}

function keywordDetector(rule: CustomRule): Detector {
  return cached(['keywords', rule], () =>
    patternDetector({
      id: `policy:${rule.type}`,
      type: rule.type,
      category: 'policy',
      severity: rule.severity,
      regex: new RegExp(wordsRegex(rule.keywords ?? []).source, 'giu'),
      score: rule.score ?? DEFAULT_RULE_SCORE,
    }),
  );
}

interface CompiledRule {
  rule: CustomRule;
  pattern: LinearPattern;
}

function regexDetector(rules: readonly CustomRule[]): Detector {
  return cached(['regex', rules], () => {
    const compiled: CompiledRule[] = rules.map((rule) => ({
      rule,
      pattern: compileLinear(rule.pattern ?? '', rule.case_insensitive === true),
    }));
    const set = compileLinearSet(
      rules.map((r) => ({
        pattern: r.pattern ?? '',
        caseInsensitive: r.case_insensitive === true,
      })),
    );
    return {
      id: 'policy:custom-regex',
      category: 'policy',
      types: [...new Set(rules.map((r) => r.type))],
      patterns: [], // not RegExps: linear by construction, outside the backtracking audit
      scan(ctx, out: RawHit[]) {
        for (const i of set.match(ctx.text)) {
          const { rule, pattern } = compiled[i] as CompiledRule;
          if ((rule.score ?? DEFAULT_RULE_SCORE) <= 0) continue; // a score of 0 switches a rule off
          pattern.spans(ctx.text, (start, end) =>
            out.push({
              type: rule.type,
              category: 'policy',
              detector: `policy:${rule.type}`,
              score: Math.min(1, rule.score ?? DEFAULT_RULE_SCORE),
              severity: rule.severity,
              start,
              end,
            }),
          );
        }
      },
    };
  });
}

/** Identical rules (the live policy is re-read per ingest batch) share one compilation. */
function cached(key: unknown, make: () => Detector): Detector {
  const k = JSON.stringify(key);
  let d = detectorCache.get(k);
  if (!d) {
    d = make();
    if (detectorCache.size >= CACHE_LIMIT) detectorCache.clear();
    detectorCache.set(k, d);
  }
  return d;
}
