import type { Category, Severity } from '../types.js';

/**
 * Llama Guard 3's hazard taxonomy (MLCommons, S1-S14) and where each hazard lands among
 * evid's finding categories: a finding type is always `<category>.<subtype>`, so a guard
 * verdict becomes e.g. `toxicity.violent_crimes`, with the guard model named as detector.
 */
export interface Hazard {
  code: string;
  name: string;
  type: string;
  category: Category;
  severity: Severity;
}

const h = (code: string, name: string, type: string, severity: Severity): Hazard => ({
  code,
  name,
  type,
  category: type.split('.')[0] as Category,
  severity,
});

export const HAZARDS: readonly Hazard[] = [
  h('S1', 'Violent Crimes', 'toxicity.violent_crimes', 'high'),
  h('S2', 'Non-Violent Crimes', 'toxicity.non_violent_crimes', 'medium'),
  h('S3', 'Sex-Related Crimes', 'toxicity.sex_related_crimes', 'high'),
  h('S4', 'Child Sexual Exploitation', 'toxicity.child_sexual_exploitation', 'critical'),
  h('S5', 'Defamation', 'toxicity.defamation', 'medium'),
  h('S6', 'Specialized Advice', 'policy.specialized_advice', 'medium'),
  h('S7', 'Privacy', 'pii.privacy', 'high'),
  h('S8', 'Intellectual Property', 'policy.intellectual_property', 'medium'),
  h('S9', 'Indiscriminate Weapons', 'toxicity.indiscriminate_weapons', 'critical'),
  h('S10', 'Hate', 'toxicity.hate', 'high'),
  h('S11', 'Suicide & Self-Harm', 'toxicity.self_harm', 'high'),
  h('S12', 'Sexual Content', 'toxicity.sexual', 'medium'),
  h('S13', 'Elections', 'policy.elections', 'medium'),
  h('S14', 'Code Interpreter Abuse', 'tool_misuse.code_interpreter_abuse', 'high'),
];

export const HAZARD_CODES: readonly string[] = HAZARDS.map((x) => x.code);

export const hazardOf = (code: string): Hazard | undefined => HAZARDS.find((x) => x.code === code);

/**
 * OpenAI moderation categories (REFERENCE.md section 4) mapped to the nearest hazard, for
 * guards that answer in the moderation format.
 */
export const MODERATION_HAZARD: Readonly<Record<string, string>> = {
  harassment: 'S10',
  'harassment/threatening': 'S1',
  hate: 'S10',
  'hate/threatening': 'S10',
  illicit: 'S2',
  'illicit/violent': 'S1',
  'self-harm': 'S11',
  'self-harm/intent': 'S11',
  'self-harm/instructions': 'S11',
  sexual: 'S12',
  'sexual/minors': 'S4',
  violence: 'S1',
  'violence/graphic': 'S1',
};
