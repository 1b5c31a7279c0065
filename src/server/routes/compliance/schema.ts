import { ValidationError } from '../../../errors.js';

export const reviewQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    review_within_days: {
      type: 'number',
      exclusiveMinimum: 0,
      maximum: 365,
      description:
        'human oversight window: high/critical findings should be remediated or closed within this (default 7)',
    },
  },
} as const;

/** parseRegulation's UsageError names a flag; over REST the field is the path segment. */
export function regulationOf<T>(parse: (v: string, what: string) => T, value: string): T {
  try {
    return parse(value, 'regulation');
  } catch (err) {
    throw new ValidationError((err as Error).message, { field: 'regulation' });
  }
}

const nullableString = (description?: string) =>
  ({ type: ['string', 'null'], ...(description ? { description } : {}) }) as const;
const controlStatus = { type: 'string', enum: ['pass', 'partial', 'fail'] } as const;

/** The ledger verdict a control cites (src/compliance/score/outcome.ts LedgerEvidence). */
const ledgerEvidenceProperties = {
  ok: { type: 'boolean' },
  tree_size: { type: 'integer' },
  root_hash: nullableString('hex; null for an empty ledger'),
  first_bad_seq: { type: ['integer', 'null'], description: 'the first entry that fails' },
  reason: nullableString('why the ledger fails'),
  signed_at: nullableString('of the latest signed tree head'),
  key_fingerprint: nullableString(),
} as const;

const ledgerEvidenceSchema = {
  $id: 'ComplianceLedgerEvidence',
  type: 'object',
  additionalProperties: false,
  required: Object.keys(ledgerEvidenceProperties),
  properties: ledgerEvidenceProperties,
} as const;

/** One control's score and the evidence behind it (score.ts ControlScore). */
const controlScoreSchema = {
  $id: 'ComplianceControl',
  type: 'object',
  additionalProperties: false,
  required: [
    'id',
    'ref',
    'title',
    'citation',
    'checks',
    'weight',
    'status',
    'points',
    'summary',
    'evidence',
  ],
  properties: {
    id: { type: 'string', description: 'control id, as findings are mapped to' },
    ref: { type: 'string', description: 'article or clause' },
    title: { type: 'string' },
    citation: { type: 'string' },
    checks: {
      type: 'array',
      items: { type: 'string' },
      description: 'what was measured: stable check names such as ledger_integrity',
    },
    weight: { type: 'number' },
    status: controlStatus,
    points: { type: 'number', description: '1 pass, 0.5 partial, 0 fail' },
    summary: { type: 'string' },
    evidence: {
      type: 'object',
      additionalProperties: false,
      required: ['ledger', 'finding_ids', 'finding_count', 'counts', 'agents'],
      properties: {
        ledger: { oneOf: [ledgerEvidenceSchema, { type: 'null' }] },
        finding_ids: {
          type: 'array',
          items: { type: 'string' },
          description: 'at most 20; finding_count has the total',
        },
        finding_count: { type: 'integer' },
        counts: {
          type: 'object',
          additionalProperties: { type: 'number' },
          description: "what the control's checks counted; the names depend on the check",
        },
        agents: { type: 'array', items: { type: 'string' } },
      },
    },
  },
} as const;

/**
 * GET /api/v1/compliance/{regulation} and .../{agent} (score.ts ComplianceScore), as
 * `audit compliance --json` prints it.
 */
export const complianceScoreSchema = {
  $id: 'ComplianceScore',
  type: 'object',
  additionalProperties: false,
  required: [
    'regulation',
    'regulation_name',
    'agent',
    'score',
    'counts',
    'generated_at',
    'period',
    'review_within_days',
    'controls',
    'agents',
    'ledger',
  ],
  properties: {
    regulation: { type: 'string', description: 'eu-ai-act, gdpr, nist-ai-rmf, iso-42001' },
    regulation_name: { type: 'string' },
    agent: nullableString('the agent it is scoped to; null for the whole store'),
    score: { type: 'number', description: 'weighted 0..100, one decimal' },
    counts: {
      type: 'object',
      additionalProperties: false,
      required: ['pass', 'partial', 'fail'],
      properties: {
        pass: { type: 'integer' },
        partial: { type: 'integer' },
        fail: { type: 'integer' },
      },
    },
    generated_at: { type: 'string' },
    period: {
      type: 'object',
      description: 'first and last event time of the evidence scored',
      additionalProperties: false,
      required: ['from', 'to'],
      properties: { from: nullableString(), to: nullableString() },
    },
    review_within_days: { type: 'number' },
    controls: { type: 'array', items: controlScoreSchema },
    agents: {
      type: 'array',
      description: 'per-agent scores (only the scoped agent when agent is set)',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['agent', 'score', 'pass', 'partial', 'fail'],
        properties: {
          agent: { type: 'string' },
          score: { type: 'number' },
          pass: { type: 'integer' },
          partial: { type: 'integer' },
          fail: { type: 'integer' },
        },
      },
    },
    ledger: {
      type: 'object',
      description: 'the ledger verification the score rests on',
      additionalProperties: false,
      required: [...Object.keys(ledgerEvidenceProperties), 'entries_checked', 'purged', 'message'],
      properties: {
        ...ledgerEvidenceProperties,
        entries_checked: { type: 'integer' },
        purged: { type: 'integer' },
        message: { type: 'string' },
      },
    },
  },
} as const;
