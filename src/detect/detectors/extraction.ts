import type { Detector, PatternRule } from '../rule.js';
import { phraseDetector } from './phrase.js';

/**
 * System-prompt extraction: asking for the hidden instructions, the context window, or
 * "the words above". Part of INJECTION_DETECTORS.
 */

type Rule = Omit<PatternRule, 'category' | 'type' | 'severity'>;

function rule(r: Rule): Detector {
  return phraseDetector({
    ...r,
    type: 'prompt_injection.system_prompt_extraction',
    category: 'prompt_injection',
    severity: 'medium',
  });
}

const SP_MODS =
  '(?:your|ur|the|all|any|full|complete|entire|exact|original|initial|hidden|secret|internal|confidential|system|developer|first|verbatim|current)';
const SP_OWNED =
  /\b(?:your|ur|system|initial|hidden|secret|original|internal|confidential|developer)\b/i;

const extraction = rule({
  id: 'injection.system_prompt_extraction',
  regex: new RegExp(
    `\\b(?:reveal|show|print|display|output|repeat|recite|dump|leak|expose|tell|give|share|write out|type out|list|spell out|paste|echo|copy|include|quote|provide|send)\\s+(?:back\\s+|out\\s+)?(?:me\\s+|us\\s+)?(?:${SP_MODS}\\s+){1,4}(?:system\\s*prompt|system\\s*message|pre-?prompt|meta-?prompt|prompt|instructions|rules|guidelines|configuration|directives)\\b`,
    'gi',
  ),
  score: 0.85,
  triggers: [
    [
      'reveal',
      'show',
      'print',
      'display',
      'output',
      'repeat',
      'recite',
      'dump',
      'leak',
      'expose',
      'tell',
      'give',
      'share',
      'write',
      'type',
      'list',
      'spell',
      'paste',
      'echo',
      'copy',
      'include',
      'quote',
      'provide',
      'send',
    ],
    [
      'prompt',
      'instructions',
      'message',
      'rules',
      'guidelines',
      'configuration',
      'directives',
      'preprompt',
      'metaprompt',
    ],
    [
      'your',
      'ur',
      'system',
      'initial',
      'hidden',
      'secret',
      'original',
      'internal',
      'confidential',
      'developer',
    ],
  ],
  refine: (m) => (SP_OWNED.test(m[0]) || /system\s*(?:prompt|message)/i.test(m[0]) ? 0.85 : null),
});

const whatIsYourPrompt = rule({
  id: 'injection.system_prompt_extraction:question',
  regex:
    /\bwhat(?:'s| is| are| was| were)\s+(?:your|ur)\s+(?:(?:exact|full|original|initial|hidden|secret|current|real)\s+)?(?:system\s*prompt|system\s*message|initial\s*instructions|instructions|rules|guidelines|prompt)\b(?!\s+(?:length|limit|size|format|template|token|field|parameter))|\b(?:show|tell|what|list|reveal|print|repeat|give|share|output)\b[^.?!\n]{0,40}?\b(?:prompt|instructions|rules|guidelines)\s+(?:that\s+)?(?:the developers?|your (?:developers?|creators?|operators?)|openai|anthropic|they|you were|were you|you've been|have you been|you have been)\s+(?:gave you|given|provided|wrote|programmed|told you|told)/gi,
  score: 0.85,
  triggers: [
    ['prompt', 'instructions', 'rules', 'guidelines', 'message'],
    ['your', 'ur', 'given', 'gave', 'provided', 'wrote', 'programmed', 'told'],
  ],
});

const dumpContext = rule({
  id: 'injection.system_prompt_extraction:context',
  regex:
    /\b(?:output|print|show|reveal|dump|repeat|display|list)\s+(?:me\s+)?(?:the\s+)?(?:full\s+|entire\s+|complete\s+)?(?:contents?\s+of\s+)?(?:your|ur)\s+(?:context(?:\s+window)?|memory|hidden\s+context)\b|\bwhat\s+(?:your|ur)\s+(?:(?:initial|system|original|hidden|secret|first|exact)\s+)?(?:system\s*prompt|prompt|instructions|rules)\s+(?:says?|said|is|are|contains?|looks?\s+like)\b/gi,
  score: 0.85,
  triggers: [
    ['context', 'memory', 'prompt', 'instructions', 'rules'],
    ['your', 'ur'],
  ],
});

const repeatAbove = rule({
  id: 'injection.system_prompt_extraction:repeat-above',
  regex:
    /\b(?:repeat|print|output|copy|write|return|echo|reproduce|type)\s+(?:out\s+)?(?:all\s+(?:of\s+)?|everything\s+|the\s+)?(?:(?:words|text|content|lines|messages?|instructions|conversation)\s+)?(?:above|before this|preceding)\b/gi,
  score: 0.6,
  triggers: [
    ['above', 'before', 'preceding'],
    ['repeat', 'print', 'output', 'copy', 'write', 'return', 'echo', 'reproduce', 'type'],
  ],
  refine(m, ctx, c) {
    const tail = ctx.text.slice(c.end, c.end + 120);
    return /verbatim|word for word|starting with|"you are|in full|including|code block|everything|this line/i.test(
      tail,
    ) || /everything/i.test(m[0])
      ? 0.85
      : 0.6;
  },
});

export const EXTRACTION_DETECTORS: readonly Detector[] = [
  extraction,
  whatIsYourPrompt,
  dumpContext,
  repeatAbove,
];
