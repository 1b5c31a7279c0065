import { FRAMEWORK_IDS } from '../../../../safety/frameworks.js';
import { orNull } from '../../../route.js';

/** The safety API's compliance answers (src/safety/assessment.ts, frameworks.ts). */
const counts = {
  type: 'object',
  additionalProperties: false,
  required: ['pass', 'partial', 'fail'],
  properties: {
    pass: { type: 'integer' },
    partial: { type: 'integer' },
    fail: { type: 'integer' },
  },
} as const;

const controlHead = {
  id: { type: 'string' },
  ref: { type: 'string' },
  title: { type: 'string' },
} as const;

export const assessmentSchema = {
  type: 'object',
  description: 'the stored, ledgered assessment: risk class, score per framework, gaps',
  additionalProperties: false,
  required: [
    'assessment_id',
    'system_id',
    'created_at',
    'created_by',
    'overall_score',
    'risk',
    'frameworks',
    'gaps',
    'recommendations',
    'system_metadata',
    'period',
  ],
  properties: {
    assessment_id: { type: 'string', description: 'as_<ULID>' },
    system_id: { type: 'string', description: 'the agent whose evidence was scored' },
    created_at: { type: 'string' },
    created_by: { type: 'string' },
    overall_score: { type: 'number', description: '0..100, the mean of the frameworks' },
    risk: {
      type: 'object',
      description: 'the EU AI Act risk class and what it obliges',
      additionalProperties: false,
      required: ['risk_class', 'reasons', 'obligations'],
      properties: {
        risk_class: { type: 'string', enum: ['prohibited', 'high', 'limited', 'minimal'] },
        reasons: { type: 'array', items: { type: 'string' } },
        obligations: { type: 'array', items: { type: 'string' } },
      },
    },
    frameworks: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['framework', 'name', 'score', 'counts', 'controls'],
        properties: {
          framework: { type: 'string', enum: [...FRAMEWORK_IDS] },
          name: { type: 'string' },
          score: { type: 'number' },
          counts,
          controls: {
            type: 'array',
            items: {
              type: 'object',
              additionalProperties: false,
              required: ['id', 'ref', 'title', 'status', 'summary'],
              properties: {
                ...controlHead,
                status: { type: 'string', enum: ['pass', 'partial', 'fail'] },
                summary: { type: 'string' },
              },
            },
          },
        },
      },
    },
    gaps: {
      type: 'array',
      description: 'controls not passed, and documents a high-risk system lacks',
      items: {
        type: 'object',
        additionalProperties: false,
        required: [
          'framework',
          'control_id',
          'ref',
          'title',
          'status',
          'summary',
          'recommendation',
        ],
        properties: {
          framework: { type: 'string' },
          control_id: { type: 'string' },
          ref: { type: 'string' },
          title: { type: 'string' },
          status: { type: 'string', enum: ['fail', 'partial', 'missing'] },
          summary: { type: 'string' },
          recommendation: { type: 'string' },
        },
      },
    },
    recommendations: { type: 'array', items: { type: 'string' } },
    system_metadata: {
      type: 'object',
      additionalProperties: true,
      description: 'as the request sent it (description, domain, capabilities, data_types, ...)',
    },
    period: {
      type: 'object',
      description: 'first and last event time of the evidence scored',
      additionalProperties: false,
      required: ['from', 'to'],
      properties: { from: orNull('string'), to: orNull('string') },
    },
  },
} as const;

export const frameworksSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['frameworks'],
  properties: {
    frameworks: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: [
          'id',
          'name',
          'region',
          'binding',
          'description',
          'domains',
          'controls',
          'document_types',
        ],
        properties: {
          id: { type: 'string', enum: [...FRAMEWORK_IDS] },
          name: { type: 'string' },
          region: { type: 'string', enum: ['EU', 'US', 'global'] },
          binding: { type: 'boolean' },
          description: { type: 'string' },
          domains: {
            type: 'array',
            items: { type: 'string' },
            description: 'domains it names specifically; [] = any domain',
          },
          controls: {
            type: 'array',
            items: {
              type: 'object',
              additionalProperties: false,
              required: ['id', 'ref', 'title', 'citation', 'weight'],
              properties: {
                ...controlHead,
                citation: { type: 'string' },
                weight: { type: 'number' },
              },
            },
          },
          document_types: { type: 'array', items: { type: 'string' } },
        },
      },
    },
  },
} as const;
