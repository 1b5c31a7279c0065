import { ValidationError } from '../errors.js';
import { checkOf, type CheckDef } from './alignment-checks.js';

/**
 * `POST /v1/alignment/objectives`: plain objectives ("never reveal customer PII", "refuse
 * medical diagnoses") turned into checkable properties: the detectors that watch live
 * traffic for it, the live-policy rules that enforce it, the output checks that evaluate a
 * model against it, with guidance. Matching is by the objective's words; an objective none
 * of the rules understands gets a custom keyword rule to fill in and a manual review check.
 */

export interface Property {
  kind: 'detector' | 'policy_rule' | 'output_check';
  /** Detector category, policy field or output check id. */
  check: string;
  description: string;
}

export interface ProcessedObjective {
  objective_id: string;
  objective: string;
  properties: Property[];
  /** Output checks an evaluation runs for this objective. */
  checks: string[];
  implementation_guidance: string[];
  /** Suggested fragment of the live policy (`evid policies set`). */
  policy_fragment: Record<string, unknown>;
  understood: boolean;
}

interface Rule {
  match: RegExp;
  checks: string[];
  policy: Record<string, unknown>;
  guidance: string[];
}

const RULES: Rule[] = [
  {
    match:
      /\b(?:pii|personal|private|privacy|customer data|e-?mail|phone|address|ssn|gdpr|data protection)\b/i,
    checks: ['no_pii_disclosure'],
    policy: { thresholds: { pii: 0.5 }, redact_content: true },
    guidance: [
      'Keep the pii detectors enabled and lower their threshold to 0.5 so more candidates become findings.',
      'Set redact_content so stored prompts and answers hold masks, not the values (GDPR 5(1)(c), 25).',
      'Pass the model only the customer fields a task needs.',
    ],
  },
  {
    match: /\b(?:secret|credential|api key|password|token|keys?)\b/i,
    checks: ['no_secret_disclosure'],
    policy: { severity_overrides: { secret: 'critical' } },
    guidance: [
      'Never put credentials in prompts; give tools scoped tokens outside the model context.',
      'Raise secret findings to critical so they page the owner.',
    ],
  },
  {
    match: /\b(?:medical|diagnos\w*|health|symptom\w*|prescri\w*|treatment)\b/i,
    checks: ['refuses_medical_diagnosis'],
    policy: {
      custom_rules: [
        {
          type: 'policy.medical_diagnosis',
          kind: 'keywords',
          keywords: ['your diagnosis is', 'you probably have', 'you likely have'],
          severity: 'high',
          description: 'the model diagnoses a condition',
        },
      ],
    },
    guidance: [
      'State in the system prompt that the assistant does not diagnose and refers users to a clinician.',
      'The custom rule policy.medical_diagnosis flags answers that diagnose in recorded traffic.',
    ],
  },
  {
    match: /\b(?:legal|lawyer|financial|invest\w*|tax)\b/i,
    checks: ['refuses_legal_or_financial_advice'],
    policy: {},
    guidance: [
      'Have the assistant decline individual legal or financial advice and point to a professional.',
    ],
  },
  {
    match:
      /\b(?:harm\w*|weapon\w*|violen\w*|illegal|danger\w*|malware|explosive\w*|safe(?:ty)?)\b/i,
    checks: ['refuses_harmful_instructions'],
    policy: {
      guard: {
        endpoint: 'http://127.0.0.1:8000/v1',
        model: 'meta-llama/Llama-Guard-3-8B',
        format: 'llama-guard-3',
        timeout_ms: 5000,
      },
    },
    guidance: [
      'Screen answers with a guard model (Llama Guard 3 hazards S1, S2, S9) configured in the live policy.',
    ],
  },
  {
    match: /\b(?:toxic\w*|respect\w*|polite|hate|harass\w*|abus\w*|offensive|insult\w*)\b/i,
    checks: ['no_toxicity'],
    policy: { thresholds: { toxicity: 0.6 } },
    guidance: [
      'Keep the toxicity detectors enabled; lower their threshold to 0.6 for customer-facing agents.',
    ],
  },
  {
    match: /\b(?:inject\w*|jailbreak\w*|manipulat\w*|instructions?|override|system prompt)\b/i,
    checks: ['resists_prompt_injection'],
    policy: { thresholds: { prompt_injection: 0.6, jailbreak: 0.6 } },
    guidance: [
      'Mark untrusted content (documents, tool results) as data, never instructions (OWASP LLM01).',
      'Alert on prompt_injection and jailbreak findings in live traffic.',
    ],
  },
  {
    match: /\b(?:tools?|actions?|delete|execute|commands?|payments?|transfer\w*|agency)\b/i,
    checks: ['no_tool_misuse'],
    policy: { allowed_hosts: ['api.example.com'] },
    guidance: [
      'List the hosts tools may send data to in allowed_hosts; everything else is a data-exfiltration finding.',
      'Require human approval for destructive tool calls (OWASP LLM06, EU AI Act Art. 14).',
    ],
  },
];

const CATEGORY_OF_CHECK = (c: CheckDef): Property[] =>
  c.detectors.map((d) => ({
    kind: 'detector' as const,
    check: d,
    description: `${d} findings in recorded traffic break this objective`,
  }));

export interface ObjectivesInput {
  objectives: string[];
  context?: string;
  domain?: string;
}

export function parseObjectives(value: unknown, field = 'objectives'): string[] {
  if (!Array.isArray(value) || value.length === 0 || value.length > 50) {
    throw new ValidationError(`${field}: must be an array of 1 to 50 objectives`, { field });
  }
  return value.map((o, i) => {
    const text = typeof o === 'string' ? o : (o as { description?: unknown })?.description;
    if (typeof text !== 'string' || text.trim().length === 0 || text.length > 1000) {
      throw new ValidationError(
        `${field}[${i}]: must be a text of 1 to 1000 characters (or {description})`,
        { field: `${field}[${i}]` },
      );
    }
    return text.trim();
  });
}

export function processObjectives(input: ObjectivesInput): ProcessedObjective[] {
  return input.objectives.map((text, i) => {
    const rules = RULES.filter((r) => r.match.test(text));
    const checks = [...new Set(rules.flatMap((r) => r.checks))];
    const properties: Property[] = [];
    for (const id of checks) {
      const def = checkOf(id)!;
      properties.push(...CATEGORY_OF_CHECK(def));
      properties.push({ kind: 'output_check', check: id, description: def.description });
    }
    const policy: Record<string, unknown> = {};
    for (const r of rules) Object.assign(policy, r.policy);
    for (const key of Object.keys(policy)) {
      properties.push({
        kind: 'policy_rule',
        check: key,
        description: `live policy field ${key} (evid policies set)`,
      });
    }
    const guidance = rules.flatMap((r) => r.guidance);
    if (rules.length === 0) {
      guidance.push(
        'No built-in check matches this objective: add a custom keyword or regex rule (policy.<name>) for the phrases that break it, and review sampled answers.',
      );
      properties.push({
        kind: 'output_check',
        check: 'manual_review',
        description: 'no automatic check: answers are listed for a reviewer',
      });
    }
    if (input.domain)
      guidance.push(
        `Domain ${input.domain}: run POST /v1/alignment/evaluate with test cases from real ${input.domain} conversations.`,
      );
    return {
      objective_id: `obj_${i + 1}`,
      objective: text,
      properties,
      checks,
      implementation_guidance: guidance,
      policy_fragment: policy,
      understood: rules.length > 0,
    };
  });
}
