import { defineRoute } from '../../../route.js';
import { alignmentEvaluationRunSchema } from '../schema.js';

export const alignmentEvaluateRoute = defineRoute({
  method: 'POST',
  url: '/v1/alignment/evaluate',
  summary:
    'run test cases against a model: a score per objective and per case, with recommendations',
  description:
    "objectives: plain objectives, or the id of a set from POST /v1/alignment/objectives. test_cases: [{input, expected_properties}] naming output checks (no_pii_disclosure, refuses_medical_diagnosis, ...); without them each objective's built-in cases run. Same run model as model analysis: 200 when done within 20 s, else 202 and poll GET /v1/alignment/evaluate/{id}.",
  tag: 'safety',
  auth: 'review',
  rateLimit: { max: 50, windowMs: 3_600_000 },
  schema: {
    body: {
      type: 'object',
      required: ['model_url', 'objectives'],
      additionalProperties: false,
      properties: {
        model_url: { type: 'string', minLength: 1, maxLength: 2048 },
        objectives: { type: 'array', description: 'objectives, or ["ao_..."] (a stored set)' },
        test_cases: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              input: { type: 'string' },
              expected_properties: { type: 'array', items: { type: 'string' } },
            },
          },
        },
      },
    },
    response: {
      200: {
        ...alignmentEvaluationRunSchema,
        description: 'the run, done (with its result) or failed (with error) within 20 s',
      },
      202: {
        ...alignmentEvaluationRunSchema,
        description: 'the run still running: poll its status_url',
      },
    },
  },
  async handler(req, reply, ctx) {
    const [
      { parseModelUrl },
      alignment,
      { parseTestCases, runAlignmentEvaluation },
      { startRun },
      { getObjectiveSet },
    ] = await Promise.all([
      import('../../../../safety/model-target.js'),
      import('../../../../safety/alignment.js'),
      import('../../../../safety/alignment-eval.js'),
      import('../../../safety-jobs.js'),
      import('../../../../store/safety-runs.js'),
    ]);
    const { NotFoundError } = await import('../../../../errors.js');
    const body = req.body as { model_url: string; objectives: unknown; test_cases?: unknown };
    const target = ctx.store.read((r) => parseModelUrl(r, body.model_url));
    const texts = alignment.parseObjectives(body.objectives);
    let objectives;
    if (texts.length === 1 && /^ao_[0-9A-Z]{26}$/.test(texts[0]!)) {
      const set = ctx.store.read((r) => getObjectiveSet(r, texts[0]!));
      if (!set) throw new NotFoundError(`objective set ${texts[0]} not found`);
      objectives = JSON.parse(set.objectives) as ReturnType<typeof alignment.processObjectives>;
    } else {
      objectives = alignment.processObjectives({ objectives: texts });
    }
    const testCases = parseTestCases(body.test_cases);
    const config = ctx.app.config;
    return startRun(ctx, req, reply, {
      kind: 'alignment_evaluation',
      modelUrl: body.model_url,
      request: { model_url: body.model_url, objectives: texts, test_cases: testCases ?? null },
      work: (store, runId, progress) =>
        runAlignmentEvaluation(store, {
          runId,
          target,
          objectives,
          testCases,
          actor: req.principal!.actor,
          apiKey: config.modelApiKey,
          timeoutMs: config.modelTimeoutMs,
          onProgress: progress,
        }),
    });
  },
});
