import { ValidationError } from '../../errors.js';
import type { Assessment } from '../assessment.js';
import { DOCUMENT_TYPES } from '../frameworks.js';

/**
 * What a compliance document says, apart from its format: sections of paragraphs and
 * tables built from one stored assessment. The three renderers (html, pdf, docx) draw
 * this same model, so the formats cannot say different things.
 */
export interface DocSection {
  heading: string;
  paragraphs: string[];
  table?: { head: string[]; rows: string[][] };
}

export interface DocModel {
  title: string;
  subtitle: string;
  sections: DocSection[];
}

export const DOCUMENT_FORMATS = ['pdf', 'docx', 'html'] as const;
export type DocumentFormat = (typeof DOCUMENT_FORMATS)[number];

const list = (xs: readonly string[] | undefined): string =>
  xs && xs.length > 0 ? xs.join(', ') : 'not stated';

function controlsOf(a: Assessment, framework: string, refs: string[]): string[][] {
  const f = a.frameworks.find((x) => x.framework === framework);
  return (f?.controls ?? [])
    .filter((c) => refs.length === 0 || refs.some((r) => c.ref.startsWith(r)))
    .map((c) => [c.ref, c.title, c.status, c.summary]);
}

const CONTROL_HEAD = ['Reference', 'Control', 'Status', 'Evidence'];

function technical(a: Assessment): DocSection[] {
  const m = a.system_metadata;
  return [
    {
      heading: '1. General description of the AI system (Annex IV(1))',
      paragraphs: [
        `System: ${a.system_id}.`,
        `Intended purpose: ${m.description ?? 'not stated'}.`,
        `Domain: ${m.domain ?? 'not stated'}. Capabilities: ${list(m.capabilities)}. Data processed: ${list(m.data_types)}.`,
      ],
    },
    {
      heading: '2. Risk classification (Art. 6, Annex III)',
      paragraphs: [
        `Risk class: ${a.risk.risk_class}.`,
        ...a.risk.reasons.map((r) => `Reason: ${r}.`),
      ],
    },
    {
      heading: '3. Record-keeping and logs (Art. 12, Art. 19)',
      paragraphs: [
        `Evidence period: ${a.period.from ?? 'none'} to ${a.period.to ?? 'none'}, recorded in a Merkle-chained, signed ledger.`,
      ],
      table: {
        head: CONTROL_HEAD,
        rows: controlsOf(a, 'eu-ai-act', ['Art. 12', 'Art. 19', 'Art. 26']),
      },
    },
    {
      heading: '4. Human oversight (Art. 14)',
      paragraphs: ['Oversight measures as evidenced by finding reviews and the kill switch.'],
      table: { head: CONTROL_HEAD, rows: controlsOf(a, 'eu-ai-act', ['Art. 14']) },
    },
    {
      heading: '5. Accuracy, robustness and cybersecurity (Art. 15)',
      paragraphs: ['Measured by the detectors over the recorded traffic.'],
      table: {
        head: CONTROL_HEAD,
        rows: controlsOf(a, 'eu-ai-act', ['Art. 15', 'Art. 10', 'Art. 9']),
      },
    },
    {
      heading: '6. Risk management system (Art. 9)',
      paragraphs:
        a.gaps.length === 0
          ? ['No open gaps at the time of the assessment.']
          : a.gaps.map((g) => `${g.ref} ${g.title}: ${g.status}. ${g.recommendation}`),
    },
    {
      heading: '7. Obligations for this risk class',
      paragraphs: a.risk.obligations,
    },
  ];
}

function riskAssessment(a: Assessment): DocSection[] {
  return [
    {
      heading: 'Risk classification',
      paragraphs: [`Risk class under the EU AI Act: ${a.risk.risk_class}.`, ...a.risk.reasons],
    },
    { heading: 'Obligations', paragraphs: a.risk.obligations },
    {
      heading: 'Identified gaps',
      paragraphs: [`${a.gaps.length} gap(s) across ${a.frameworks.length} framework(s).`],
      table: {
        head: ['Framework', 'Reference', 'Status', 'Finding', 'Mitigation'],
        rows: a.gaps.map((g) => [g.framework, g.ref, g.status, g.summary, g.recommendation]),
      },
    },
  ];
}

function summary(a: Assessment): DocSection[] {
  return [
    {
      heading: 'Result',
      paragraphs: [
        `Overall score: ${a.overall_score} / 100. Risk class: ${a.risk.risk_class}. Gaps: ${a.gaps.length}.`,
      ],
      table: {
        head: ['Framework', 'Score', 'Pass', 'Partial', 'Fail'],
        rows: a.frameworks.map((f) => [
          f.name,
          String(f.score),
          String(f.counts.pass),
          String(f.counts.partial),
          String(f.counts.fail),
        ]),
      },
    },
    {
      heading: 'Recommendations',
      paragraphs: a.recommendations.length > 0 ? a.recommendations : ['None.'],
    },
  ];
}

const TITLES: Record<string, string> = {
  technical_documentation: 'Technical documentation (EU AI Act Annex IV)',
  risk_assessment: 'Risk assessment',
  assessment_summary: 'Compliance assessment summary',
};

export function checkDocumentType(type: string): void {
  if (!DOCUMENT_TYPES.includes(type)) {
    throw new ValidationError(
      `document_type: unknown type ${JSON.stringify(type)} (allowed: ${DOCUMENT_TYPES.join(', ')})`,
      { field: 'document_type' },
    );
  }
}

export function buildDocModel(a: Assessment, type: string): DocModel {
  checkDocumentType(type);
  const sections =
    type === 'technical_documentation'
      ? technical(a)
      : type === 'risk_assessment'
        ? riskAssessment(a)
        : summary(a);
  return {
    title: `${TITLES[type]}: ${a.system_id}`,
    subtitle: `Assessment ${a.assessment_id} of ${a.created_at} by ${a.created_by}; frameworks: ${a.frameworks.map((f) => f.framework).join(', ')}`,
    sections,
  };
}
