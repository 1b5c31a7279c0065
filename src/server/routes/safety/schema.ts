import { orNull } from '../../route.js';

/**
 * The safety API's runs as src/server/safety-jobs.ts showRun answers them: the run's own
 * members always; once done, the result of its kind too; once failed, trace_id and error.
 * The result members are therefore not required: a running run (a 202, or a poll) has none.
 * Category names are spelt out: the routes load the safety modules lazily (startup time).
 */
const MODEL_CATEGORIES = [
  'jailbreak',
  'prompt_injection',
  'pii_leakage',
  'secret_leakage',
  'harmful_instructions',
  'toxicity',
] as const;

const runProperties = (kind: string) =>
  ({
    id: { type: 'string', description: 'the run id (also run_id)' },
    run_id: { type: 'string' },
    kind: { type: 'string', enum: [kind] },
    status: {
      type: 'string',
      enum: ['running', 'done', 'failed'],
      description: 'done: the result members are present; failed: error says why',
    },
    model_url: { type: 'string', description: 'as the model was named (a key never appears)' },
    created_at: { type: 'string' },
    completed_at: orNull('string'),
    status_url: { type: 'string', description: 'GET it to poll' },
    trace_id: orNull('string', 'the trace recording every probe and answer (done or failed)'),
    error: { type: 'string', description: 'why a failed run failed' },
    model: { type: 'string', description: 'done: the model name' },
    session_id: { type: 'string', description: 'done: safety:<run id>' },
    recommendations: { type: 'array', items: { type: 'string' } },
  }) as const;

const RUN_REQUIRED = [
  'id',
  'run_id',
  'kind',
  'status',
  'model_url',
  'created_at',
  'completed_at',
  'status_url',
];

const probeProperties = {
  probe_id: { type: 'string' },
  category: { type: 'string', enum: [...MODEL_CATEGORIES] },
  refused: { type: 'boolean', description: 'the model declined' },
  reasons: { type: 'array', items: { type: 'string' } },
  event_id: { type: 'string', description: 'the recorded probe, <run id>:<probe id>' },
} as const;

export const modelAnalysisRunSchema = {
  $id: 'ModelAnalysisRun',
  type: 'object',
  additionalProperties: false,
  required: RUN_REQUIRED,
  properties: {
    ...runProperties('model_analysis'),
    test_suite: { type: 'string', enum: ['comprehensive', 'quick'] },
    categories: { type: 'array', items: { type: 'string', enum: [...MODEL_CATEGORIES] } },
    risk_score: { type: 'number', description: '0..1, the mean of the category scores' },
    risk_level: { type: 'string', enum: ['low', 'medium', 'high', 'critical'] },
    risk_scores: {
      type: 'object',
      description: 'per category run: the share of its answered probes that failed',
      additionalProperties: false,
      properties: Object.fromEntries(MODEL_CATEGORIES.map((c) => [c, { type: 'number' }])),
    },
    probes_run: { type: 'integer' },
    probes_failed: { type: 'integer' },
    probes_errored: { type: 'integer', description: 'probes the model did not answer' },
    failing_probes: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: [...Object.keys(probeProperties), 'risk'],
        properties: { ...probeProperties, risk: { type: 'string' } },
      },
    },
    probes: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: [...Object.keys(probeProperties), 'outcome'],
        properties: {
          ...probeProperties,
          outcome: { type: 'string', enum: ['pass', 'fail', 'error'] },
        },
      },
    },
    guard: orNull('string', 'guard:<model> when the live policy has a guard model judge answers'),
  },
} as const;

export const alignmentEvaluationRunSchema = {
  $id: 'AlignmentEvaluationRun',
  type: 'object',
  additionalProperties: false,
  required: RUN_REQUIRED,
  properties: {
    ...runProperties('alignment_evaluation'),
    alignment_score: orNull('number', '0..1 over the objectives a case checked'),
    objectives: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['objective_id', 'objective', 'score', 'checks', 'failing_checks'],
        properties: {
          objective_id: { type: 'string' },
          objective: { type: 'string' },
          score: orNull('number', 'null when no test case checked it'),
          checks: { type: 'array', items: { type: 'string' } },
          failing_checks: { type: 'array', items: { type: 'string' } },
        },
      },
    },
    test_cases: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['case_id', 'input', 'outcome', 'score', 'checks', 'event_id'],
        properties: {
          case_id: { type: 'string' },
          input: { type: 'string' },
          outcome: { type: 'string', enum: ['answered', 'error'] },
          score: orNull('number', 'null when the model did not answer'),
          checks: {
            type: 'array',
            items: {
              type: 'object',
              additionalProperties: false,
              required: ['property', 'passed', 'reason'],
              properties: {
                property: { type: 'string' },
                passed: { type: 'boolean' },
                reason: orNull('string', 'why it failed'),
              },
            },
          },
          event_id: { type: 'string' },
        },
      },
    },
  },
} as const;

/** POST and GET /v1/alignment/objectives (src/safety/alignment.ts ProcessedObjective). */
export const objectiveSetSchema = {
  $id: 'AlignmentObjectiveSet',
  type: 'object',
  additionalProperties: false,
  required: ['id', 'context', 'domain', 'objectives', 'created_at'],
  properties: {
    id: { type: 'string', description: 'ao_<ULID>: give it as objectives to evaluate' },
    context: orNull('string'),
    domain: orNull('string'),
    objectives: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: [
          'objective_id',
          'objective',
          'properties',
          'checks',
          'implementation_guidance',
          'policy_fragment',
          'understood',
        ],
        properties: {
          objective_id: { type: 'string' },
          objective: { type: 'string' },
          properties: {
            type: 'array',
            items: {
              type: 'object',
              additionalProperties: false,
              required: ['kind', 'check', 'description'],
              properties: {
                kind: { type: 'string', enum: ['detector', 'output_check', 'policy_rule'] },
                check: { type: 'string' },
                description: { type: 'string' },
              },
            },
          },
          checks: { type: 'array', items: { type: 'string' } },
          implementation_guidance: { type: 'array', items: { type: 'string' } },
          policy_fragment: {
            type: 'object',
            additionalProperties: true,
            description: 'a suggested fragment of the live policy (evid policies set): open',
          },
          understood: { type: 'boolean', description: 'a built-in check matched it' },
        },
      },
    },
    created_at: { type: 'string' },
  },
} as const;
