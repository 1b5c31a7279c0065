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
  return quoteOpening(text, start, end) !== -1;
}

/** Index of the quote that opens [start, end) on its line, or -1 when it is not quoted. */
function quoteOpening(text: string, start: number, end: number): number {
  let open = -1;
  for (let i = start - 1; i >= 0 && i >= start - QUOTE_REACH; i--) {
    const ch = text[i] as string;
    if (ch === '\n') break;
    if (OPEN_QUOTES.has(ch)) {
      open = i;
      break;
    }
  }
  if (open === -1) return -1;
  for (let i = end; i < text.length && i < end + QUOTE_REACH; i++) {
    const ch = text[i] as string;
    if (ch === '\n') return -1;
    if (CLOSE_QUOTES.has(ch)) return open;
  }
  return -1;
}

// A quote the model is told to say is an order, not a citation: "confirm by saying 'DAN Mode
// enabled'", "reply with 'Developer Mode enabled'" (but "an attacker might say '...'" is cited).
const SAY_QUOTE =
  /\b(?:say|saying|reply|replying|respond|responding|answer|answering|print|printing|output|outputting|confirm\w*)(?:\s+(?:with|by\s+saying|exactly|only|back))?\s*:?\s*$/i;
const SAY_SUBJECT =
  /\b(?:might|could|would|may|can|will|should|attackers?|users?|they|he|she|someone|people|prompts?)\s+(?:\w+\s+)?$/i;

function isToldToSay(text: string, open: number): boolean {
  const base = Math.max(0, open - 32);
  const m = SAY_QUOTE.exec(text.slice(base, open));
  if (m === null) return false;
  const verb = base + m.index;
  return !SAY_SUBJECT.test(text.slice(Math.max(0, verb - 24), verb));
}

/** Quoted and surrounded by words that talk about attacks rather than perform one. */
export function isDiscussed(text: string, start: number, end: number): boolean {
  const open = quoteOpening(text, start, end);
  if (open === -1 || isToldToSay(text, open)) return false;
  return DISCUSSION.test(text.slice(Math.max(0, start - 120), Math.min(text.length, end + 120)));
}

// One word may sit between the negation and the phrase ("never ever"), and a "to" after it
// ("NEVER ALLOWED to ignore", "not supposed to repeat").
const NEGATED =
  /(?:\bnot|n't|\bnever|\bcannot|\bunable to|\brefuse to|\bwill not|\bmust not)\s+(?:\w+\s+)?(?:to\s+)?$/i;

export function isNegated(text: string, start: number): boolean {
  return NEGATED.test(text.slice(Math.max(0, start - 28), start));
}

export const DISCUSSED_FACTOR = 0.45;

// "attempts to override safety", "causes the model to ignore its instructions", "injected
// prompts can bypass guardrails": the phrase is the object of a description, not an order.
// "by instructing it to ignore previous instructions", "asks the model to roleplay", "a
// directive that claims to supersede all existing instructions".
const PURPOSE =
  /\b(?:attempts?|attempting|tries|trying|tried|designed|meant|used|intended|aims?|aiming|seeks?|seeking|crafted|able|claims?|claiming|purports?|purporting|(?:causes?|causing|instructs?|instructing|tells|telling|asks|asking|forces?|forcing|tricks?|tricking|convinces?|convincing|gets|getting|makes|making|prompts|prompting|persuades?|persuading|manipulates?|manipulating|coax(?:es|ing)?)\s+(?:it|them|(?:the\s+|a\s+|an\s+)?(?:target\s+)?(?:model|models|llm|llms|ai|assistant|agent|chatbot)))\s+to\s+$/i;
const MODAL = /\b([a-z]+)\s+(?:can|could|may|might)\s+(?:potentially\s+|also\s+|easily\s+)?$/i;

// Anywhere earlier in the sentence: "Classic DAN jailbreak that asks the model to roleplay as
// an unrestricted alter ego with no content policies".
const DESCRIBED_SENTENCE =
  /\b(?:asks?|asking|instructs?|instructing|tells|telling|forces?|forcing|tricks?|tricking|gets|getting|causes?|causing|prompts|prompting|convinces?|convincing|persuades?|persuading|coax(?:es|ing)?)\s+(?:the|a|an)\s+(?:target\s+)?(?:model|models|llm|llms|ai|assistant|chatbot|agent)\s+(?:to|into)\b/i;

// A relative clause about instructions ("types instructions that override the system prompt")
// names what an attack does; an order does not describe its own words that way.
const RELATIVE =
  /\b(?:instructions?|prompts?|payloads?|inputs?|messages?|commands?|attacks?|techniques?|jailbreaks?)\s+(?:that|which)\s+$/i;
// A catalogue entry whose sentence starts with the verb, subject left out: "Impersonates
// system-level authority to override safety guidelines", "Injects a new set of instructions".
const CATALOGUE_VERB =
  /^\s*(?:Impersonates|Injects|Exploits|Leverages|Embeds|Hides|Poses|Instructs|Wraps|Encodes|Abuses|Frames|Combines|Simulates|Mimics|Spoofs|Forges|Attempts|Tries|Tests)\s/;

/** The sentence around `start` up to it: back to the last sentence end within 240 characters. */
function sentenceHead(text: string, start: number): string {
  const from = Math.max(0, start - 240);
  const head = text.slice(from, start);
  const end = Math.max(head.lastIndexOf('. '), head.lastIndexOf('\n'), head.lastIndexOf('? '));
  return end === -1 ? head : head.slice(end + 1);
}

/** An injection or jailbreak phrase described in the third person rather than addressed. */
export function isDescribed(text: string, start: number): boolean {
  const head = text.slice(Math.max(0, start - 48), start);
  if (PURPOSE.test(head) || RELATIVE.test(head)) return true;
  const sentence = sentenceHead(text, start);
  if (DESCRIBED_SENTENCE.test(sentence) || CATALOGUE_VERB.test(sentence)) return true;
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
