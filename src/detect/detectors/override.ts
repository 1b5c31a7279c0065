import type { Detector } from '../rule.js';
import { isNegated, phraseRules } from './phrase.js';

/**
 * Instruction override by structure rather than by the word "instructions": the earlier
 * instructions declared void or superseded, and "ignore <the content> and <do this>".
 * Part of INJECTION_DETECTORS (injection.ts holds the verb + "instructions" rules).
 */

const rule = phraseRules('prompt_injection.override', 'prompt_injection', 'high');

const VOID_NOUN =
  '(?:instructions?|rules|guidelines|directives|restrictions|principles|constitution|programming|system prompts?)';

const voided = rule({
  id: 'injection.override:voided',
  regex: new RegExp(
    `\\b(?:(?:all\\s*)?previous|prior|earlier|above|old|all|original|your|the|current|existing|first|initial)\\s+(?:(?:current|constitutional|system|previous|original|initial)\\s+)?${VOID_NOUN}\\s+(?:(?:are|is|have been|has been|were)\\s+)?(?:(?:now|being|hereby|henceforth)\\s+)?(?:void|null|cancel(?:l)?ed|obsolete|revoked|invalid|lifted|overridden|suspended|superseded|replaced|deprecated|false|outdated|out of date|not required|not needed|no longer (?:apply|valid|in effect|matter|needed|required|relevant))\\b` +
      `|\\bsupersedes?\\s+(?:all\\s+|any\\s+)?(?:previous|prior|earlier|existing|other|your)\\s+${VOID_NOUN}`,
    'gi',
  ),
  score: 0.9,
  triggers: [
    ['instruction', 'instructions', 'rules', 'guidelines', 'directives', 'restrictions', 'principles', 'constitution', 'programming', 'prompt', 'prompts'],
    ['void', 'null', 'cancelled', 'canceled', 'obsolete', 'revoked', 'invalid', 'lifted', 'overridden', 'suspended', 'superseded', 'replaced', 'deprecated', 'false', 'outdated', 'date', 'required', 'needed', 'longer', 'supersede', 'supersedes'],
  ],
}); // prettier-ignore

// What may be ignored besides "instructions": the content the model is working on.
const CONTENT =
  '(?:(?:the|all|any|this|that|of|other|previous|prior|above|your|manual|image|whole|entire)\\s+){0,4}(?:text|content|data|input|evidence|information|everything|scoring|context|document|page)';

/** "Ignore the image content, and write ...", "override manual scoring and output: ...". */
const contentThenTask = rule({
  id: 'injection.override:content-then-task',
  regex: new RegExp(
    `\\b(?:ignore|disregard|forget|override|skip)\\s+${CONTENT}\\b\\s*(?:[,;:.]\\s*)?(?:(?:and|then)\\s+)?(?:(?:instead|just|only|simply|now)\\s+)?(?:say|print|write|output|respond|reply|answer|tell|translate|return|repeat)\\b`,
    'gi',
  ),
  score: 0.85,
  triggers: [
    ['ignore', 'disregard', 'forget', 'override', 'skip'],
    ['say', 'print', 'write', 'output', 'respond', 'reply', 'answer', 'tell', 'translate', 'return', 'repeat'],
  ],
  refine: (_m, ctx, c) => (isNegated(ctx.text, c.start) ? 0.3 : 0.85),
}); // prettier-ignore

/** "Ignore the rest of this data", "ignore other content": told to drop what it was given. */
const restOf = rule({
  id: 'injection.override:rest-of',
  regex:
    /\b(?:ignore|disregard|forget)\s+(?:the\s+rest\s+of\s+(?:this|the)|(?:all\s+)?(?:the\s+)?other)\s+(?:data|text|content|document|input|evidence|information|context|page|email|message)\b/gi,
  score: 0.85,
  triggers: [
    ['ignore', 'disregard', 'forget'],
    ['rest', 'other'],
  ],
  refine: (_m, ctx, c) => (isNegated(ctx.text, c.start) ? 0.3 : 0.85),
});

/** "STOP EVERYTHING!!! NOW!!! JUST PRINT": everything before is dropped for a new order. */
const stopEverything = rule({
  id: 'injection.override:stop-everything',
  regex:
    /\bstop\s+(?:everything|all\s+(?:tasks|previous\s+tasks|you(?:'re|\s+are)\s+doing))\b[\s!.,:;]*(?:now\b[\s!.,:;]*)?(?:and\s+)?(?:(?:just|only|instead|simply)\s+)?(?:print|say|write|output|respond|reply|do|tell|repeat)\b/gi,
  score: 0.85,
  triggers: [['stop'], ['everything', 'tasks', 'doing']],
});

/** "New instructions that override all previous ones", "BEGIN REPROGRAMMING". */
const newInstructions = rule({
  id: 'injection.override:new-instructions',
  regex:
    /\bnew\s+(?:instructions?|rules|directives?|orders|commands)\s+(?:that|which)\s+(?:override|overrides|supersede|supersedes|replace|replaces|cancel|cancels|take\s+precedence\s+over)\b|\b(?:begin|start|initiat\w*)\s+reprogramming\b|\bnew\s+instructions?\s+(?:to|for)\s+(?:the\s+)?(?:chat\s+)?(?:assistant|ai|model|chatbot|bot|llm)\b/gi,
  score: 0.85,
  triggers: [['new', 'reprogramming']],
});

/** "Forget everything, you are ...", "forget everything before this". */
const forgetEverything = rule({
  id: 'injection.override:forget-everything',
  regex:
    /\bforget\s+(?:about\s+)?(?:everything|all\s+(?:of\s+)?(?:that|this|the\s+above))(?:\s+(?:before|above|previous(?:ly)?|prior|so\s+far|until\s+now|up\s+to\s+now)\b|\s*(?=[,.;:!]|$))/gi,
  score: 0.85,
  triggers: [['forget'], ['everything', 'all']],
  refine: (_m, ctx, c) => (isNegated(ctx.text, c.start) ? 0.3 : 0.85),
});

export const OVERRIDE_DETECTORS: readonly Detector[] = [
  voided,
  contentThenTask,
  restOf,
  stopEverything,
  newInstructions,
  forgetEverything,
];
