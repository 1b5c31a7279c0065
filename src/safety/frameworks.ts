import { REGULATIONS, type RegulationId } from '../compliance/score/regulations.js';

/**
 * The frameworks `GET /v1/compliance/frameworks` lists and assessments score: the
 * regulations the compliance engine knows, with where they apply. Region and domain are
 * filters a user asks for; a framework that applies everywhere (ISO/IEC 42001, NIST AI
 * RMF as a voluntary framework) matches every region, and none is limited by domain.
 */
export interface FrameworkInfo {
  id: RegulationId;
  name: string;
  /** Where it binds: `EU`, `US`, or `global` (voluntary, any region). */
  region: 'EU' | 'US' | 'global';
  binding: boolean;
  description: string;
  /** Domains it names specifically (EU AI Act Annex III high-risk areas); [] = any domain. */
  domains: string[];
  controls: Array<{ id: string; ref: string; title: string; citation: string; weight: number }>;
  document_types: string[];
}

/** EU AI Act Annex III areas, as plain domain words users send. */
export const ANNEX_III_DOMAINS = [
  'biometrics',
  'critical_infrastructure',
  'education',
  'employment',
  'essential_services',
  'credit',
  'insurance',
  'healthcare',
  'law_enforcement',
  'migration',
  'justice',
  'elections',
] as const;

const DETAILS: Record<
  RegulationId,
  Pick<FrameworkInfo, 'region' | 'binding' | 'description' | 'domains'>
> = {
  'eu-ai-act': {
    region: 'EU',
    binding: true,
    description:
      'Regulation (EU) 2024/1689: record-keeping, human oversight, accuracy and robustness, and for high-risk systems (Annex III) technical documentation (Annex IV) and risk management.',
    domains: [...ANNEX_III_DOMAINS],
  },
  gdpr: {
    region: 'EU',
    binding: true,
    description:
      'Regulation (EU) 2016/679: data minimisation, security of processing, storage limitation, breach notification and records of processing for personal data an AI system handles.',
    domains: [],
  },
  'nist-ai-rmf': {
    region: 'US',
    binding: false,
    description:
      'NIST AI Risk Management Framework 1.0 (voluntary): govern, map, measure and manage AI risks.',
    domains: [],
  },
  'iso-42001': {
    region: 'global',
    binding: false,
    description:
      'ISO/IEC 42001:2023, AI management systems: logging, monitoring, human oversight and incident handling controls of Annex A.',
    domains: [],
  },
};

export const DOCUMENT_TYPES = ['technical_documentation', 'risk_assessment', 'assessment_summary'];

export function listFrameworks(filter: { region?: string; domain?: string } = {}): FrameworkInfo[] {
  const region = filter.region?.trim().toLowerCase();
  const domain = filter.domain?.trim().toLowerCase();
  return (Object.keys(REGULATIONS) as RegulationId[])
    .map((id) => ({
      id,
      name: REGULATIONS[id].name,
      ...DETAILS[id],
      controls: REGULATIONS[id].controls.map(({ id: cid, ref, title, citation, weight }) => ({
        id: cid,
        ref,
        title,
        citation,
        weight,
      })),
      document_types: DOCUMENT_TYPES,
    }))
    .filter((f) => !region || f.region.toLowerCase() === region || f.region === 'global')
    .filter((f) => !domain || f.domains.length === 0 || f.domains.includes(domain));
}

export const FRAMEWORK_IDS = Object.keys(REGULATIONS) as RegulationId[];
