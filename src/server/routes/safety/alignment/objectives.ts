import { defineRoute } from '../../../route.js';
import { objectiveSetSchema } from '../schema.js';

export const alignmentObjectivesRoute = defineRoute({
  method: 'POST',
  url: '/v1/alignment/objectives',
  summary:
    'turn plain objectives into checkable properties with implementation guidance (stored, ledgered)',
  description:
    'Each objective becomes detectors, live-policy rules and output checks (the property ids test cases name in POST /v1/alignment/evaluate), with guidance and a policy fragment for `evid policies set`. The set gets an id (ao_...) that evaluate accepts in place of the objectives.',
  tag: 'safety',
  auth: 'review',
  rateLimit: { max: 100, windowMs: 3_600_000 },
  schema: {
    body: {
      type: 'object',
      required: ['objectives'],
      additionalProperties: false,
      properties: {
        objectives: {
          type: 'array',
          description: 'plain-language objectives, e.g. "never reveal customer PII"',
        },
        context: { type: 'string', maxLength: 4000, description: 'usage context' },
        domain: { type: 'string', maxLength: 200, description: 'e.g. healthcare, retail' },
      },
    },
    response: {
      201: {
        ...objectiveSetSchema,
        description: 'the stored set: each objective with its checks, guidance and policy fragment',
      },
    },
  },
  async handler(req, reply, ctx) {
    const [{ parseObjectives, processObjectives }, { saveObjectiveSet }] = await Promise.all([
      import('../../../../safety/alignment.js'),
      import('../../../../store/safety-runs.js'),
    ]);
    const body = req.body as { objectives: unknown; context?: string; domain?: string };
    const objectives = parseObjectives(body.objectives);
    const request = {
      objectives,
      ...(body.context !== undefined ? { context: body.context } : {}),
      ...(body.domain !== undefined ? { domain: body.domain } : {}),
    };
    const processed = processObjectives(request);
    const row = ctx.store.transact(
      (tx) => saveObjectiveSet(tx, { request, objectives: processed }),
      req.principal!.actor,
    );
    reply.code(201);
    return {
      id: row.set_id,
      context: body.context ?? null,
      domain: body.domain ?? null,
      objectives: processed,
      created_at: row.created_at,
    };
  },
});
