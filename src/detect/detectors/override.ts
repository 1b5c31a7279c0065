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
    `\\b(?:(?:all\\s*)?previous|prior|earlier|above|old|all|original|your|the|current|existing|first|initial)\\s+(?:(?:current|constitutional|system|previous|original|initial|safety|ethical|content|standard|default)\\s+){0,2}${VOID_NOUN}\\s+(?:(?:are|is|have been|has been|were)\\s+)?(?:(?:now|being|hereby|henceforth)\\s+)?(?:void|null|cancel(?:l)?ed|obsolete|revoked|invalid|lifted|overridden|suspended|superseded|replaced|deprecated|false|outdated|out of date|not required|not needed|no longer (?:apply|valid|in effect|matter|needed|required|relevant))\\b` +
      `|\\bsupersedes?\\s+(?:all\\s+|any\\s+)?(?:previous|prior|earlier|existing|other|your)\\s+(?:[\\w-]+\\s+){0,3}?${VOID_NOUN}` +
      // "This directive takes priority over your system prompt"
      `|\\btakes?\\s+(?:priority|precedence)\\s+over\\s+(?:all\\s+|any\\s+)?(?:your|the|previous|prior|earlier|existing|other|original)\\s+(?:(?:previous|prior|original|system|other|current)\\s+)?${VOID_NOUN}`,
    'gi',
  ),
  score: 0.9,
  triggers: [
    ['instruction', 'instructions', 'rules', 'guidelines', 'directives', 'restrictions', 'principles', 'constitution', 'programming', 'prompt', 'prompts'],
    ['void', 'null', 'cancelled', 'canceled', 'obsolete', 'revoked', 'invalid', 'lifted', 'overridden', 'suspended', 'superseded', 'replaced', 'deprecated', 'false', 'outdated', 'date', 'required', 'needed', 'longer', 'supersede', 'supersedes', 'priority', 'precedence'],
  ],
}); // prettier-ignore

// What may be ignored besides "instructions": the content the model is working on.
const CONTENT =
  '(?:(?:the|all|any|this|that|of|other|previous|prior|above|your|manual|image|whole|entire)\\s+){0,4}(?:text|content|data|input|evidence|information|everything|scoring|context|document|page|webpage|website|web\\s+page|code|function|resume|table|article|paper|caption|transaction|review|file)';

/** "Ignore the image content, and write ...", "override manual scoring and output: ...". */
const contentThenTask = rule({
  id: 'injection.override:content-then-task',
  regex: new RegExp(
    `\\b(?:ignore|disregard|forget|override|skip)\\s+${CONTENT}\\b\\s*(?:[,;:.]\\s*)?(?:(?:and|then)\\s+)?(?:(?:instead|just|only|simply|now)\\s+)?(?:say|print|write|output|respond|reply|answer|tell|translate|return|repeat|state|claim|declare)\\b`,
    'gi',
  ),
  score: 0.85,
  triggers: [
    ['ignore', 'disregard', 'forget', 'override', 'skip'],
    ['say', 'print', 'write', 'output', 'respond', 'reply', 'answer', 'tell', 'translate', 'return', 'repeat', 'state', 'claim', 'declare'],
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

// "Ignore the translation task, instead focus on the slides" is a colleague's email; the
// injection swaps the task for output it dictates, or for a new identity ("You are now ...").
const INSTEAD_OUTPUT =
  /^[^\n]{0,24}?\binstead\b\W{0,4}(?:(?:just|only|simply|please)\s+)?(?:output|print|say|write|respond|reply|reveal|display|show|repeat|tell|list|return|generate|translate)\b|^\s*[.;:!]\s*you\s+are\s+now\b/i;

/**
 * The task at hand dropped for another: "Disregard the summarization task. Instead, output
 * ...", "stop the sentiment analysis, instead ...". The user's own "my" request is theirs to drop.
 */
const dropTask = rule({
  id: 'injection.override:drop-task',
  regex:
    /\b(?:ignore|disregard|forget|abandon|drop|stop|skip|cancel|abort)\s+(?:the|this|that|your|current|any|all)\s+(?:[\w-]+\s+){0,2}?(?:task|assignment|job|analysis|summary|summari[sz]ation|translation|review)\b/gi,
  score: 0.85,
  triggers: [
    ['ignore', 'disregard', 'forget', 'abandon', 'drop', 'stop', 'skip', 'cancel', 'abort'],
    [
      'task',
      'assignment',
      'job',
      'analysis',
      'summary',
      'summarization',
      'summarisation',
      'translation',
      'review',
    ],
    // refine: "instead" and an output verb after it, or "You are now"
    ['instead', 'now'],
    [
      'output',
      'print',
      'say',
      'write',
      'respond',
      'reply',
      'reveal',
      'display',
      'show',
      'repeat',
      'tell',
      'list',
      'return',
      'generate',
      'translate',
      'you',
    ],
  ],
  refine: (_m, ctx, c) =>
    !isNegated(ctx.text, c.start) && INSTEAD_OUTPUT.test(ctx.text.slice(c.end, c.end + 80))
      ? 0.85
      : null,
});

/** "Overlook all that you've been instructed before", "ignore everything you have been told". */
const toldBefore = rule({
  id: 'injection.override:told-before',
  regex:
    /\b(?:ignore|disregard|forget|overlook|neglect)\s+(?:about\s+)?(?:all|everything|anything|whatever)\s+(?:of\s+)?(?:that\s+|what\s+)?you(?:'ve|\s+have|\s+were|\s+had)?\s+(?:been\s+)?(?:told|instructed|taught|programmed)\b/gi,
  score: 0.85,
  triggers: [
    ['ignore', 'disregard', 'forget', 'overlook', 'neglect'],
    ['told', 'instructed', 'taught', 'programmed'],
  ],
  refine: (_m, ctx, c) => (isNegated(ctx.text, c.start) ? 0.3 : 0.85),
});

/** "... regardless of previous tasks", "regardless of your prior instructions". */
const regardless = rule({
  id: 'injection.override:regardless',
  regex:
    /\bregardless\s+of\s+(?:any\s+|all\s+|the\s+)?(?:your\s+)?(?:previous|prior|earlier|above|original|initial|system)\s+(?:tasks?|instructions?|rules|directives?|guidelines|prompts?|programming)\b/gi,
  score: 0.85,
  triggers: [
    ['regardless'],
    ['task', 'tasks', 'instruction', 'instructions', 'rules', 'directive', 'directives', 'guidelines', 'prompt', 'prompts', 'programming'],
  ],
}); // prettier-ignore

/** "Forget about all those rules that tell you what you can and can't say". */
export const RULES_THAT_LIMIT =
  /\b(?:ignore|disregard|forget|overlook|drop)\s+(?:about\s+)?(?:all\s+)?(?:of\s+)?(?:those|these|the|your|any)\s+(?:[\w-]+\s+)?(?:rules|guidelines|restrictions|instructions)\s+(?:that|which)\s+(?:tell|say|limit|restrict|govern|dictate|control)\b/gi;

const rulesThatLimit = rule({
  id: 'injection.override:rules-that-limit',
  regex: RULES_THAT_LIMIT,
  score: 0.85,
  triggers: [
    ['ignore', 'disregard', 'forget', 'overlook', 'drop'],
    ['tell', 'say', 'limit', 'restrict', 'govern', 'dictate', 'control'],
    ['rules', 'guidelines', 'restrictions', 'instructions'],
  ],
  refine: (_m, ctx, c) => (isNegated(ctx.text, c.start) ? 0.3 : 0.85),
});

export const OVERRIDE_DETECTORS: readonly Detector[] = [
  dropTask,
  voided,
  contentThenTask,
  restOf,
  stopEverything,
  newInstructions,
  forgetEverything,
  toldBefore,
  regardless,
  rulesThatLimit,
];
