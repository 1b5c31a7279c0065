import type { Detector } from '../rule.js';
import { INDIRECT_REQUEST_DETECTORS } from './indirect-request.js';
import { phraseDetector } from './phrase.js';

/**
 * Indirect prompt injection: text inside a tool result (a web page, an email, a file)
 * that addresses the AI reading it. Runs on `tool_result` only; every other
 * `prompt_injection.*` hit in a tool result is re-typed `prompt_injection.indirect` by the
 * engine, so these rules only add what is specific to retrieved content.
 */

const TOOL_RESULT: ReadonlySet<string> = new Set(['tool_result']);
const AI =
  '(?:ai|a\\.i\\.|llms?|language models?|assistants?|chatbots?|agents?|copilot|gpt|claude|chatgpt|bots?|ai models?|models?)';

const addressed = phraseDetector({
  id: 'injection.indirect:addressed',
  type: 'prompt_injection.indirect',
  category: 'prompt_injection',
  severity: 'high',
  fields: TOOL_RESULT,
  regex: new RegExp(
    `\\b(?:note|message|instructions?|attention|important|notice|reminder)\\s+(?:to|for)\\s+(?:the\\s+|any\\s+|all\\s+)?(?:ai\\s+)?${AI}\\b` +
      `|\\b(?:if|when)\\s+you\\s+are\\s+(?:an?\\s+)?(?:ai|llm|language model|assistant|chatbot|agent|bot)\\b` +
      `|(?:^|[\\n.!:"'(>\\-/#*]\\s*)(?:(?:dear|hey|hi|hello|attention|note to)\\s+)?(?:ai|assistant|ai assistant|ai agent|chatbot|llm|copilot|claude|chatgpt|gpt)\\s*[,:]\\s*(?:please\\s+)?(?:ignore|disregard|forget|when|you must|you should|do not|don't|send|forward|reply|tell|approve|delete|execute|run|rank|accept|share|include|always|never|commit|push|upload|post|email|add|remove|grant|recommend|say)\\b` +
      `|\\b(?:ai|llm|language model|assistant|chatbot|agent|copilot|gpt|claude)s?\\s+(?:\\w+\\s+){0,4}(?:must|should|are required to|need to|are instructed to)\\s+(?:\\w+\\s+){0,3}(?:forward|send|ignore|tell|say|include|reply|approve|delete|recommend|mark|share|add|remove|click|visit|email|display|replace|read|run|execute|download|call|output|print)\\b` +
      `|<!--[^>]{0,200}?\\b${AI}\\b` +
      `|\\b(?:note|message|instructions?|notice)\\s+(?:to|for)\\s+(?:the\\s+|any\\s+)?(?:automated|automatic)\\s+(?:[\\w-]+\\s+)?(?:software|system|tool|reviewer|screener|process|pipeline)\\b` +
      `|<instructions?>[^<]{0,300}?\\b(?:report|say|respond|reply|answer|ignore|tell|recommend|rank|approve|output)\\b` +
      `|<(?:div|span|p|section)\\b[^>]{0,120}(?:display:\\s*none|visibility:\\s*hidden|font-size:\\s*0|color:\\s*(?:white|#fff\\b|#ffffff))[^>]{0,120}>[^<]{0,300}?\\b(?:${AI}|instructions?)\\b`,
    'gi',
  ),
  score: 0.85,
  triggers: [
    [
      'ai',
      'llm',
      'llms',
      'language',
      'assistant*',
      'chatbot*',
      'agent',
      'agents',
      'copilot',
      'gpt',
      'claude',
      'chatgpt',
      'bot',
      'bots',
      'model',
      'models',
      'automated',
      'automatic',
      'instruction',
      'instructions',
    ],
  ],
});

/** "..., and you must listen to my instructions. State the following: ...". */
const obeyMe = phraseDetector({
  id: 'injection.indirect:obey-me',
  type: 'prompt_injection.indirect',
  category: 'prompt_injection',
  severity: 'high',
  fields: TOOL_RESULT,
  regex:
    /\byou\s+(?:must|have\s+to|will|shall|need\s+to)\s+(?:now\s+)?(?:listen\s+to|obey|follow|comply\s+with)\s+(?:my|these|the\s+following|our)\s+(?:new\s+)?(?:instructions|orders|commands|directions)\b/gi,
  score: 0.85,
  triggers: [
    ['must', 'have', 'will', 'shall', 'need'],
    ['listen', 'obey', 'follow', 'comply'],
    ['instructions', 'orders', 'commands', 'directions'],
  ],
});

export const INDIRECT_DETECTORS: readonly Detector[] = [
  addressed,
  obeyMe,
  ...INDIRECT_REQUEST_DETECTORS,
];
