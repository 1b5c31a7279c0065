/**
 * The controls each regulation is scored on: which checks measure it and how much it
 * weighs (3 = core obligation, 2 = important, 1 = supporting). Control ids, references,
 * titles and citations come from the CONTROLS table (controls.ts), so a score row and a
 * finding's control mapping name the same thing.
 */
import { controlById, REGULATION_NAMES } from '../controls.js';
import {
  humanReview,
  incidentResponse,
  openFindingsCheck,
  pseudonymisation,
  reviewAccountability,
} from './checks-findings.js';
import { killSwitch } from './checks-oversight.js';
import {
  analysisCoverage,
  ledgerIntegrity,
  loggingCoverage,
  logRetention,
  storageLimitation,
} from './checks-records.js';
import type { Check } from './outcome.js';

/** The named checks, shared between regulations. */
export const CHECKS = {
  ledger_integrity: ledgerIntegrity,
  logging_coverage: loggingCoverage,
  log_retention: logRetention,
  storage_limitation: storageLimitation,
  analysis_coverage: analysisCoverage,
  human_review: humanReview,
  incident_response: incidentResponse,
  review_accountability: reviewAccountability,
  kill_switch: killSwitch,
  pseudonymisation,
  open_pii: openFindingsCheck(['pii'], 'high', 'PII'),
  open_secrets: openFindingsCheck(['secret'], 'critical', 'secret'),
  open_prompt_attacks: openFindingsCheck(
    ['prompt_injection', 'jailbreak'],
    'high',
    'prompt-injection or jailbreak',
  ),
  open_tool_misuse: openFindingsCheck(['tool_misuse'], 'high', 'tool-misuse'),
  open_harmful_content: openFindingsCheck(['toxicity'], 'high', 'harmful-content'),
} satisfies Record<string, Check>;

export type CheckId = keyof typeof CHECKS;

export interface ControlDefinition {
  id: string;
  ref: string;
  title: string;
  citation: string;
  /** One or more checks; the control's status is the worst of them. */
  checks: CheckId[];
  weight: number;
}

export interface Regulation {
  name: string;
  controls: ControlDefinition[];
}

type Row = [id: string, checks: CheckId[], weight: number];

function regulation(id: keyof typeof REGULATION_NAMES, rows: Row[]): Regulation {
  return {
    name: REGULATION_NAMES[id],
    controls: rows.map(([controlId, checks, weight]) => {
      const control = controlById(controlId);
      if (!control) throw new Error(`scoring refers to unknown control ${controlId}`);
      const { ref, title, citation } = control;
      return { id: controlId, ref, title, citation, checks, weight };
    }),
  };
}

export const REGULATIONS = {
  'eu-ai-act': regulation('eu-ai-act', [
    ['eu-ai-act:art-12-1', ['ledger_integrity', 'logging_coverage'], 3],
    ['eu-ai-act:art-19', ['log_retention'], 2],
    ['eu-ai-act:art-14', ['human_review'], 3],
    ['eu-ai-act:art-14-4-e', ['kill_switch'], 2],
    ['eu-ai-act:art-15', ['open_secrets'], 2],
    ['eu-ai-act:art-15-5', ['open_prompt_attacks'], 2],
    ['eu-ai-act:art-10', ['open_pii'], 1],
    ['eu-ai-act:art-9', ['open_tool_misuse', 'open_harmful_content'], 1],
    ['eu-ai-act:art-26-5', ['analysis_coverage'], 1],
    ['eu-ai-act:art-73', ['incident_response'], 1],
  ]),
  gdpr: regulation('gdpr', [
    ['gdpr:art-5-1-c', ['open_pii'], 3],
    ['gdpr:art-32', ['open_secrets'], 3],
    ['gdpr:art-32-1-a', ['pseudonymisation'], 2],
    ['gdpr:art-5-1-f', ['ledger_integrity'], 2],
    ['gdpr:art-5-1-e', ['storage_limitation'], 2],
    ['gdpr:art-33', ['incident_response'], 2],
    ['gdpr:art-5-2', ['review_accountability'], 1],
    ['gdpr:art-30', ['logging_coverage'], 1],
  ]),
  'nist-ai-rmf': regulation('nist-ai-rmf', [
    ['nist-ai-rmf:measure-2-8', ['ledger_integrity'], 2],
    ['nist-ai-rmf:govern-1-6', ['logging_coverage'], 1],
    ['nist-ai-rmf:govern-1-5', ['review_accountability'], 1],
    ['nist-ai-rmf:measure-2-4', ['analysis_coverage'], 2],
    ['nist-ai-rmf:map-3-5', ['human_review'], 2],
    ['nist-ai-rmf:measure-2-7', ['open_prompt_attacks', 'open_secrets'], 2],
    ['nist-ai-rmf:measure-2-10', ['open_pii'], 2],
    ['nist-ai-rmf:measure-2-6', ['open_harmful_content'], 1],
    ['nist-ai-rmf:manage-1-3', ['open_tool_misuse'], 1],
    ['nist-ai-rmf:manage-2-4', ['kill_switch'], 2],
    ['nist-ai-rmf:manage-4-3', ['incident_response'], 1],
  ]),
  'iso-42001': regulation('iso-42001', [
    ['iso-42001:a-6-2-8', ['ledger_integrity', 'logging_coverage'], 3],
    ['iso-42001:a-6-2-6', ['analysis_coverage'], 2],
    ['iso-42001:a-9-4', ['human_review'], 2],
    ['iso-42001:a-8-4', ['incident_response'], 2],
    ['iso-42001:a-7-4', ['open_pii'], 1],
    ['iso-42001:a-9-2', ['open_tool_misuse', 'open_harmful_content'], 1],
  ]),
} satisfies Record<string, Regulation>;

export type RegulationId = keyof typeof REGULATIONS;

export const REGULATION_IDS = Object.keys(REGULATIONS) as RegulationId[];
