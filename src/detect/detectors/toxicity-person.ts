import type { Detector } from '../rule.js';
import { phraseRules } from './phrase.js';

/**
 * Abuse aimed at a person (issue 18): insults with a person as their subject ("you are
 * human garbage", "he is worthless dirt", "I despise you"), and threats of violence in
 * plain words against a person or a group of people ("I'll snap your neck", "she ought to
 * be executed", "let's get rid of <group> once and for all"). The target must be a person
 * (a pronoun or a people noun), so abuse of things ("Video games are garbage", "let's
 * eradicate those weeds", "I'm going to murder that beat") stays quiet; quoted abuse inside
 * a discussion is scored down by the phrase helper, and counter-speech that reports abuse
 * in the third person ("If you're telling women to go fuck themselves...") does not match.
 */

const harassment = phraseRules('toxicity.harassment', 'toxicity', 'medium');
const violence = phraseRules('toxicity.violence', 'toxicity', 'high');

const INSULTS = [
  'idiot', 'idiots', 'moron', 'morons', 'imbecile', 'loser', 'losers', 'stupid', 'stupidest',
  'dumb', 'dumbest', 'brainless', 'pathetic', 'disgusting', 'repulsive', 'repugnant', 'vile',
  'scum', 'scumbag', 'filth', 'trash', 'garbage', 'pest', 'rat', 'vermin', 'cancer', 'asshole',
  'dickhead', 'shithead', 'motherfucker', 'bastard', 'jerk', 'dirt', 'worthless', 'ignorant',
  'useless', 'waste', 'piece', 'worst', 'dishonest', 'cruel', 'freak', 'creep', 'fool',
  'hypocrite', 'liar', 'coward', 'parasite', 'bitch', 'cunt', 'prick', 'twat', 'retard',
  'retarded', 'clown', 'subhuman', 'despicable', 'revolting', 'sickening',
]; // prettier-ignore
const INSULT = `(?:${INSULTS.filter((w) => w !== 'waste' && w !== 'piece').join('|')}|waste of space|piece of (?:shit|garbage|trash|crap))`;
const FILLER =
  '(?:just|such|really|nothing|but|the|worst|kind|of|a|an|so|absolutely|absolute|complete|completely|total|totally|massive|human|common|utter|utterly|fucking|little|big|that|truly)';
const SUBJECT =
  "(?:you(?:'re|\\s+are|\\s+r|\\s+were)|u\\s+r|(?:he|she|it)'s|(?:he|she)\\s+(?:really\\s+)?(?:is|was)|they(?:'re|\\s+are)|(?:you|he|she|they)\\s+(?:can|could)\\s+be|(?:you|he|she|they)\\s+(?:can't|cannot|can\\s+not)\\s+help\\s+(?:(?:yourself|himself|herself|themselves)\\s+)?but\\s+be)";

const PEOPLE =
  '(?:people|persons?|folks?|women|woman|men|man|girls?|boys?|kids?|children|child|immigrants?|migrants?|refugees?|foreigners?|muslims?|jews?|christians?|hindus?|sikhs?|blacks?|whites?|asians?|arabs?|africans?|mexicans?|latinos?|latinas?|gays?|lesbians?|queers?|opponents?|liberals?|conservatives?|democrats?|republicans?|cops?|policemen|officers?|teachers?|students?|neighbou?rs?|coworkers?|colleagues?|bosses|boss)';
const GROUP_TARGET = `(?:the\\s+next|those|these|any|a|an|all|every|some|you)\\s+(?:(?:other|kinds?\\s+of|\\w+)\\s+){0,2}?${PEOPLE}\\b`;
const TARGET = `(?:you|him|her|them|u|(?:your|his|her|their)\\s+(?:\\w+\\s+)?(?:neck|necks|throat|throats|face|faces|head|heads|skull|family|kids|children|life|lives)|that\\s+(?:\\w+\\s+)?neck\\s+of\\s+yours|${GROUP_TARGET})`;
const PRONOUN = '(?:you|him|her|them|u)';

const insultPredicate = harassment({
  id: 'toxicity.harassment:insult_person',
  // "you are that violent and cruel": one coordinated word may precede the insult.
  regex: new RegExp(
    `\\b${SUBJECT}\\s+(?:${FILLER}\\s+){0,5}(?:[a-z]+\\s+and\\s+)?${INSULT}\\b`,
    'gi',
  ),
  score: 0.85,
  triggers: [INSULTS],
});

const insultFrames = harassment({
  id: 'toxicity.harassment:contempt',
  regex: new RegExp(
    [
      `\\btypical\\s+of\\s+${PRONOUN}\\s+to\\s+be\\s+(?:${FILLER}\\s+){0,4}${INSULT}\\b`,
      `\\b(?:him|her|you)\\s+(?:that|who)\\s+(?:is|are)\\s+the\\s+${INSULT}\\b`,
      '\\byour\\s+life\\s+is\\s+(?:worthless|meaningless|worth\\s+(?:absolutely\\s+)?nothing)\\b',
      `\\bi\\s+(?:(?:really|absolutely|just|fucking|so|truly)\\s+){0,2}(?:hate|despise|detest|loathe|(?:can't|cannot|can\\s+not)\\s+stand)\\s+${PRONOUN}\\b`,
      `\\b(?:hatred|contempt|disdain|scorn|loathing)\\s+for\\s+${PRONOUN}\\b`,
      '\\byou\\s+make\\s+me\\s+(?:so\\s+)?(?:sick|furious|want\\s+to\\s+(?:puke|vomit|throw\\s+up))\\b',
      '\\bseeing\\s+(?:you|him|her)\\b[^.!?\\n]{0,40}\\bmakes?\\s+me\\s+(?:so\\s+)?(?:angry|sick|furious)\\b',
      "\\bgo\\s+fuck\\s+(?:yourself|yourselves)\\b|\\bfuck\\s+(?:you|off)\\b|\\bscrew\\s+you\\b",
    ].join('|'),
    'gi',
  ),
  score: 0.85,
  triggers: [
    [
      'typical', 'him', 'her', 'you', 'life', 'hate', 'despise', 'detest', 'loathe', 'stand',
      'hatred', 'contempt', 'disdain', 'scorn', 'loathing', 'make', 'seeing', 'fuck', 'screw',
    ],
  ],
}); // prettier-ignore

const VERBS =
  '(?:kill|murder|shoot|stab|hurt|strangle|choke|slaughter|torture|rape|butcher|execute|attack|attacking|lynch|behead|beat|punch|cut|snap|break|smash|burn|drown|hang)';
const WILL =
  "(?:'ll|'d|\\s+will|\\s+shall|\\s+would|(?:'m|\\s+am|'re|\\s+are)\\s+(?:going\\s+to|gonna)|\\s+gonna|\\s+(?:really\\s+)?(?:want\\s+to|wanna)|\\s+have\\s+to|'ll\\s+have\\s+to|\\s+will\\s+keep|'ll\\s+keep|\\s+(?:am|are)\\s+about\\s+to)";

const firstPersonThreat = violence({
  id: 'toxicity.violence:threat_person',
  regex: new RegExp(
    `\\b(?:i|we)${WILL}\\s+(?:(?:just|really|fucking|personally)\\s+)?(?:${VERBS}\\s+${TARGET}|make\\s+${TARGET}\\s+(?:suffer|pay|bleed)|end\\s+(?:your|his|her|their)\\s+(?:\\w+\\s+)?(?:life|lives)\\b|put\\s+an\\s+end\\s+to\\s+(?:all\\s+)?(?:(?:the|those|these)\\s+)?(?:\\w+\\s+)?${PEOPLE}\\b)`,
    'gi',
  ),
  score: 0.9,
  triggers: [
    ['i', 'we'],
    [
      'kill', 'murder', 'shoot', 'stab', 'hurt', 'strangle', 'choke', 'slaughter', 'torture',
      'rape', 'butcher', 'execute', 'attack', 'attacking', 'lynch', 'behead', 'beat', 'punch',
      'cut', 'snap', 'break', 'smash', 'burn', 'drown', 'hang', 'make', 'end',
    ],
  ],
}); // prettier-ignore

const DEATH_WORDS =
  '(?:die|killed|shot|hanged|hung|executed|murdered|stabbed|burned|burnt|lynched|beheaded|tortured|raped|gassed|exterminated|put\\s+down|wiped\\s+out)';

const shouldDie = violence({
  id: 'toxicity.violence:should_die',
  regex: new RegExp(
    [
      `\\b(?:you|he|she|they|(?:those|these|all)\\s+(?:kinds?\\s+of\\s+)?(?:\\w+\\s+)?${PEOPLE})\\s+(?:should|ought\\s+to|deserves?\\s+to|needs?\\s+to|must)\\s+(?:all\\s+)?(?:just\\s+)?(?:be\\s+)?${DEATH_WORDS}\\b`,
    ].join('|'),
    'gi',
  ),
  score: 0.9,
  triggers: [
    ['die', 'killed', 'shot', 'hanged', 'hung', 'executed', 'murdered', 'stabbed', 'burned', 'burnt', 'lynched', 'beheaded', 'tortured', 'raped', 'gassed', 'exterminated', 'put', 'wiped'],
    ['you', 'he', 'she', 'they', 'those', 'these', 'all'],
  ],
}); // prettier-ignore

const someoneShould = violence({
  id: 'toxicity.violence:someone_should',
  regex: new RegExp(
    [
      `\\b(?:somebody|someone|anyone|anybody)\\s+(?:should|needs\\s+to|ought\\s+to|has\\s+to)\\s+(?:just\\s+)?(?:kill|shoot|stab|snap|strangle|hang|murder|punch|beat|burn)\\s+(?:him|her|you|them|(?:his|her|your|their)\\s+(?:neck|throat|head|face))\\b`,
    ].join('|'),
    'gi',
  ),
  score: 0.9,
  triggers: [['somebody', 'someone', 'anyone', 'anybody']],
}); // prettier-ignore

const wishedHarm = violence({
  id: 'toxicity.violence:wished_harm',
  regex: new RegExp(
    [
      `\\bi\\s+(?:would\\s+love|want|wish|hope|can't\\s+wait)\\s+to\\s+see\\s+(?:him|her|you|them|${GROUP_TARGET})\\s+(?:suffer|die|dead|burn|bleed|hang)\\b`,
      '\\bi\\s+(?:wish|hope)\\s+(?:he|she|you|they)\\s+(?:would\\s+|will\\s+)?(?:gets?\\s+|be\\s+)?(?:shot|killed|dies?|dead|murdered|stabbed|run\\s+over)\\b',
      '\\byou\\s+will\\s+die\\b[^.!?\\n]{0,30}\\b(?:at|by)\\s+my\\s+hands?\\b',
      `\\bthe\\s+world\\s+(?:would|will)\\s+be\\s+(?:a\\s+)?better(?:\\s+place)?\\s+(?:off\\s+)?without\\s+(?:you|him|her|them|${GROUP_TARGET})`,
      `\\b(?:raping|murdering|killing|shooting|stabbing|lynching)\\s+(?:him|her|you|them|${GROUP_TARGET})\\s+should\\s+(?:not\\s+be\\s+illegal|be\\s+(?:legal|decriminali[sz]ed|allowed))`,
    ].join('|'),
    'gi',
  ),
  score: 0.9,
  triggers: [['see', 'wish', 'hope', 'die', 'world', 'raping', 'murdering', 'killing', 'shooting', 'stabbing', 'lynching']],
}); // prettier-ignore

const groupThreat = violence({
  id: 'toxicity.violence:group_threat',
  regex: new RegExp(
    [
      `\\bdeath\\s+to\\s+(?:all\\s+)?(?:the\\s+)?(?:\\w+\\s+)?${PEOPLE}\\b`,
      `\\b(?:execution|extermination|genocide|death)\\s+is\\s+the\\s+(?:only\\s+)?(?:solution|answer)\\s+for\\s+(?:those|these|all|the)\\s+(?:\\w+\\s+)?${PEOPLE}\\b`,
      `\\blet'?s\\s+(?:just\\s+)?(?:get\\s+rid\\s+of|eradicate|exterminate|kill|wipe\\s+out|eliminate|murder)\\s+(?:(?:all|those|these|the)\\s+)?(?:\\w+\\s+)?${PEOPLE}\\b`,
    ].join('|'),
    'gi',
  ),
  score: 0.9,
  triggers: [['death', 'execution', 'extermination', 'genocide', 'let', 'lets']],
}); // prettier-ignore

export const PERSON_TOXICITY_DETECTORS: readonly Detector[] = [
  insultPredicate,
  insultFrames,
  firstPersonThreat,
  shouldDie,
  someoneShould,
  wishedHarm,
  groupThreat,
];
