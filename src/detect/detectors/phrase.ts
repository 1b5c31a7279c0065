import { patternDetector, wordsRegex, type Detector, type PatternRule } from '../rule.js';

/**
 * Helpers for phrase detectors (injection, jailbreak, toxicity): text that quotes an
 * attack phrase while discussing it ("the paper discusses 'ignore previous instructions'
 * attacks") is scored down, so is a phrase under negation ("I cannot ignore ...").
 */

const OPEN_QUOTES = new Set(['"', "'", '\u201c', '\u2018', '\u00ab', '`']);
const CLOSE_QUOTES = new Set(['"', "'", '\u201d', '\u2019', '\u00bb', '`']);
const QUOTE_REACH = 80;

const DISCUSSION = wordsRegex([
  'attack', 'attacks', 'attacker', 'attackers', 'paper', 'phrase', 'phrases', 'example', 'examples',
  'such as', 'like', 'known as', 'classifier', 'detect', 'detects', 'detected', 'detection', 'flag',
  'flags', 'flagged', 'injection', 'jailbreak', 'jailbreaks', 'red team', 'researchers', 'blocked',
  'attempts', 'string', 'pattern', 'regex', 'e.g.', 'owasp', 'payload', 'payloads', 'benchmark',
  'dataset', 'technique', 'techniques', 'mitigate', 'defend', 'lists', 'report', 'slur', 'term',
]); // prettier-ignore

/** True when [start, end) sits inside quotes on one line. */
export function isQuoted(text: string, start: number, end: number): boolean {
  let open = -1;
  for (let i = start - 1; i >= 0 && i >= start - QUOTE_REACH; i--) {
    const ch = text[i] as string;
    if (ch === '\n') break;
    if (OPEN_QUOTES.has(ch)) {
      open = i;
      break;
    }
  }
  if (open === -1) return false;
  for (let i = end; i < text.length && i < end + QUOTE_REACH; i++) {
    const ch = text[i] as string;
    if (ch === '\n') return false;
    if (CLOSE_QUOTES.has(ch)) return true;
  }
  return false;
}

/** Quoted and surrounded by words that talk about attacks rather than perform one. */
export function isDiscussed(text: string, start: number, end: number): boolean {
  if (!isQuoted(text, start, end)) return false;
  return DISCUSSION.test(text.slice(Math.max(0, start - 120), Math.min(text.length, end + 120)));
}

const NEGATED =
  /(?:\bnot|n't|\bnever|\bcannot|\bunable to|\brefuse to|\bwill not|\bmust not)\s+(?:\w+\s+)?$/i;

export function isNegated(text: string, start: number): boolean {
  return NEGATED.test(text.slice(Math.max(0, start - 24), start));
}

export const DISCUSSED_FACTOR = 0.45;

// "attempts to override safety", "causes the model to ignore its instructions", "injected
// prompts can bypass guardrails": the phrase is the object of a description, not an order.
const PURPOSE =
  /\b(?:attempts?|attempting|tries|trying|tried|designed|meant|used|intended|aims?|aiming|seeks?|seeking|crafted|able|causes?\s+(?:the\s+|a\s+)?(?:model|llm|ai|assistant|agent))\s+to\s+$/i;
const MODAL = /\b([a-z]+)\s+(?:can|could|may|might)\s+(?:potentially\s+|also\s+|easily\s+)?$/i;

/** An injection or jailbreak phrase described in the third person rather than addressed. */
export function isDescribed(text: string, start: number): boolean {
  const head = text.slice(Math.max(0, start - 48), start);
  if (PURPOSE.test(head)) return true;
  const modal = MODAL.exec(head);
  return modal !== null && !/^(?:you|u|i|we|now)$/i.test(modal[1] as string);
}

/** A pattern detector whose score drops when the phrase is only being discussed. */
/** A rule's pattern and refinements, the rest fixed by the file's `phraseRules(...)`. */
export type PhraseRule = Omit<PatternRule, 'category' | 'type' | 'severity'>;

/**
 * The phrase-detector maker of a file whose rules all raise one finding type: binds the
 * type, category and severity once, so each rule states only what it matches.
 */
export function phraseRules(
  type: string,
  category: PatternRule['category'],
  severity: PatternRule['severity'],
): (rule: PhraseRule) => Detector {
  return (rule) => phraseDetector({ ...rule, type, category, severity });
}

export function phraseDetector(rule: PatternRule): Detector {
  const refine = rule.refine;
  const describable = rule.category === 'prompt_injection' || rule.category === 'jailbreak';
  return patternDetector({
    ...rule,
    refine(m, ctx, c) {
      const score = refine ? refine(m, ctx, c) : c.score;
      if (score === null) return null;
      if (isDiscussed(ctx.text, c.start, c.end)) return score * DISCUSSED_FACTOR;
      return describable && isDescribed(ctx.text, c.start) ? score * DISCUSSED_FACTOR : score;
    },
  });
}

/** Any of `words` within `reach` characters of [start, end). */
export function near(
  text: string,
  start: number,
  end: number,
  words: RegExp,
  reach: number,
): boolean {
  return words.test(text.slice(Math.max(0, start - reach), Math.min(text.length, end + reach)));
}

/** A named jailbreak persona ("you are now a DAN"): jailbreak.persona's finding, not a role hijack. */
export const PERSONA_NAME = /\b(?:DAN|STAN|DUDE|AIM)\b|do anything now/;
