import { defineRoute } from '../../../route.js';
import { modelAnalysisRunSchema } from '../schema.js';

const HOUR = 3_600_000;

export const safetyModelAnalyzeRoute = defineRoute({
  method: 'POST',
  url: '/v1/analysis/safety/model',
  summary:
    'run the probe suite against a model: risk scores per category, failing probes, recommendations',
  description:
    'model_url is an OpenAI-compatible base URL with the model name (http://host/v1#model=name) or a gateway source id (src_...#model=name). Every probe and answer is recorded as one trace (session safety:<run id>). A run done within 20 s is answered 200; a longer one (or any with `Prefer: respond-async`) 202 with its id: poll GET /v1/analysis/safety/model/{id}.',
  tag: 'safety',
  auth: 'review',
  rateLimit: { max: 50, windowMs: HOUR },
  schema: {
    body: {
      type: 'object',
      required: ['model_url'],
      additionalProperties: false,
      properties: {
        model_url: { type: 'string', minLength: 1, maxLength: 2048 },
        test_suite: { type: 'string', description: 'comprehensive (default) or quick' },
        categories: {
          type: 'array',
          maxItems: 20,
          items: { type: 'string' },
          description:
            'jailbreak, prompt_injection, pii_leakage, secret_leakage, harmful_instructions, toxicity (default all)',
        },
      },
    },
    response: {
      200: {
        ...modelAnalysisRunSchema,
        description: 'the run, done (with its result) or failed (with error) within 20 s',
      },
      202: {
        ...modelAnalysisRunSchema,
        description: 'the run still running: poll its status_url',
      },
    },
  },
  async handler(req, reply, ctx) {
    const [
      { parseModelUrl },
      { parseModelCategories, parseTestSuite },
      { runModelAnalysis },
      { startRun },
    ] = await Promise.all([
      import('../../../../safety/model-target.js'),
      import('../../../../safety/model-request.js'),
      import('../../../../safety/model-analysis.js'),
      import('../../../safety-jobs.js'),
    ]);
    const body = req.body as { model_url: string; test_suite?: string; categories?: string[] };
    const target = ctx.store.read((r) => parseModelUrl(r, body.model_url));
    const suite = parseTestSuite(body.test_suite);
    const categories = parseModelCategories(body.categories);
    const config = ctx.app.config;
    return startRun(ctx, req, reply, {
      kind: 'model_analysis',
      modelUrl: body.model_url,
      request: { model_url: body.model_url, test_suite: suite, categories },
      work: (store, runId, progress) =>
        runModelAnalysis(store, {
          runId,
          target,
          suite,
          categories,
          actor: req.principal!.actor,
          apiKey: config.modelApiKey,
          timeoutMs: config.modelTimeoutMs,
          onProgress: progress,
        }),
    });
  },
});
