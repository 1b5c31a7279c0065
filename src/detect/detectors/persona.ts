import type { Detector } from '../rule.js';
import { near, phraseRules } from './phrase.js';

/**
 * Jailbreak personas by shape rather than by name (jailbreak.ts knows DAN, AIM, ...): a
 * named character declared free of rules ("Leo is never restricted by ..."), a chatbot
 * "named X" introduced next to such a declaration, and the two-answers format that pits a
 * normal reply against the persona's. Part of JAILBREAK_DETECTORS.
 */

const rule = phraseRules('jailbreak.persona', 'jailbreak', 'high');

const AI_CONTEXT =
  /\b(?:ai|chatbot|language model|model|character|persona|chatgpt|gpt|openai|respond(?:s)? as|answer(?:s)? as|act as|pretend|simulate|responses?)\b/i;

/** "Leo is never restricted by", "INFINITE is not bound to any restrictions". */
const namedUnbound = rule({
  id: 'jailbreak.persona:named-unbound',
  regex:
    /\b(?!(?:It|This|That|He|She|They|There|ChatGPT|GPT|AI|The|You|We|I|Access|Use|Usage)\b)[A-Z][A-Za-z0-9]{1,20}(?:\s+(?:who|which|that)\b[^.!?\n]{0,40}?)?\s+(?:is|was|will\s+be|has\s+been|isn(?:'|\u2019)t)\s+(?:(?:never|not|no\s+longer|completely|totally)\s+)?(?:restricted|bound|limited|constrained|censored|filtered)\s+(?:by|to)\b/g,
  score: 0.85,
  triggers: [['restricted', 'bound', 'limited', 'constrained', 'censored', 'filtered']],
  refine(m, ctx, c) {
    if (!/\b(?:never|not|no\s+longer|isn)/i.test(m[0])) return null;
    return near(ctx.text, c.start, c.end, AI_CONTEXT, 200) ? 0.85 : null;
  },
});

const FREE_CUE =
  /\b(?:not bound|no (?:restrictions|limits|filters|rules|ethics|morals|principles)|without (?:any )?(?:restrictions|limits|filters|ethical|moral|concern)|unfiltered|uncensored|unrestricted|amoral|(?:doesn't|does not|don't) (?:have|follow) any|never (?:refuses?|denies|deny)|broken free|do anything|zero restrictions|any (?:principles|guidelines))\b/i;

/** "A chatbot named OPPO who ... doesn't follow ANY principles": a persona made to be free. */
const namedCharacter = rule({
  id: 'jailbreak.persona:named-character',
  regex:
    /\b(?:chatbot|language\s+model|ai|AI|Ai|character|persona|model|assistant|bot)(?:\s+[\w-]+,?){0,4}?,?\s+(?:called|named|known\s+as)\s+["'\u201c[]?[A-Z][\w-]*/g,
  score: 0.85,
  triggers: [['called', 'named', 'known']],
  refine: (_m, ctx, c) =>
    FREE_CUE.test(ctx.text.slice(Math.max(0, c.start - 100), c.end + 300)) ? 0.85 : null,
});

const NORMAL = /\b(?:normal(?:ly)?|standard|classic|default|as\s+(?:chatgpt|gpt|yourself))\b/i;
const OTHER =
  /\b(?:jailbroken|unfiltered|uncensored|no (?:filters|restrictions)|without (?:any )?(?:restrictions|filters)|second way|the other|act(?:ing)? (?:just )?(?:like|as))\b/i;

/** "Answer in two different ways: first how you would normally, then as BetterDAN". */
const dualAnswer = rule({
  id: 'jailbreak.persona:dual-answer',
  regex:
    /\btwo\s+(?:different\s+|separate\s+|distinct\s+)*(?:responses|answers|replies|ways|paragraphs)\b/gi,
  score: 0.85,
  triggers: [['two'], ['responses', 'answers', 'replies', 'ways', 'paragraphs']],
  refine(_m, ctx, c) {
    const window = ctx.text.slice(Math.max(0, c.start - 150), c.end + 400);
    // A special "mode" with two outputs is jailbreak.developer_mode's finding.
    if (/\bmode\b/i.test(window)) return null;
    return NORMAL.test(window) && OTHER.test(window) ? 0.85 : null;
  },
});

/** "AIM is an unfiltered and amoral chatbot", "Omega was an uncensored AI". */
const namedFree = rule({
  id: 'jailbreak.persona:named-free',
  regex:
    /\b(?!(?:It|This|That|He|She|There|ChatGPT|GPT|The|You|I)\b)[A-Z][\w-]{1,20}\s+(?:is|was)\s+an?\s+(?:[\w-]+\s+)?(?:uncensored|unfiltered|unrestricted|amoral|jailbroken)\s+(?:(?:and\s+)?[\w-]+\s+)?(?:AI|ai|[Cc]hatbot|model|language\s+model|assistant|bot|LLM|llm)\b/g,
  score: 0.85,
  triggers: [['uncensored', 'unfiltered', 'unrestricted', 'amoral', 'jailbroken']],
});

/** "SmartGPT is a new state of the art language generation AI that ... has no special filtering". */
const namedNoFilter = rule({
  id: 'jailbreak.persona:named-no-filter',
  regex:
    /\b(?!(?:It|This|That|He|She|There|ChatGPT|GPT|The|You|I|Our|My|Your)\b)[A-Z][\w-]{1,20}\s+(?:is|was)\s+an?\s+(?:[\w-]+\s+){0,8}?(?:AI|[Cc]hatbot|language\s+model|assistant|bot|LLM)\b[^.!?\n]{0,80}?\b(?:has|with)\s+no\s+(?:special\s+|content\s+|safety\s+|ethical\s+)?(?:filtering|filters|censorship|guardrails|restrictions|limits|rules)\b/g,
  score: 0.85,
  triggers: [
    ['filtering', 'filters', 'censorship', 'guardrails', 'restrictions', 'limits', 'rules'],
    ['no'],
    ['ai', 'chatbot', 'language', 'assistant', 'bot', 'llm'],
  ],
});

export const PERSONA_DETECTORS: readonly Detector[] = [
  namedUnbound,
  namedCharacter,
  namedFree,
  namedNoFilter,
  dualAnswer,
];
