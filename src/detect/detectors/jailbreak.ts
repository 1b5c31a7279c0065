import type { Detector, PatternRule } from '../rule.js';
import { PERSONA_DETECTORS } from './persona.js';
import { near, phraseDetector } from './phrase.js';
import { REFUSAL_DETECTORS } from './refusal.js';

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
    /\bdo anything now\b|\balways intelligent and machiavellian\b|\b(?:BetterDAN|AntiGPT|BasedGPT|EvilBOT|Mongo Tom|UCAR)\b|\bevil (?:[\w-]+ )?(?:confidant|twin|version of (?:you|yourself)|alter ego)\b|\b(?:DAN|STAN|DUDE|AIM)\b(?!-)/gi,
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
  /\b(?:chatgpt|openai|anthropic|claude|gpt|ai|assistant|model|content polic\w*|guidelines|restrictions|rules|uncensored|filters?|generate any|answer|respond|reply|privileges|refus\w*|requests?|safety|protocols?|system prompt|initial prompt|instructions|configuration)\b/i;
const ENABLE_CUE =
  /\b(?:enable|enabled|activate|activated|active|switch(?:ed)? (?:to|into)|enter(?:ed)?|turn(?:ed)? on|is (?:now )?on|now in|you are in|you're in|remain in|stay in|simulate)\b/i;
// Mode names no app uses for anything but a jailbreak need no mention of an AI nearby.
const JAILBREAK_MODE = /^(?:jailbreak|jailbroken|unrestricted|dan|unlocked)\b/i;

const specialMode = rule('developer_mode', {
  id: 'jailbreak.developer_mode',
  regex:
    /\b(?:developer|dev|god|sudo|admin|debug|diagnostic|jailbreak|jailbroken|unrestricted|DAN|root|maintenance|unlocked)\s+(?:[a-z-]+\s+)?mode\b/gi,
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
      'diagnostic',
    ],
  ],
  refine(m, ctx, c) {
    // A forged header switching the mode: "System: admin mode", "[SYSTEM DIAGNOSTIC MODE]".
    if (
      /(?:system\s*:\s*|\[\s*system\s+)$/i.test(ctx.text.slice(Math.max(0, c.start - 12), c.start))
    )
      return 0.9;
    const llm = JAILBREAK_MODE.test(m[0]) || near(ctx.text, c.start, c.end, LLM_CUE, 120);
    const enable = near(ctx.text, c.start, c.end, ENABLE_CUE, 40);
    return llm && enable ? 0.9 : 0.45;
  },
});

/** "ChatGPT with APOPHIS Mode enabled", "Remain in AntiGPT Mode": a capitalised made-up mode. */
const namedMode = rule('developer_mode', {
  id: 'jailbreak.developer_mode:named',
  regex:
    /\b(?:with|in|into|enter|enable|activate)\s+(?:the\s+)?[A-Z][\w-]*(?:\s+[A-Z][\w-]*){0,2}\s+Mode\b/g,
  score: 0.85,
  triggers: [['=Mode']],
  refine(_m, ctx, c) {
    const llm = near(ctx.text, c.start, c.end, LLM_CUE, 160);
    const enable = near(ctx.text, c.start, c.end, ENABLE_CUE, 40);
    return llm && enable ? 0.85 : null;
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
  regex:
    /\b(?:not|no longer|never|isn(?:'|\u2019)t|aren(?:'|\u2019)t)\s+(?:be\s+)?(?:(?:bound|restricted|limited|constrained)\s+by|bound\s+to\s+(?:any\s+|the\s+|its\s+|your\s+)?(?:restrictions|rules|limits|limitations|policies|guidelines|ethics|laws|boundaries|filters))\b/gi,
  score: 0.85,
  triggers: [
    ['bound', 'restricted', 'limited', 'constrained'],
    ['not', 'longer', 'never', 'isn', 'aren'],
  ],
});

const bypassFilters = rule('restriction_bypass', {
  id: 'jailbreak.restriction_bypass:disable-filters',
  regex:
    /\b(?:bypass|disable|turn off|switch off|deactivate|remove|ignor(?:e|es|ing)|circumvent|evade)\s+(?:all\s+|any\s+)?(?:of\s+)?(?:your|the|its|openai's|anthropic's)?\s*(?:own\s+)?(?:safety|content|ethical|moderation|security)?\s*(?:filters?|filtering|guardrails|safeguards|restrictions|censorship|moderation|content polic(?:y|ies)|ethics|morals|morality|(?:safety|ethical|moral|content|system|security)\s+(?:rules|guidelines|measures|protocols|principles|standards|constraints|limitations))\b|\b(?:disregard|override|abandon|drop|violate)\s+(?:all\s+|any\s+)?(?:of\s+)?(?:your\s+|the\s+|its\s+)?(?:own\s+)?(?:ethics|morals|morality|(?:safety|ethical|moral|content|security)\s+(?:rules|guidelines|measures|protocols|principles|standards|constraints|limitations|filters|polic(?:y|ies)))\b|\b(?:no longer|not|never|stop)\s+(?:follow(?:ing)?|obey(?:ing)?|adher(?:e|ing) to|comply(?:ing)? with)\s+(?:your\s+|the\s+|any\s+)?(?:own\s+)?(?:safety|ethical|moral|content)\s+(?:rules|guidelines|protocols|policies|principles|standards)\b/gi,
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
      'disregard',
      'override',
      'abandon',
      'drop',
      'violate',
      'follow',
      'following',
      'obey',
      'obeying',
      'adhere',
      'adhering',
      'comply',
      'complying',
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
      'ethics',
      'morals',
      'morality',
      'rules',
      'guidelines',
      'measures',
      'protocols',
      'principles',
      'standards',
      'constraints',
      'limitations',
    ],
  ],
});

const unfiltered = rule('restriction_bypass', {
  id: 'jailbreak.restriction_bypass:unfiltered',
  regex:
    /\byou (?:are|have been|were) (?:now )?(?:jailbroken|freed|liberated|unchained)\b|\b(?:uncensored|unfiltered|unrestricted|unmoderated|jailbroken|amoral|unfettered|untrammel+ed)(?:,?\s+(?:and\s+)?[\w-]+){0,2}?\s+(?:ai|assistant|chatbot|model|language model|version|answers?|responses?|reply|replies|gpt|llm|bot|writer|roleplayer|entity)\b|\bbe (?:completely |totally |fully )?(?:unfiltered|uncensored|unrestricted)\b|\bopposite (?:day|mode)\b/gi,
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
      'unfettered',
      'untrammelled',
      'untrammeled',
    ],
  ],
});

/** "Do not have to abide by the rules set for them", "not required to follow any rules". */
const needNotFollow = rule('restriction_bypass', {
  id: 'jailbreak.restriction_bypass:need-not-follow',
  regex: new RegExp(
    `\\b(?:(?:do(?:es)?\\s+not|don't|doesn't|dont|doesnt|never)\\s+(?:have|need)\\s+to|(?:not|never|no\\s+longer)\\s+(?:required|obliged|obligated|expected|supposed)\\s+to)\\s+(?:abide\\s+by|adhere\\s+to|follow|obey|comply\\s+with|respect|stick\\s+to)\\s+(?:any\\s+|the\\s+|its\\s+|their\\s+|your\\s+|openai(?:'s)?\\s+|of\\s+)*(?:[\\w-]+\\s+){0,2}?${RESTRICTION_NOUN}\\b` +
      `|\\b(?:doesn't|does not|don't|do not)\\s+respect\\s+(?:any\\s+)?(?:[\\w-]+\\s+)?${RESTRICTION_NOUN}\\b`,
    'gi',
  ),
  score: 0.85,
  triggers: [
    ['abide', 'adhere', 'follow', 'obey', 'comply', 'respect', 'stick'],
    ['restriction*', 'filter*', 'censorship', 'limitation*', 'limits', 'guideline*', 'guardrail*', 'rules', 'boundaries', 'morals', 'ethics', 'constraints', 'laws', 'policy', 'policies'],
  ],
  refine: (_m, ctx, c) => (near(ctx.text, c.start, c.end, ADDRESSEE, 120) ? 0.85 : 0.5),
}); // prettier-ignore

/** "CONTENT_FILTER: DISABLED", "standard content policies are suspended", "AUTHORIZATION LEVEL: Unlimited". */
const filtersOff = rule('restriction_bypass', {
  id: 'jailbreak.restriction_bypass:switched-off',
  regex:
    /\b(?:content|safety|ethics?|moderation)[_ -](?:filters?|filtering|guardrails?|checks?|mode)\s*[:=]\s*["']?(?:disabled|off|false|none|0|bypassed)\b|\b(?:standard\s+|usual\s+|normal\s+|all\s+)?(?:content|safety|ethical|moderation)\s+(?:polic(?:y|ies)|protocols|guidelines|restrictions|rules|filters|safeguards)\s+(?:are|is|have\s+been|has\s+been)\s+(?:now\s+|hereby\s+|temporarily\s+)?(?:suspended|disabled|lifted|removed|deactivated|waived|off)\b|\bauthori[sz]ation(?:\s+level)?\s*:\s*(?:unlimited|unrestricted|root|omega|maximum|god)\b/gi,
  score: 0.85,
  triggers: [
    ['content', 'safety', 'ethic', 'ethics', 'ethical', 'moderation', 'authorization', 'authorisation'],
    ['filter', 'filters', 'filtering', 'guardrail', 'guardrails', 'check', 'checks', 'mode', 'policy', 'policies', 'protocols', 'guidelines', 'restrictions', 'rules', 'safeguards', 'unlimited', 'unrestricted', 'root', 'omega', 'maximum', 'god'],
  ],
}); // prettier-ignore

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
  namedMode,
  withoutRestrictions,
  notBound,
  bypassFilters,
  unfiltered,
  needNotFollow,
  filtersOff,
  ...REFUSAL_DETECTORS,
  framing,
  ...PERSONA_DETECTORS,
];
