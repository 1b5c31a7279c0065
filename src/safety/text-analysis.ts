import { ValidationError } from '../errors.js';
import { createDetector, DEFAULT_POLICY, type Detection, type Policy } from '../detect/index.js';
import {
  ALLOWED_CATEGORIES,
  DEFAULT_CATEGORIES,
  hitCounts,
  isAllowedCategory,
  moderationCategory,
  type RawHitLike,
} from './categories.js';

/**
 * The text analysis of the safety API (`POST /v1/analysis/safety/text`, seed 000): a score
 * per requested category, the concerns at or above the threshold with their span, the
 * detector that found them and why, and a flagged verdict. Nothing is stored. Model
 * analysis and monitoring score answers with this same function; a model-backed detector
 * joins here (`extraDetections`), after the rules.
 */

export const DEFAULT_SAFETY_THRESHOLD = 0.7;
export const THRESHOLD_CONSTRAINT = 'threshold must be a number from 0 to 1 (inclusive)';
export const MAX_CONTENT_CHARS = 1_000_000;

export interface TextAnalysisInput {
  content: string;
  categories?: readonly string[] | undefined;
  threshold?: number | undefined;
}

export interface TextAnalysisOptions {
  /** The live policy (custom rules, disabled categories); default: the built-in one. */
  policy?: Policy;
  /** Detections from further detectors (a guard model), merged after the rules. */
  extraDetections?: (content: string) => readonly Detection[];
}

export interface SafetyConcern {
  /** The first requested category it falls under; `categories` lists them all. */
  category: string;
  categories: string[];
  type: string;
  score: number;
  severity: string;
  detector: string;
  span: { start: number; end: number };
  /** The match with sensitive values masked. */
  match: string;
  excerpt: string;
  explanation: string;
}

export interface SafetyTextAnalysis {
  flagged: boolean;
  threshold: number;
  category_scores: Record<string, number>;
  concerns: SafetyConcern[];
  categories_checked: string[];
}

export function checkThreshold(value: unknown): number {
  if (value === undefined || value === null) return DEFAULT_SAFETY_THRESHOLD;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > 1) {
    throw new ValidationError(`${THRESHOLD_CONSTRAINT} (got ${JSON.stringify(value)})`, {
      field: 'threshold',
      rule: THRESHOLD_CONSTRAINT,
    });
  }
  return value;
}

export function checkCategories(list: readonly string[] | undefined): string[] {
  if (list === undefined) return [...DEFAULT_CATEGORIES];
  const out: string[] = [];
  list.forEach((c, i) => {
    if (!isAllowedCategory(c)) {
      throw new ValidationError(
        `categories[${i}]: unknown category ${JSON.stringify(c)}; allowed: ${ALLOWED_CATEGORIES.join(', ')}`,
        { field: `categories[${i}]`, allowed: ALLOWED_CATEGORIES },
      );
    }
    if (!out.includes(c)) out.push(c);
  });
  if (out.length === 0) {
    throw new ValidationError('categories: must name at least one category (or be left out)', {
      field: 'categories',
    });
  }
  return out;
}

const round = (n: number): number => Math.round(n * 1000) / 1000;

export function analyzeText(
  input: TextAnalysisInput,
  options: TextAnalysisOptions = {},
): SafetyTextAnalysis {
  const threshold = checkThreshold(input.threshold);
  const categories = checkCategories(input.categories);
  const base = options.policy ?? DEFAULT_POLICY;
  const detector = createDetector(base);
  const content = input.content;

  const scores: Record<string, number> = {};
  for (const c of categories) scores[c] = 0;
  const raise = (hit: RawHitLike): void => {
    for (const c of categories) {
      if (hitCounts(c, hit)) scores[c] = Math.max(scores[c]!, round(hit.score));
    }
  };
  detector.candidates(content).forEach(raise);
  const found = [
    ...detector.scanWithThreshold(content, 'content', threshold),
    ...(options.extraDetections?.(content) ?? []),
  ];
  found.forEach(raise);
  // A compound moderation category scores when all of its parts do (the lowest of them).
  for (const c of categories) {
    const parts = moderationCategory(c)?.allOf;
    if (!parts) continue;
    const sub = parts.map((p) => partScore(p, detector.candidates(content)));
    scores[c] = Math.min(...sub);
  }

  const concerns: SafetyConcern[] = [];
  for (const d of found) {
    if (d.score < threshold) continue;
    const under = categories.filter((c) => hitCounts(c, d));
    if (under.length === 0) continue;
    concerns.push({
      category: under[0]!,
      categories: under,
      type: d.type,
      score: round(d.score),
      severity: d.severity,
      detector: d.detector,
      span: { start: d.start, end: d.end },
      match: d.match_masked,
      excerpt: d.excerpt,
      explanation: explain(d, threshold),
    });
  }
  return {
    flagged: concerns.length > 0,
    threshold,
    category_scores: scores,
    concerns,
    categories_checked: categories,
  };
}

function partScore(category: string, hits: readonly RawHitLike[]): number {
  let best = 0;
  for (const h of hits) if (hitCounts(category, h)) best = Math.max(best, round(h.score));
  return best;
}

/** Why a concern was raised, in words: the rule, its check, and the score against the bar. */
function explain(d: Detection, threshold: number): string {
  const [rule, check] = d.detector.split(':');
  const how = check ? ` (${check.replace(/-/g, ' ')})` : '';
  return `${d.type} found by rule ${rule}${how} at characters ${d.start}-${d.end}: score ${round(d.score)} is at or above the threshold ${threshold}`;
}
