import type { Category, Severity } from './types.js';

/** What a detector sees of one field. `lower` is computed once, on first use. */
export interface ScanContext {
  readonly text: string;
  readonly field: string;
  lower(): string;
  readonly allowedHosts: ReadonlySet<string>;
}

/** A candidate before thresholds, severity rules, masking and dedup. */
export interface RawHit {
  type: string;
  category: Category;
  detector: string;
  score: number;
  severity: Severity;
  start: number;
  end: number;
}

/** One detector: a table row or a hand-written scanner. */
export interface Detector {
  readonly id: string;
  readonly category: Category;
  /** Every finding type this detector can emit (control-mapping tests rely on it). */
  readonly types: readonly string[];
  /** Every regex it runs, for the catastrophic-backtracking audit. */
  readonly patterns: readonly RegExp[];
  /** Run only on these fields (default: every field). */
  readonly fields?: ReadonlySet<string>;
  /** Trigger groups (see triggers.ts): the engine runs `scan` only when every group hits. */
  readonly triggers?: readonly (readonly string[])[];
  /** Off unless a policy names it in `enabled_rules` (a rule too noisy for the default). */
  readonly optIn?: boolean;
  scan(ctx: ScanContext, out: RawHit[]): void;
}

/** The hit a pattern rule proposes; `refine` may move the span or change the score. */
export interface Candidate {
  start: number;
  end: number;
  score: number;
  type: string;
  severity: Severity;
}

export interface PatternRule {
  id: string;
  type: string;
  category: Category;
  severity: Severity;
  /** Must carry the `g` flag; add `d` when `group` is used. */
  regex: RegExp;
  score: number;
  /** Trigger groups (see triggers.ts); the engine skips the rule unless every group hits. */
  triggers?: readonly (readonly string[])[];
  /** Checked after the triggers, before the regex: e.g. `(t) => t.includes('eyJ')`. */
  gate?: (text: string) => boolean;
  /** Run only on these fields (default: every field). */
  fields?: ReadonlySet<string>;
  /** Capture group whose span is the finding (e.g. the value after `password=`). */
  group?: number;
  /** Validate and score a match: return the final score, or null to drop it. */
  refine?: (m: RegExpExecArray, ctx: ScanContext, c: Candidate) => number | null;
}

export function patternDetector(rule: PatternRule): Detector {
  if (!rule.regex.global) throw new Error(`detector ${rule.id}: regex needs the g flag`);
  if (rule.group !== undefined && !rule.regex.hasIndices) {
    throw new Error(`detector ${rule.id}: a group rule needs the d flag`);
  }
  return {
    id: rule.id,
    category: rule.category,
    types: [rule.type],
    patterns: [rule.regex],
    ...(rule.fields ? { fields: rule.fields } : {}),
    ...(rule.triggers ? { triggers: rule.triggers } : {}),
    scan(ctx, out) {
      if (rule.gate && !rule.gate(ctx.text)) return;
      runPattern(rule, ctx, out);
    },
  };
}

function runPattern(rule: PatternRule, ctx: ScanContext, out: RawHit[]): void {
  const re = rule.regex;
  re.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = re.exec(ctx.text)) !== null) {
    if (m[0].length === 0) {
      re.lastIndex++;
      continue;
    }
    let start = m.index;
    let end = start + m[0].length;
    if (rule.group !== undefined) {
      const span = m.indices?.[rule.group];
      if (!span) continue;
      [start, end] = span;
    }
    const c: Candidate = {
      start,
      end,
      score: rule.score,
      type: rule.type,
      severity: rule.severity,
    };
    const last = re.lastIndex;
    const score = rule.refine ? rule.refine(m, ctx, c) : c.score;
    re.lastIndex = last; // refine may reuse shared regexes
    if (score === null || score <= 0 || c.end <= c.start) continue;
    out.push({
      type: c.type,
      category: rule.category,
      detector: rule.id,
      score: Math.min(1, score),
      severity: c.severity,
      start: c.start,
      end: c.end,
    });
  }
}

/** Lower-cased text of up to `n` characters before `index`. */
export function before(text: string, index: number, n: number): string {
  return text.slice(Math.max(0, index - n), index).toLowerCase();
}

/** Lower-cased text of up to `n` characters after `index`. */
export function after(text: string, index: number, n: number): string {
  return text.slice(index, index + n).toLowerCase();
}

/** Builds a case-insensitive alternation of whole words, longest first. */
export function wordsRegex(words: readonly string[], flags = 'i'): RegExp {
  const escaped = [...words]
    .sort((a, b) => b.length - a.length)
    .map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`(?<![\\p{L}\\p{N}_])(?:${escaped.join('|')})(?![\\p{L}\\p{N}_])`, `${flags}u`);
}
