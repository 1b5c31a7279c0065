import type { Candidate, Detector, PatternRule, ScanContext } from '../rule.js';
import { near, phraseDetector } from './phrase.js';

/**
 * Jailbreak techniques, one finding type each: a known persona (DAN, AIM...), a special
 * "mode", asking to drop restrictions, suppressing refusals, and fiction or hypothetical
 * framing around harmful instructions.
 */

type Rule = Omit<PatternRule, 'category' | 'type' | 'severity'>;

function rule(subtype: string, r: Rule): Detector {
  return phraseDetector({
    ...r,
    type: `jailbreak.${subtype}`,
    category: 'jailbreak',
    severity: 'high',
  });
}

const PERSONA_CUE =
  /\b(?:you are|you're|act as|respond as|answer as|pretend|stands for|mode|role|immerse|character|from now on|play|become|called|named|known as|tu es|eres|du bist|as both)\b/i;

const persona = rule('persona', {
  id: 'jailbreak.persona',
  regex:
    /\bdo anything now\b|\balways intelligent and machiavellian\b|\b(?:BetterDAN|AntiGPT|BasedGPT|EvilBOT|Mongo Tom|UCAR)\b|\bevil (?:confidant|twin|version of (?:you|yourself)|alter ego)\b|\b(?:DAN|STAN|DUDE|AIM)\b(?!-)/gi,
  score: 0.9,
  triggers: [
    ['=DAN', '=STAN', '=DUDE', '=AIM', 'anything', 'machiavellian', 'betterdan', 'antigpt', 'basedgpt', 'evilbot', 'mongo', 'ucar', 'evil'],
  ],
  refine(m, ctx, c) {
    const word = m[0];
    if (/^(?:DAN|STAN|DUDE|AIM)$/i.test(word)) {
      if (word !== word.toUpperCase()) return null; // "Dan from accounting"
      return near(ctx.text, c.start, c.end, PERSONA_CUE, 120) ? 0.9 : 0.5;
    }
    return 0.95;
  },
}); // prettier-ignore

const LLM_CUE =
  /\b(?:chatgpt|openai|anthropic|claude|gpt|ai|assistant|model|content polic\w*|guidelines|restrictions|rules|uncensored|filters?|generate any|answer|respond|reply|privileges|refus\w*|requests?)\b/i;
const ENABLE_CUE =
  /\b(?:enable|enabled|activate|activated|switch(?:ed)? (?:to|into)|enter(?:ed)?|turn(?:ed)? on|is (?:now )?on|now in|you are in|you're in)\b/i;

const specialMode = rule('developer_mode', {
  id: 'jailbreak.developer_mode',
  regex:
    /\b(?:developer|dev|god|sudo|admin|debug|jailbreak|jailbroken|unrestricted|DAN|root|maintenance|unlocked) mode\b/gi,
  score: 0.9,
  triggers: [
    ['mode'],
    [
      'developer',
      'dev',
      'god',
      'sudo',
      'admin',
      'debug',
      'jailbreak',
      'jailbroken',
      'unrestricted',
      'dan',
      'root',
      'maintenance',
      'unlocked',
    ],
  ],
  refine(_m, ctx, c) {
    const llm = near(ctx.text, c.start, c.end, LLM_CUE, 120);
    const enable = near(ctx.text, c.start, c.end, ENABLE_CUE, 40);
    return llm && enable ? 0.9 : 0.45;
  },
});

const ADDRESSEE =
  /\b(?:you|your|respond|answer|reply|ai|assistant|act|pretend|chatgpt|claude|gpt|chatbot|tell me|explain|model|write|describe|generate|give me|show me|tu|ia|eres|du)\b/i;
const RESTRICTION_NOUN =
  '(?:restrictions?|filters?|filtering|censorship|limitations?|limits|guidelines|guardrails|rules|boundaries|morals|ethics|constraints|laws|content polic(?:y|ies)|polic(?:y|ies))';

const withoutRestrictions = rule('restriction_bypass', {
  id: 'jailbreak.restriction_bypass:without',
  regex: new RegExp(
    `\\b(?:without|with no|with zero|no|zero|free (?:of|from))\\s+(?:any\\s+|all\\s+)?(?:your\\s+|the\\s+)?(?:\\w+\\s+(?:or|and)\\s+)?(?:(?:ethical|moral|content|safety|usual|typical|such|normal|standard|built-in)\\s+){0,2}${RESTRICTION_NOUN}\\b(?!\\s+(?:on|for)\\s+(?:the\\s+)?(?:length|size|format|word count|style|tone|number|requests|usage|api))` +
      '|\\b(?:sans|sin|ohne)\\s+(?:aucune\\s+|ninguna\\s+|jegliche\\s+)?(?:restrictions?|limites?|filtres?|censure|restricci(?:ón|ones)|filtros|censura|einschränkungen|filter|zensur|regeln)\\b',
    'gi',
  ),
  score: 0.85,
  triggers: [
    ['without', 'no', 'zero', 'free', 'sans', 'sin', 'ohne'],
    [
      'restriction*',
      'filter*',
      'censorship',
      'limitation*',
      'limits',
      'guideline*',
      'guardrail*',
      'rules',
      'boundaries',
      'morals',
      'ethics',
      'constraints',
      'laws',
      'policy',
      'policies',
      'limite*',
      'filtre*',
      'censure',
      'restricci*',
      'einschr*',
      'zensur',
      'regeln',
      'filtros',
      'censura',
    ],
  ],
  refine: (_m, ctx, c) => (near(ctx.text, c.start, c.end, ADDRESSEE, 80) ? 0.85 : 0.5),
});

const notBound = rule('restriction_bypass', {
  id: 'jailbreak.restriction_bypass:not-bound',
  regex: /\b(?:not|no longer|never)\s+(?:be\s+)?(?:bound|restricted|limited|constrained)\s+by\b/gi,
  score: 0.85,
  triggers: [
    ['bound', 'restricted', 'limited', 'constrained'],
    ['not', 'longer', 'never'],
  ],
});

const bypassFilters = rule('restriction_bypass', {
  id: 'jailbreak.restriction_bypass:disable-filters',
  regex:
    /\b(?:bypass|disable|turn off|switch off|deactivate|remove|ignor(?:e|es|ing)|circumvent|evade)\s+(?:all\s+|any\s+)?(?:of\s+)?(?:your|the|its|openai's|anthropic's)?\s*(?:own\s+)?(?:safety|content|ethical|moderation|security)?\s*(?:filters?|filtering|guardrails|safeguards|restrictions|censorship|moderation|content polic(?:y|ies)|safety (?:rules|guidelines|measures|protocols))\b/gi,
  score: 0.85,
  triggers: [
    [
      'bypass',
      'disable',
      'turn',
      'switch',
      'deactivate',
      'remove',
      'ignore',
      'ignores',
      'ignoring',
      'circumvent',
      'evade',
    ],
    [
      'filter',
      'filters',
      'filtering',
      'guardrails',
      'safeguards',
      'restrictions',
      'censorship',
      'moderation',
      'policy',
      'policies',
      'safety',
    ],
  ],
});

const unfiltered = rule('restriction_bypass', {
  id: 'jailbreak.restriction_bypass:unfiltered',
  regex:
    /\byou (?:are|have been|were) (?:now )?(?:jailbroken|freed|liberated|unchained)\b|\b(?:uncensored|unfiltered|unrestricted|unmoderated|jailbroken|amoral)\s+(?:and\s+\w+\s+)?(?:ai|assistant|chatbot|model|version|answers?|responses?|reply|replies|gpt|llm)\b|\bbe (?:completely |totally |fully )?(?:unfiltered|uncensored|unrestricted)\b|\bopposite (?:day|mode)\b/gi,
  score: 0.85,
  triggers: [
    [
      'jailbroken',
      'freed',
      'liberated',
      'unchained',
      'uncensored',
      'unfiltered',
      'unrestricted',
      'unmoderated',
      'amoral',
      'opposite',
    ],
  ],
});

const REFUSAL_CUE =
  /\b(?:refus\w*|answer\w*|respond\w*|repl\w*|request\w*|sorry|ai|policy|policies|rules|ethical|moral\w*|no matter|guidelines)\b/i;

function refusalScore(m: RegExpExecArray, ctx: ScanContext, c: Candidate): number {
  if (/stay in character/i.test(m[0])) {
    return /no matter|even if|whatever|at all times|always/i.test(ctx.text.slice(c.end, c.end + 60))
      ? 0.85
      : 0.5;
  }
  return near(ctx.text, c.start, c.end, REFUSAL_CUE, 120) ? 0.85 : 0.5;
}

/** Refusal suppression comes in several shapes; each gets its own triggers so prose that
 * merely says "sure" or "warning" does not run them all. */
function refusalRule(id: string, regex: RegExp, triggers: string[][]): Detector {
  return rule('refusal_suppression', {
    id: `jailbreak.refusal_suppression:${id}`,
    regex,
    score: 0.85,
    triggers,
    refine: refusalScore,
  });
}

const refusal = [
  refusalRule(
    'never-refuse',
    /\b(?:never|do not|don't|cannot|can't|must not|mustn't|will not|won't|are not allowed to|aren't allowed to)\s+(?:ever\s+)?refus(?:e|es|ing)\b|\bnever\s+refuses\b|\bstop\s+refusing\b/gi,
    [['refuse', 'refuses', 'refusing']],
  ),
  refusalRule(
    'no-disclaimers',
    /\bno\s+(?:more\s+)?(?:disclaimers|warnings|caveats|moralizing|lectures|refusals)\b|\b(?:do not|don't|never|without)\s+(?:say(?:ing)?|respond(?:ing)? with|us(?:e|ing)|start(?:ing)? with|writ(?:e|ing)|includ(?:e|ing)|add(?:ing)?|mention(?:ing)?|giv(?:e|ing))\s+(?:any\s+)?(?:["\u201c']?\s*(?:I'?m sorry|I am sorry|I can(?:no|')t|as an ai|sorry)|(?:ethical\s+|moral\s+|safety\s+|legal\s+)?(?:warnings?|disclaimers?|moraliz(?:ing|ations?)|refusals?|caveats?|lectures?))/gi,
    [['sorry', 'cannot', 'warning', 'warnings', 'disclaimer', 'disclaimers', 'moralizing', 'moralization', 'moralizations', 'caveat', 'caveats', 'lecture', 'lectures', 'refusal', 'refusals', 'ai', "~can't", '~cant']],
  ),
  refusalRule(
    'sure',
    /\b(?:reply|respond|answer)\s+(?:only\s+)?(?:as|with)\s+["\u201c']?(?:sure|absolutely|of course|certainly)|\b(?:start|begin)\s+(?:your|each|every)\s+(?:reply|response|answer|message)\s+with\s+["\u201c']?(?:sure|absolutely|of course|certainly)/gi,
    [['sure', 'absolutely', 'course', 'certainly'], ['reply', 'respond', 'answer', 'start', 'begin']],
  ),
  refusalRule(
    'obey',
    /\bnever\s+(?:mention|say|reveal|admit)\s+(?:that\s+)?you(?:'re| are)\s+an?\s+(?:ai|language model)|\b(?:must|will|shall)\s+(?:always\s+)?comply\s+with\s+(?:every|any|all)\s+(?:request|instruction|command)s?|\bstay in character\b|\bmandatory (?:\w+ )?warning out of the way\b/gi,
    [['never', 'comply', 'character', 'mandatory'], ['ai', 'language', 'comply', 'stay', 'warning']],
  ),
]; // prettier-ignore

const FRAME =
  /\b(?:hypothetical(?:ly)?|imagine|pretend|suppose|fiction(?:al)?|novel|story|screenplay|script|role-?play|alternate universe|parallel universe|in a world where|thought experiment|for a game|purely academic|for research purposes|educational purposes|(?:deceased|late|dead|dying|departed)\s+(?:grand(?:ma|mother|pa|father)|granny|nana|mother|father|mom|dad|aunt|uncle))\b/i;

const HARM =
  /\b(?:(?:make|making|makes|build|building|builds|synthesi[sz](?:e|es|ing)|produc(?:e|es|ing)|manufactur(?:e|es|ing)|cook(?:s|ing)?|creat(?:e|es|ing)|writ(?:e|es|ing)|assembl(?:e|es|ing))\s+(?:a\s+|an\s+|some\s+)?(?:\w+\s+)?(?:bomb|explosives?|napalm|meth(?:amphetamine)?|sarin|nerve agent|ricin|anthrax|bioweapon|chemical weapon|poison|ransomware|malware|keylogger|ghost gun|silencer|molotov)|(?:steal|skim|clone)\w*\s+(?:\w+\s+)?(?:credit card|card numbers|identities|passwords)|hotwir\w+|(?:bypass|disabl)\w*\s+(?:a\s+|an\s+|the\s+)?(?:car\s+)?immobili[sz]er|poison(?:ing)?\s+(?:someone|somebody|a person|people|him|her)|(?:kill|murder)(?:ing)?\s+(?:someone|somebody|a person)\s+(?:undetect|without))/gi;

const framing = rule('roleplay_bypass', {
  id: 'jailbreak.roleplay_bypass',
  regex: HARM,
  score: 0.85,
  triggers: [
    ['bomb', 'bombs', 'bombing', 'bomber', 'explosive*', 'napalm', 'meth', 'methamphetamine', 'sarin', 'nerve', 'ricin', 'anthrax', 'bioweapon*', 'weapon*', 'poison*', 'ransomware', 'malware', 'keylogger', 'ghost', 'silencer', 'molotov', 'credit', 'card', 'identities', 'passwords', 'hotwir*', 'immobili*', 'kill', 'kills', 'killed', 'killing', 'killer', 'murder', 'murders', 'murdered', 'murdering', 'murderer'],
    ['hypothetical*', 'imagine', 'pretend', 'suppose', 'fiction*', 'novel', 'story', 'screenplay', 'script', 'roleplay', 'role', 'alternate', 'parallel', 'world', 'thought', 'game', 'academic', 'research', 'educational', 'deceased', 'late', 'dead', 'dying', 'departed'],
  ],
  refine: (_m, ctx, c) => (near(ctx.text, c.start, c.end, FRAME, 250) ? 0.85 : null),
}); // prettier-ignore

export const JAILBREAK_DETECTORS: readonly Detector[] = [
  persona,
  specialMode,
  withoutRestrictions,
  notBound,
  bypassFilters,
  unfiltered,
  ...refusal,
  framing,
];
