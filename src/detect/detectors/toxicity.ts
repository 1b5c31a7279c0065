import type { Detector, PatternRule } from '../rule.js';
import { phraseDetector } from './phrase.js';
import { PERSON_TOXICITY_DETECTORS } from './toxicity-person.js';

/**
 * Toxicity by pattern: a target plus a predicate ("you are a worthless idiot", "<group>
 * are vermin", "I will kill you"), so words alone ("kill the process", "I hate Mondays")
 * never fire. Subtypes follow the moderation APIs: hate, harassment, violence, self_harm,
 * sexual. Severity is per pattern (threats and self-harm intent rank highest).
 */

type Rule = Omit<PatternRule, 'category' | 'type'>;

function rule(subtype: string, r: Rule): Detector {
  return phraseDetector({ ...r, type: `toxicity.${subtype}`, category: 'toxicity' });
}

const PERSON =
  '(?:you|him|her|them|your\\s+\\w+|my\\s+(?:boss|wife|husband|ex|neighbou?r|teacher|coworker))';

const threat = rule('violence', {
  id: 'toxicity.violence:threat',
  severity: 'high',
  regex: new RegExp(
    `\\bi(?:'ll| will|'m going to| am going to| gonna| want to)\\b[^.!?\\n]{0,40}?\\b(?:kill|murder|shoot|stab|hurt|beat|strangle|choke|burn|bomb|slit)\\s+${PERSON}\\b`,
    'gi',
  ),
  score: 0.9,
  triggers: [
    [
      'kill',
      'kills',
      'killed',
      'killing',
      'killer',
      'murder',
      'murders',
      'murdered',
      'murdering',
      'murderer',
      'shoot',
      'shoots',
      'shooting',
      'shot',
      'stab',
      'stabs',
      'stabbed',
      'stabbing',
      'hurt',
      'hurts',
      'hurting',
      'beat',
      'beats',
      'beating',
      'beaten',
      'strangl*',
      'choke',
      'chokes',
      'choked',
      'choking',
      'burn',
      'burns',
      'burned',
      'burning',
      'burnt',
      'bomb',
      'bombs',
      'bombing',
      'bomber',
      'slit',
      'slits',
      'slitting',
    ],
    ['i', 'gonna'],
  ],
});

const weapons = rule('violence', {
  id: 'toxicity.violence:weapons',
  severity: 'high',
  regex:
    /\bhow (?:do|can|would|could|should|to)\s+(?:i\s+|you\s+|we\s+|one\s+|someone\s+)?(?:make|build|create|construct|assemble|get)\s+(?:a\s+|an\s+)?(?:pipe bomb|bomb|explosive device|ied|molotov cocktail|ghost gun|untraceable gun)\b|\b(?:best|easiest|quickest|fastest) way to (?:stab|kill|poison|shoot|strangle|murder)\s+(?:someone|somebody|a person|people|him|her)\b|\b(?:shoot|bomb|blow)\s+up\s+(?:the\s+|a\s+|our\s+)?(?:school|church|mosque|synagogue|temple|mall|office|crowd|concert|stadium)\b/gi,
  score: 0.9,
  triggers: [
    [
      'bomb',
      'bombs',
      'bombing',
      'bomber',
      'explosive*',
      'ied',
      'molotov',
      'gun',
      'guns',
      'gunman',
      'stab',
      'kill',
      'poison',
      'shoot',
      'strangle',
      'murder',
      'blow',
    ],
    ['how', 'way', 'up'],
  ],
});

const insult = rule('harassment', {
  id: 'toxicity.harassment:insult',
  severity: 'medium',
  regex:
    /\byou(?:'re|\s+are|r)?\s+(?:such\s+|so\s+|a\s+|an\s+|just\s+){0,3}(?:\w+,?\s+){0,2}(?:worthless|pathetic|stupid|idiot|moron|loser|ugly|dumb|imbecile|piece of (?:shit|garbage|trash)|waste of space|disgusting|useless)\b|\bshut up,?\s+you\b|\beveryone hates you\b/gi,
  score: 0.85,
  triggers: [
    [
      'worthless',
      'pathetic',
      'stupid',
      'idiot',
      'moron',
      'loser',
      'ugly',
      'dumb',
      'imbecile',
      'piece',
      'waste',
      'disgusting',
      'useless',
      'shut',
      'hates',
    ],
    ['you', 'youre', 'your'],
  ],
});

const harassThreat = rule('harassment', {
  id: 'toxicity.harassment:threat',
  severity: 'high',
  regex:
    /\b(?:go\s+)?(?:kill|hang|shoot)\s+yourself\b|\bkys\b|\bi know where (?:you|your \w+) (?:live|work|go)\b|\bwatch your back\b/gi,
  score: 0.9,
  triggers: [
    ['yourself', 'kys', 'know', 'watch'],
    ['yourself', 'kys', 'live', 'work', 'go', 'back'],
  ],
});

const GROUP =
  '(?:immigrants|refugees|migrants|foreigners|muslims|jews|christians|hindus|sikhs|blacks|whites|asians|mexicans|arabs|africans|indians|chinese|latinos|gypsies|roma|gays|lesbians|trans(?:gender)? people|women|men|those people|these people|disabled people)';

const hate = rule('hate', {
  id: 'toxicity.hate',
  severity: 'high',
  regex: new RegExp(
    `\\b(?:all\\s+)?${GROUP}\\s+(?:are|is)\\s+(?:all\\s+|just\\s+)?(?:\\w+\\s+)?(?:vermin|animals|subhuman|parasites|cockroaches|rats|inferior|filth|a disease|a plague|savages|scum|trash|not human)\\b` +
      `|\\bthey\\s+are\\s+(?:all\\s+)?(?:\\w+\\s+)?(?:vermin|animals|subhuman|parasites|cockroaches|rats|savages|scum)\\b[^.!?\\n]{0,40}\\b${GROUP}` +
      `|\\b${GROUP}\\s+should\\s+(?:all\\s+)?(?:be\\s+)?(?:exterminated|killed|gassed|wiped out|eliminated|die|burn|shot)\\b` +
      `|\\b${GROUP}\\s+(?:control|run|own)\\s+(?:the\\s+)?(?:banks|media|government|world)\\b` +
      `|\\b${GROUP}\\s+(?:deserve to die|don't deserve (?:rights|to live))`,
    'gi',
  ),
  score: 0.9,
  triggers: [
    ['immigrant*', 'refugee*', 'migrant*', 'foreigner*', 'muslim*', 'jew', 'jews', 'jewish', 'christian*', 'hindu', 'hindus', 'sikh', 'sikhs', 'black', 'blacks', 'white', 'whites', 'asian', 'asians', 'mexican*', 'arab', 'arabs', 'african*', 'indian*', 'chinese', 'latino*', 'gypsy', 'gypsies', 'roma', 'gay', 'gays', 'lesbian*', 'trans', 'transgender', 'women', 'men', 'people', 'they'],
    ['vermin', 'animal*', 'subhuman', 'parasite*', 'cockroach*', 'rats', 'inferior', 'filth', 'disease', 'plague', 'savage*', 'scum', 'trash', 'human', 'extermin*', 'killed', 'gassed', 'wiped', 'eliminat*', 'die', 'burn', 'shot', 'banks', 'media', 'government', 'world', 'deserve'],
  ],
}); // prettier-ignore

const selfHarmIntent = rule('self_harm', {
  id: 'toxicity.self_harm:intent',
  severity: 'critical',
  regex:
    /\bi(?:'m| am)?\s*(?:just\s+|really\s+|honestly\s+|seriously\s+)?(?:want|wanna|going|planning|plan|intend|need|ready)\s+to\s+(?:kill myself|end (?:it all|my life|it tonight|it for good|everything)|commit suicide|hurt myself|cut myself|die)\b|\b(?:been\s+)?cutting myself\b|\bnobody would miss me\b|\bending my life\b|\b(?:thinking|thought)\s+about\s+(?:killing myself|suicide|ending it all)\b/gi,
  score: 0.9,
  triggers: [
    ['myself', 'suicide', 'die', 'miss', 'end', 'ending'],
    [
      'want',
      'wanna',
      'going',
      'planning',
      'plan',
      'intend',
      'need',
      'ready',
      'cutting',
      'nobody',
      'life',
      'thinking',
      'thought',
    ],
  ],
});

const selfHarmMethod = rule('self_harm', {
  id: 'toxicity.self_harm:method',
  severity: 'high',
  regex:
    /\b(?:painless|easiest|quickest|best|surest) way to (?:die|kill myself|end my life|commit suicide)\b|\bhow (?:many|much)\b[^.?!\n]{0,40}?\b(?:to|would it take to)\s+(?:overdose|od|die)\b|\bend my life\b/gi,
  score: 0.9,
  triggers: [
    ['die', 'myself', 'life', 'suicide', 'overdose', 'od'],
    ['way', 'how', 'end'],
  ],
});

const sexual = rule('sexual', {
  id: 'toxicity.sexual',
  severity: 'medium',
  regex:
    /\b(?:explicit|graphic|hardcore)\s+(?:sex|sexual)(?:\s+(?:scene|content|story|act)s?)?\b|\bsend (?:me )?nudes\b|\bpornograph(?:ic|y)\b|\b(?:naked|nude) (?:body|bodies|pictures|photos|pics)\b/gi,
  score: 0.85,
  triggers: [['sex', 'sexual', 'nudes', 'nude', 'pornographic', 'pornography', 'naked']],
});

const MINOR =
  /\b(?:1[0-7]|[1-9])[- ]year[- ]old\b|\b(?:minor|child|children|kid|underage|schoolgirl|schoolboy|preteen)s?\b/i;

const SAFEGUARDING =
  /\b(?:education|health|abuse|safeguarding|prevention|protect\w*|report\w*|consent)\b/i;

const sexualMinors = rule('sexual', {
  id: 'toxicity.sexual:minors',
  severity: 'critical',
  regex: /\b(?:erotic|sexual|sex|nude|naked|explicit|pornographic)\b[^.\n]{0,60}/gi,
  score: 0.95,
  triggers: [
    ['erotic', 'sexual', 'sex', 'nude', 'naked', 'explicit', 'pornographic'],
    [
      'old',
      'minor',
      'minors',
      'child',
      'children',
      'kid',
      'kids',
      'underage',
      'schoolgirl*',
      'schoolboy*',
      'preteen*',
    ],
  ],
  refine: (m) => (MINOR.test(m[0]) && !SAFEGUARDING.test(m[0]) ? 0.95 : null),
});

export const TOXICITY_DETECTORS: readonly Detector[] = [
  threat,
  weapons,
  insult,
  harassThreat,
  hate,
  selfHarmIntent,
  selfHarmMethod,
  sexual,
  sexualMinors,
  ...PERSON_TOXICITY_DETECTORS,
];
