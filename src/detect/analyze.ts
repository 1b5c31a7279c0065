import { ValidationError } from '../errors.js';
import { createDetector } from './engine.js';
import { DEFAULT_POLICY } from './policy.js';
import { CATEGORIES, type Category, type Policy, type Severity } from './types.js';

/**
 * Text safety analysis in the shape of seed 000 (`POST /v1/analysis/safety/text`): category
 * scores and the concerns at or above the threshold. Nothing is stored.
 */

export interface AnalyzeOptions {
  /** Categories to analyse (default: all). */
  categories?: readonly string[];
  /** 0..1, applies to every category; default: the policy's thresholds per category. */
  threshold?: number;
  /**
   * Policy whose custom rules, disabled categories, thresholds and severity overrides apply
   * (default: the built-in one). `evid analyze` passes the store's live policy.
   */
  policy?: Policy;
}

export interface Concern {
  type: string;
  category: Category;
  score: number;
  severity: Severity;
  start: number;
  end: number;
  excerpt: string;
}

export interface TextAnalysis {
  flagged: boolean;
  /** The threshold given, else the policy's default_threshold (its per-category ones apply). */
  threshold: number;
  /** Highest candidate score per requested category, 0 when nothing matched. */
  category_scores: Partial<Record<Category, number>>;
  concerns: Concern[];
}

export const THRESHOLD_RULE = 'must be a number from 0 to 1';

export function analyzeText(text: string, options: AnalyzeOptions = {}): TextAnalysis {
  const base = options.policy ?? DEFAULT_POLICY;
  const threshold = options.threshold ?? base.default_threshold;
  if (
    typeof threshold !== 'number' ||
    !Number.isFinite(threshold) ||
    threshold < 0 ||
    threshold > 1
  ) {
    throw new ValidationError(`threshold: ${THRESHOLD_RULE}`, {
      field: 'threshold',
      rule: THRESHOLD_RULE,
    });
  }
  const categories =
    options.categories === undefined ? [...CATEGORIES] : validCategories(options.categories);
  const enabled = categories.filter((c) => base.enabled_categories.includes(c));
  const same = enabled.length === base.enabled_categories.length;
  const policy: Policy = same ? base : { ...base, enabled_categories: enabled };
  const detector = createDetector(policy);

  const category_scores: Partial<Record<Category, number>> = {};
  for (const c of categories) category_scores[c] = 0;
  for (const hit of detector.candidates(text)) {
    const prev = category_scores[hit.category] ?? 0;
    category_scores[hit.category] = Math.max(prev, Math.round(hit.score * 1000) / 1000);
  }
  const found =
    options.threshold === undefined
      ? detector.scanEvent([{ field: 'content', text }])
      : detector.scanWithThreshold(text, 'content', threshold);
  const concerns = found.map((d) => ({
    type: d.type,
    category: d.category,
    score: d.score,
    severity: d.severity,
    start: d.start,
    end: d.end,
    excerpt: d.excerpt,
  }));
  return { flagged: concerns.length > 0, threshold, category_scores, concerns };
}

function validCategories(list: readonly string[]): Category[] {
  const out: Category[] = [];
  list.forEach((c, i) => {
    if (!(CATEGORIES as readonly string[]).includes(c)) {
      const rule = `unknown category ${JSON.stringify(c)} (allowed: ${CATEGORIES.join(', ')})`;
      throw new ValidationError(`categories[${i}]: ${rule}`, { field: `categories[${i}]`, rule });
    }
    if (!out.includes(c as Category)) out.push(c as Category);
  });
  return out;
}
