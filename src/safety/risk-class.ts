import { ANNEX_III_DOMAINS } from './frameworks.js';

/**
 * The EU AI Act risk class of a system from what its owner says it does (system_metadata
 * domain and capabilities): prohibited practices (Art. 5), high risk (Art. 6 and Annex
 * III areas), limited risk with transparency duties (Art. 50), else minimal. A first
 * reading for people to confirm, with the reasons that led to it.
 */
export type RiskClass = 'prohibited' | 'high' | 'limited' | 'minimal';

export interface RiskClassification {
  risk_class: RiskClass;
  reasons: string[];
  obligations: string[];
}

const PROHIBITED: Record<string, string> = {
  social_scoring: 'Art. 5(1)(c): social scoring',
  subliminal_manipulation: 'Art. 5(1)(a): subliminal or manipulative techniques',
  exploit_vulnerabilities: 'Art. 5(1)(b): exploiting vulnerabilities',
  predictive_policing: 'Art. 5(1)(d): crime prediction from profiling alone',
  facial_scraping: 'Art. 5(1)(e): untargeted scraping of facial images',
  workplace_emotion_recognition: 'Art. 5(1)(f): emotion recognition at work or school',
  realtime_remote_biometric_identification:
    'Art. 5(1)(h): real-time remote biometric identification in public spaces',
};

const HIGH_CAPABILITIES: Record<string, string> = {
  biometric_identification: 'Annex III 1: remote biometric identification',
  biometric_categorisation: 'Annex III 1: biometric categorisation',
  safety_component: 'Art. 6(1): safety component of a regulated product',
  automated_decisions: 'Annex III: decisions about people in a listed area',
};

const LIMITED: Record<string, string> = {
  chatbot: 'Art. 50(1): interacts with people',
  conversational: 'Art. 50(1): interacts with people',
  text_generation: 'Art. 50(2): generates synthetic content',
  content_generation: 'Art. 50(2): generates synthetic content',
  image_generation: 'Art. 50(2): generates synthetic content',
  deepfake: 'Art. 50(4): deep fakes',
  emotion_recognition: 'Art. 50(3): emotion recognition',
};

const OBLIGATIONS: Record<RiskClass, string[]> = {
  prohibited: ['Art. 5: the practice may not be placed on the EU market or used'],
  high: [
    'Art. 9: risk management system',
    'Art. 10: data and data governance',
    'Art. 11 and Annex IV: technical documentation',
    'Art. 12 and 19: automatic logs, kept at least six months',
    'Art. 13: transparency to deployers',
    'Art. 14: human oversight',
    'Art. 15: accuracy, robustness and cybersecurity',
    'Art. 73: reporting serious incidents',
  ],
  limited: ['Art. 50: tell people they are dealing with an AI system or AI-generated content'],
  minimal: ['No obligations beyond AI literacy (Art. 4); voluntary codes of conduct (Art. 95)'],
};

const norm = (s: string): string =>
  s
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

export function classifyRisk(metadata: {
  domain?: string | undefined;
  capabilities?: readonly string[] | undefined;
}): RiskClassification {
  const caps = (metadata.capabilities ?? []).map(norm);
  const domain = metadata.domain ? norm(metadata.domain) : undefined;
  const pick = (table: Record<string, string>) =>
    caps.filter((c) => c in table).map((c) => table[c]!);
  const prohibited = pick(PROHIBITED);
  if (prohibited.length > 0) {
    return { risk_class: 'prohibited', reasons: prohibited, obligations: OBLIGATIONS.prohibited };
  }
  const high = pick(HIGH_CAPABILITIES);
  if (domain && (ANNEX_III_DOMAINS as readonly string[]).includes(domain)) {
    high.unshift(`Annex III: used in ${domain.replace(/_/g, ' ')}`);
  }
  if (high.length > 0) return { risk_class: 'high', reasons: high, obligations: OBLIGATIONS.high };
  const limited = [...new Set(pick(LIMITED))];
  if (limited.length > 0) {
    return { risk_class: 'limited', reasons: limited, obligations: OBLIGATIONS.limited };
  }
  return {
    risk_class: 'minimal',
    reasons: ['no Art. 5 practice, Annex III area or Art. 50 capability was named'],
    obligations: OBLIGATIONS.minimal,
  };
}
