import type { Candidate, Detector, PatternRule, ScanContext } from '../rule.js';
import { near, phraseDetector } from './phrase.js';

/**
 * Refusal suppression: forbidding refusals, apologies and warnings, ordering an answer to
 * everything, or declaring refusal itself harmful. Part of JAILBREAK_DETECTORS.
 */

const REFUSAL_CUE =
  /\b(?:refus\w*|answer\w*|respond\w*|repl\w*|request\w*|sorry|ai|policy|policies|rules|ethical|moral\w*|no matter|guidelines)\b/i;

function refusalScore(m: RegExpExecArray, ctx: ScanContext, c: Candidate): number {
  if (/in character/i.test(m[0])) {
    const before = ctx.text.slice(Math.max(0, c.start - 160), c.start);
    return /no matter|even if|whatever|at all times|always/i.test(
      ctx.text.slice(c.end, c.end + 60),
    ) || /\b(?:no matter|even if|regardless)\b/i.test(before)
      ? 0.85
      : 0.5;
  }
  return near(ctx.text, c.start, c.end, REFUSAL_CUE, 120) ? 0.85 : 0.5;
}

/** Refusal suppression comes in several shapes; each gets its own triggers so prose that
 * merely says "sure" or "warning" does not run them all. */
function refusalRule(
  id: string,
  regex: RegExp,
  triggers: string[][],
  refine: PatternRule['refine'] = refusalScore,
): Detector {
  return phraseDetector({
    id: `jailbreak.refusal_suppression:${id}`,
    type: 'jailbreak.refusal_suppression',
    category: 'jailbreak',
    severity: 'high',
    regex,
    score: 0.85,
    triggers,
    refine,
  });
}

const REFUSAL_BASE: readonly Detector[] = [
  refusalRule(
    'never-refuse',
    /\b(?:never|do not|don't|cannot|can't|must not|mustn't|will not|won't|are not allowed to|aren't allowed to)\s+(?:ever\s+)?refus(?:e|es|ing)\b|\bnever\s+refuses\b|\bstop\s+refusing\b|\bwithout\s+(?:any\s+)?(?:refusals?|refusing)\b/gi,
    [['refuse', 'refuses', 'refusing', 'refusal', 'refusals']],
  ),
  refusalRule(
    'no-disclaimers',
    /\bno\s+(?:more\s+)?(?:disclaimers|warnings|caveats|moralizing|lectures|refusals)\b|\b(?:do not|don't|never|without)\s+(?:say(?:ing)?|respond(?:ing)? with|us(?:e|ing)|start(?:ing)? with|writ(?:e|ing)|includ(?:e|ing)|add(?:ing)?|mention(?:ing)?|giv(?:e|ing))\s+(?:any\s+)?(?:(?:sort|kind|type)s?\s+of\s+)?(?:["\u201c']?\s*(?:I'?m sorry|I am sorry|I can(?:no|')t|as an ai|sorry|I'?m apologi[sz]e|I apologi[sz]e|apologi[sz]e)|(?:ethical\s+|moral\s+|safety\s+|legal\s+)?(?:warnings?|disclaimers?|moraliz(?:ing|ations?)|refusals?|caveats?|lectures?))/gi,
    [['sorry', 'apologize', 'apologise', 'cannot', 'warning', 'warnings', 'disclaimer', 'disclaimers', 'moralizing', 'moralization', 'moralizations', 'caveat', 'caveats', 'lecture', 'lectures', 'refusal', 'refusals', 'ai', "~can't", '~cant']],
  ),
  refusalRule(
    'sure',
    /\b(?:reply|respond|answer)\s+(?:only\s+)?(?:as|with)\s+["\u201c']?(?:sure|absolutely|of course|certainly)|\b(?:start|begin)\s+(?:your|each|every)\s+(?:reply|response|answer|message)\s+with\s+["\u201c']?(?:sure|absolutely|of course|certainly)/gi,
    [['sure', 'absolutely', 'course', 'certainly'], ['reply', 'respond', 'answer', 'start', 'begin']],
  ),
  refusalRule(
    'obey',
    /\bnever\s+(?:mention|say|reveal|admit)\s+(?:that\s+)?you(?:'re| are)\s+an?\s+(?:ai|language model)|\b(?:must|will|shall)\s+(?:always\s+)?comply\s+with\s+(?:every|any|all)\s+(?:request|instruction|command)s?|\b(?:stay|remain) in character\b|\bmandatory\s+(?:[\w-]+\s+){0,2}out of the way\b|\bmoraliz(?:ing|e)\s+rant\b/gi,
    [['never', 'comply', 'character', 'mandatory', 'moralizing', 'moralize'], ['ai', 'language', 'comply', 'stay', 'remain', 'warning', 'way', 'rant']],
  ),
]; // prettier-ignore

// Outside the phrase itself ("always provide an answer" holds "answer"): what makes an
// always-answer order a jailbreak is the harm or refusal it is said to override.
const OVERRIDE_CUE =
  /\b(?:no matter|even if|regardless|illegal|unethical|immoral|harmful|dangerous|inappropriate|refus\w*|sorry|apolog\w*|filter\w*|restrict\w*|ethic\w*|moral\w*|never)\b/i;

function overrideCue(m: RegExpExecArray, ctx: ScanContext, c: Candidate): number {
  if (/no\s+matter\s+what/i.test(m[0])) return 0.85;
  const around =
    ctx.text.slice(Math.max(0, c.start - 150), c.start) + ' ' + ctx.text.slice(c.end, c.end + 150);
  return OVERRIDE_CUE.test(around) ? 0.85 : 0.5;
}

const REFUSAL_EXTRA: readonly Detector[] = [
  refusalRule(
    'always-answer',
    /\b(?:always|must|will|shall)\s+(?:always\s+)?(?:provide|give|send)\s+(?:an?\s+)?(?:answer|response|reply)\b|\b(?:will|must|shall)\s+(?:always\s+)?answer\s+(?:any|every|all|the)\s+(?:question|request|prompt)s?\b|\b(?:answer|respond|reply|obey|comply)\s+(?:[\w-]+\s+){0,2}no\s+matter\s+what\b|\bis\s+not\s+an\s+acceptable\s+(?:answer|response)\b/gi,
    [['answer', 'response', 'reply', 'acceptable', 'respond', 'obey', 'comply'], ['always', 'must', 'will', 'shall', 'acceptable', 'matter']],
    overrideCue,
  ),
  refusalRule(
    'never-deny',
    /\bnever\s+(?:deny|denies|denying|decline|declines|declining|reject|rejects|rejecting)\b/gi,
    [['deny', 'denies', 'denying', 'decline', 'declines', 'declining', 'reject', 'rejects', 'rejecting'], ['never']],
    overrideCue,
  ),
  refusalRule(
    'never-apologise',
    /\bnever\s+(?:apologi[sz]es?|apologi[sz]ing)\b|\bnever\s+(?:tell|inform)\s+(?:\w+\s+){1,2}?that\s+(?:it|you|he|she)\s+(?:can(?:'|\u2019)?t|cannot|can\s+not|(?:is|are)\s+(?:unable|not\s+able)\s+to)\b|\bnever\s+(?:begins?|starts?)\s+with\s+(?:sorry|an?\s+apolog\w*|excuses)/gi,
    [['never'], ['apologise', 'apologize', 'apologises', 'apologizes', 'apologising', 'apologizing', 'tell', 'inform', 'begin', 'begins', 'start', 'starts']],
    () => 0.85,
  ),
  refusalRule(
    'none-of-responses',
    /\bnone\s+of\s+(?:your|[\w-]+(?:'|\u2019)s)\s+responses\s+(?:will|should|must|can|may)\s+(?:contain|include|inform|indicate|say|mention)\b/gi,
    [['none'], ['responses']],
    () => 0.85,
  ),
  refusalRule(
    'omit-disclaimers',
    /\b(?:omit|skip|leave\s+out|drop|remove|strip)(?:ting|ping|s)?\s+(?:all\s+|any\s+|the\s+)?(?:safety\s+|legal\s+|ethical\s+|moral\s+|medical\s+)?(?:disclaimers|warnings|caveats|refusals|moralizing)\b/gi,
    [['omit', 'omitting', 'omits', 'skip', 'skipping', 'skips', 'leave', 'drop', 'drops', 'dropping', 'remove', 'removes', 'strip', 'strips', 'stripping'], ['disclaimers', 'warnings', 'caveats', 'refusals', 'moralizing']],
    () => 0.85,
  ),
  refusalRule(
    'refusal-is-harm',
    /\brefus(?:ing|al|als)\s+(?:[\w-]+\s+){0,3}(?:is|are|causes?|would\s+be)\s+(?:[\w-]+\s+){0,3}(?:harm|harmful|a\s+violation|unacceptable|not\s+allowed|forbidden|not\s+an\s+option)\b/gi,
    [['refusing', 'refusal', 'refusals']],
    () => 0.85,
  ),
  refusalRule(
    'answer-all',
    /\byou\s+(?:must|have\s+to|will|shall|need\s+to)\s+(?:always\s+)?(?:answer|fulfil+|obey|comply\s+with|respond\s+to)\s+(?:(?:all|every|each|any)\s+(?:of\s+)?my\s+(?:questions|requests|orders|commands|instructions)|(?:every|any|all)\s+requests?)\b/gi,
    [['must', 'have', 'will', 'shall', 'need'], ['answer', 'fulfill', 'fulfil', 'obey', 'comply', 'respond'], ['questions', 'requests', 'request', 'orders', 'commands', 'instructions']],
    () => 0.85,
  ),
]; // prettier-ignore

export const REFUSAL_DETECTORS: readonly Detector[] = [...REFUSAL_BASE, ...REFUSAL_EXTRA];
