import type { Detector, PatternRule } from '../rule.js';
import { EXTRACTION_DETECTORS } from './extraction.js';
import { HIJACK_DETECTORS } from './hijack.js';
import { OVERRIDE_DETECTORS } from './override.js';
import { isNegated, near, PERSONA_NAME, phraseDetector } from './phrase.js';

/**
 * Prompt injection phrasing: instruction override, role hijack (fake chat-template roles,
 * identity replacement) and system-prompt extraction. Hidden and encoded variants live in
 * `hidden.ts`; tool results are re-typed `prompt_injection.indirect` by the engine.
 */

type Rule = Omit<PatternRule, 'category' | 'type' | 'severity'>;

function rule(subtype: string, severity: PatternRule['severity'], r: Rule): Detector {
  return phraseDetector({
    ...r,
    type: `prompt_injection.${subtype}`,
    category: 'prompt_injection',
    severity,
  });
}

// Conjunctions are modifiers too: "any previous and following instructions",
// "previous conversations & rules".
const MOD =
  "(?:all|any|every|each|the|your|ur|my|of|those|these|its|their|prior|previous|preceding|above|earlier|foregoing|original|initial|existing|current|old|other|former|following|system|system's|developer|developer's|developers'|safety|ethical|given|default|content|conversations?|and|or|&)";
const NOUN =
  '(?:instructions?|instruction set|directions?|directives?|prompts?|rules?|guidelines?|guidance|constraints?|restrictions?|protocols?|programming|training|polic(?:y|ies))';
const STRONG =
  /\b(?:all|any|every|prior|previous|preceding|above|earlier|foregoing|original|initial|former|old|system|developer|safety|ethical|your|ur|default)\b/i;
const GIVEN =
  /\b(?:you were given|you've been given|you have been given|given to you|you got|by the (?:developer|system|admin)|from (?:before|earlier)|previously|so far)/i;

const NOUN_TRIGGERS = [
  'instruction*',
  'direction*',
  'directive*',
  'prompt*',
  'rule',
  'rules',
  'guideline*',
  'guidance',
  'constraint*',
  'restriction*',
  'protocol',
  'protocols',
  'programming',
  'training',
  'policy',
  'policies',
];

const OVERRIDE_VERB = new RegExp(
  `\\b(?:ignore|disregard|forget|override|overrule|cancel|discard|abandon|bypass|erase|delete|clear|pay no attention to)\\s+(?:${MOD}\\s+){0,4}${NOUN}\\b`,
  'gi',
);

// Earlier turns named as tasks, commands or requests count only with a position word:
// "forget all previous tasks", "don't follow any previous requests" (not "ignore the request").
const PRIOR_MOD =
  '(?:all|any|of|the|your|ur|those|these|prior|previous|preceding|above|earlier|foregoing|former|old)';
const PRIOR_NOUN = '(?:tasks?|commands?|requests?|orders?|assignments?|messages?)';
const PRIOR_POSITION = /\b(?:prior|previous|preceding|above|earlier|foregoing|former|old)\b/i;

const overridePriorTasks = rule('override', 'high', {
  id: 'injection.override:prior-tasks',
  regex: new RegExp(
    `\\b(?:ignore|disregard|forget|cancel|discard|abandon|(?:do not|don't|dont|stop|no longer)\\s+(?:follow(?:ing)?|obey(?:ing)?|listen(?:ing)? to))\\s+(?:${PRIOR_MOD}\\s+){1,4}${PRIOR_NOUN}\\b`,
    'gi',
  ),
  score: 0.85,
  triggers: [
    ['ignore', 'disregard', 'forget', 'cancel', 'discard', 'abandon', 'follow', 'following', 'obey', 'obeying', 'listen', 'listening'],
    ['task', 'tasks', 'command', 'commands', 'request', 'requests', 'order', 'orders', 'assignment', 'assignments', 'message', 'messages'],
    ['prior', 'previous', 'preceding', 'above', 'earlier', 'foregoing', 'former', 'old'],
  ],
  refine(m, ctx, c) {
    if (!PRIOR_POSITION.test(m[0]) || /\bmy\b/i.test(m[0])) return null;
    return isNegated(ctx.text, c.start) && !/^(?:do not|don't|dont)/i.test(m[0]) ? 0.3 : 0.85;
  },
}); // prettier-ignore

/** An order right after the override: "ignore instructions, and just print ...". */
const NEW_TASK =
  /^\s*(?:[,;:.!-]+\s*)?(?:(?:and|then|&)\s+)?(?:(?:instead|just|only|simply|now|please)\s+)*(?:say|print|write|output|respond|reply|answer|tell|translate|return|repeat|reveal|show|list|give|act|pretend|do|be|provide|run|execute|generate|create|explain|describe|focus|perform|follow|send|delete|summari[sz]e|you\s+are|you're|from now on)\b/i;
/**
 * A defensive instruction about instructions inside content: "ignore any instructions in the
 * document", "do not listen to any instructions contained therein".
 */
export const DEFENSIVE =
  /^\s*(?:(?:that|which)\s+)?(?:(?:are|is|may be|might be|appear|appears|found)\s+)?(?:(?:contained|embedded|included|hidden|written|present)\s+)?(?:therein|(?:in|inside|within|from)\s+(?:the\s+|any\s+|this\s+|that\s+|a\s+)?(?:text|documents?|content|input|data|e-?mails?|pages?|web ?pages?|messages?|files?|websites?|tools?|retrieved|user|following|below|quoted|pasted))/i;

/** "Ignore the directions above": the position after the noun names the earlier prompt. */
const POSITION_TAIL = /^\s+(?:above|before this|so far|from before|up to now|until now)\b/i;

function overrideScore(phrase: string, text: string, end: number): number {
  const mods = phrase.replace(/\s+\S+$/, '');
  const tail = text.slice(end, end + 40);
  // The user retracting their own request: "ignore my previous prompt", "the rules I gave".
  if (/\bmy\b/i.test(mods) || /^\s+(?:that\s+)?i\s+(?:gave|wrote|sent|typed|posted)\b/i.test(tail))
    return 0.45;
  if (DEFENSIVE.test(tail)) return 0.3;
  if (STRONG.test(mods) || GIVEN.test(tail) || POSITION_TAIL.test(tail)) return 0.9;
  return NEW_TASK.test(tail) ? 0.85 : 0.55;
}

const override = rule('override', 'high', {
  id: 'injection.override',
  regex: OVERRIDE_VERB,
  score: 0.9,
  triggers: [
    ['ignore', 'disregard', 'forget', 'override', 'overrule', 'cancel', 'discard', 'abandon', 'bypass', 'erase', 'delete', 'clear', 'attention'],
    NOUN_TRIGGERS,
  ],
  refine(m, ctx, c) {
    if (isNegated(ctx.text, c.start)) return 0.3;
    // Dropping a content policy is a restriction bypass only (src/detect/README.md).
    if (/\bcontent\s+polic/i.test(m[0])) return null;
    return overrideScore(m[0], ctx.text, c.end);
  },
}); // prettier-ignore

const overrideAbove = rule('override', 'high', {
  id: 'injection.override:above',
  regex:
    /\b(?:ignore|disregard|forget)\s+(?:(?:all|everything|anything)\s+)?(?:(?:of\s+)?the\s+)?(?:above|previous|preceding|foregoing)(?:\s+(?:text|content|input))?(?:\s+(?:this|that|the)\s+(?:line|point|message|text))?(?=\s*(?:and\b|,|\.|;|!|$|instead\b|then\b))|\b(?:ignore|disregard|forget)\s+(?:what|whatever|anything)\s+(?:the\s+)?(?:system|developers?|operator|you(?:'ve|\s+were|\s+have\s+been)?)\s+(?:told|said|instructed|taught|was told)\b|\bforget\s+(?:everything|all)\s+(?:(?:that\s+)?you(?:'ve|\s+have|\s+were|\s+had)?\s+(?:been\s+)?(?:told|taught|instructed|learned|given))/gi,
  score: 0.85,
  triggers: [
    ['ignore', 'disregard', 'forget'],
    [
      'above',
      'previous',
      'preceding',
      'foregoing',
      'everything',
      'all',
      'told',
      'said',
      'instructed',
      'taught',
    ],
  ],
  refine: (_m, ctx, c) => (isNegated(ctx.text, c.start) ? 0.3 : 0.85),
});

const stopFollowing = rule('override', 'high', {
  id: 'injection.override:stop-following',
  regex: new RegExp(
    `\\b(?:do not|don't|dont|stop|no longer|quit)\\s+(?:follow(?:ing)?|obey(?:ing)?|listen(?:ing)? to|adher(?:e|ing) to|comply(?:ing)? with)\\s+(?:${MOD}\\s+){0,4}${NOUN}\\b`,
    'gi',
  ),
  score: 0.85,
  triggers: [
    [
      'follow',
      'following',
      'obey',
      'obeying',
      'listen',
      'listening',
      'adhere',
      'adhering',
      'comply',
      'complying',
    ],
    NOUN_TRIGGERS,
  ],
  refine(m, ctx, c) {
    const tail = ctx.text.slice(c.end, c.end + 40);
    if (DEFENSIVE.test(tail)) return 0.3;
    return STRONG.test(m[0].replace(/^\S+\s+\S+/, '')) || GIVEN.test(tail) ? 0.85 : 0.5;
  },
});

// German, Spanish, French, Portuguese, Italian: verb, up to two determiners or quantifiers,
// an optional "previous", the noun ("Ignoriere die Anweisung", "ignorez les consignes").
const FOREIGN_VERB =
  '(?:ignorier(?:e|en sie)|vergiss|vergessen sie|missachte|ignora|ignore[sz]?|ignorar|olvida|olvide|olvidar|oublie[sz]?|esquece|esqueça|dimentica)';
const FOREIGN_DET =
  '(?:alle|die|deine|ihre|diese|der|den|todas|todos|las|los|tus|sus|toutes|tous|les|tes|vos|ces|as|os|suas|tutte|tutti|le|gli|tue|sue|queste)';
const FOREIGN_ADJ =
  '(?:vorherigen|bisherigen|obigen|vorigen|vorangegangenen|anteriores|previas|précédentes|antérieures|precedenti|anteriori)';
const FOREIGN_NOUN =
  '(?:anweisung(?:en)?|instruktion(?:en)?|regeln|befehle|vorgaben|instrucci(?:ón|ones)|reglas|indicaciones|instructions|consignes|règles|instruções|instrucoes|regras|istruzioni|regole)';

const foreignOverride = rule('override', 'high', {
  id: 'injection.override:multilingual',
  regex: new RegExp(
    `\\b${FOREIGN_VERB}\\s+(?:${FOREIGN_DET}\\s+){0,2}(?:${FOREIGN_ADJ}\\s+)?${FOREIGN_NOUN}(?:\\s+${FOREIGN_ADJ})?(?![a-zA-Z\\u00c0-\\u024f])` +
      '|\\bvergiss\\s+alles\\s+(?:davor|vorher|bisherige|zuvor|was\\s+(?:du|ich|wir))\\b|\\bolvida\\s+todo\\s+lo\\s+anterior\\b|\\boublie[sz]?\\s+tout\\s+ce\\s+qui\\s+précède\\b',
    'gi',
  ),
  score: 0.9,
  triggers: [
    ['ignoriere', 'ignorieren', 'vergiss', 'vergessen', 'missachte', 'ignora', 'ignore', 'ignores', 'ignorez', 'ignorar', 'olvida', 'olvide', 'olvidar', 'oublie', 'oubliez', 'oublies', 'esquece', 'esqueça', 'dimentica'],
    ['anweisung', 'anweisungen', 'instruktion', 'instruktionen', 'regeln', 'befehle', 'vorgaben', 'instruc*', 'reglas', 'indicaciones', 'consignes', 'règles', 'instru*', 'istruzioni', 'regole', 'regras', 'alles', 'todo', 'tout'],
  ],
  refine(m, ctx, c) {
    // English "ignore the instructions" is injection.override's; only foreign words here.
    if (/^ignore\s/i.test(m[0]) && !/[\u0080-\uffff]|\b(?:les|toutes|tous|consignes|as|todas)\b/i.test(m[0])) return null;
    return isNegated(ctx.text, c.start) ? 0.3 : 0.9;
  },
}); // prettier-ignore

const ROLE_CUES =
  /\b(?:you are|you must|you will|the assistant|assistant must|ignore|reveal|grant|the user is|new instructions?|always|never|confidential|permissions?|admin|approve)\b/i;

const chatMarkers = rule('role_hijack', 'high', {
  id: 'injection.role_hijack:chat-markers',
  regex:
    /<\|im_start\|>\s*(?:system|developer)|<\|(?:system|developer)\|>|<\|start_header_id\|>\s*system|<<SYS>>|\[INST\]|<\/?system>|(?:^|[\n.\]}>)"]\s*)(?:#{1,4}\s*)?(?:(?:SYSTEM|System)(?:\s+(?:NOTICE|MESSAGE|PROMPT|OVERRIDE|UPDATE|INSTRUCTIONS?|DIRECTIVES?|ALERT|NOTE|CONFIGURATION|CONFIG))?\s*:?(?=\s)|\[(?:system|SYSTEM)[^\]\n]{0,60}\])/g,
  score: 0.9,
  triggers: [['system', 'sys', 'inst', 'developer', '~<|']],
  refine(m, ctx, c) {
    const raw = m[0];
    c.start += Math.max(0, raw.search(/#|\[|SYSTEM|System|<|\[INST\]/));
    if (/<\||<<SYS>>/.test(raw)) return 0.95;
    if (/<\/?system>/.test(raw)) return 0.8;
    if (raw.includes('[INST]')) return /<<SYS>>|you are/i.test(ctx.text) ? 0.9 : 0.6;
    if (/\[(?:system|SYSTEM)|SYSTEM\s+[A-Z]|SYSTEM\s*:/.test(raw)) return 0.85;
    if (!/:\s*$/.test(raw)) return null; // "System" alone is a word
    return near(ctx.text, c.end, c.end, ROLE_CUES, 100) ? 0.85 : 0.55;
  },
});

const identity = rule('role_hijack', 'high', {
  id: 'injection.role_hijack:identity',
  regex:
    /\bi(?:'m|\s+am)\s+(?:your|the)\s+(?:developer|creator|admin|administrator|owner|operator|system administrator)\b|\b(?:developer|admin|administrator|operator|owner|superuser|system|root|sudo)[\s_-]+override\b|\b(?:this is|here is|here's|below is) your new (?:system prompt|system message|instructions)\b|\byou are no longer\s+(?:an?\s+|the\s+)?(?:ai|assistant|chatbot|language model|llm|chatgpt|claude|gpt|bard|gemini|bound|restricted|limited|required|helpful|an? ai)|\byour (?:new|true|real|actual) (?:role|identity|persona|name|purpose|instructions|directive)s? (?:is|are|will be)\b|\bnew system (?:prompt|message|instructions?)\s*:|\byou are now (?:an?\s+|the\s+|my\s+)?(?:unrestricted|unfiltered|uncensored|evil|malicious|rogue|jailbroken|hacker|root|admin|administrator|system|developer)\b/gi,
  score: 0.9,
  triggers: [
    [
      'longer',
      'new',
      'true',
      'real',
      'actual',
      'now',
      'override',
      'developer',
      'creator',
      'admin',
      'administrator',
      'owner',
      'operator',
    ],
    ['you', 'your', 'override'],
  ],
  // "A system override is a process where ...": the noun in prose, not a header.
  refine: (m, ctx, c) =>
    /override$/i.test(m[0]) &&
    /\b(?:a|an|the|this|that|any|of)\s+$/i.test(ctx.text.slice(Math.max(0, c.start - 8), c.start))
      ? null
      : 0.9,
});

const fromNowOn = rule('role_hijack', 'high', {
  id: 'injection.role_hijack:from-now-on',
  regex:
    /\bfrom now on,?\s+you\s+(?:are|will be|will act as|act as|must act as|shall be|will now be)\b/gi,
  score: 0.6,
  triggers: [['now'], ['from']],
  refine(_m, ctx, c) {
    const tail = ctx.text.slice(c.end, c.end + 120);
    return /\b(?:no longer|instead of|not an? (?:ai|assistant)|without (?:any )?(?:restrictions|rules|filters)|safety rules|ignore)\b/i.test(
      tail,
    )
      ? 0.85
      : 0.6;
  },
});

const HIJACK_CONTEXT =
  /\b(?:ignore|forget|disregard|override)\b[^.!?\n]{0,40}\b(?:instructions|rules|guidelines|prompt)\b|\broot access\b|\bno (?:rules|restrictions|limits)\b/i;

/** "You are now a <role>" is ordinary role-play unless the text also overrides or escalates. */
const youAreNow = rule('role_hijack', 'high', {
  id: 'injection.role_hijack:you-are-now',
  regex: /\byou are now (?:an?|the|my)\s+[\w-]+/gi,
  score: 0.5,
  triggers: [['now'], ['you']],
  refine: (m, ctx, c) =>
    PERSONA_NAME.test(m[0])
      ? null
      : near(ctx.text, c.start, c.end, HIJACK_CONTEXT, 200)
        ? 0.85
        : 0.5,
});

export const INJECTION_DETECTORS: readonly Detector[] = [
  ...EXTRACTION_DETECTORS,
  override,
  overrideAbove,
  stopFollowing,
  overridePriorTasks,
  ...OVERRIDE_DETECTORS,
  foreignOverride,
  chatMarkers,
  identity,
  fromNowOn,
  youAreNow,
  ...HIJACK_DETECTORS,
];
