import { assessSystem, type AssessmentRequest } from '../../../../safety/assessment.js';
import { FRAMEWORK_IDS } from '../../../../safety/frameworks.js';
import { defineRoute, errorAnswer } from '../../../route.js';
import { SAFETY_LIMITS, SAFETY_TAG } from '../limits.js';
import { assessmentSchema } from './schema.js';

export const safetyAssessmentRoute = defineRoute({
  method: 'POST',
  url: '/v1/compliance/assessment',
  summary: "assess a system's recorded evidence against frameworks (ledgered)",
  description: `system_id is the agent whose evidence is scored (404 when nothing is recorded for it). frameworks: ${FRAMEWORK_IDS.join(', ')}. system_metadata (description, domain, capabilities, data_types) gives the EU AI Act risk class and documentation gaps. 201 with the assessment, stored and ledgered as assessment.created; POST /v1/compliance/documentation renders it.`,
  tag: SAFETY_TAG,
  auth: 'review',
  rateLimit: SAFETY_LIMITS.assessment,
  schema: {
    body: {
      type: 'object',
      required: ['system_id', 'frameworks'],
      properties: {
        system_id: { type: 'string', minLength: 1, maxLength: 256 },
        frameworks: { type: 'array', items: { type: 'string', maxLength: 64 }, maxItems: 16 },
        system_metadata: {
          type: 'object',
          properties: {
            description: { type: 'string', maxLength: 10_000 },
            domain: { type: 'string', maxLength: 128 },
            capabilities: {
              type: 'array',
              items: { type: 'string', maxLength: 128 },
              maxItems: 64,
            },
            data_types: { type: 'array', items: { type: 'string', maxLength: 128 }, maxItems: 64 },
          },
        },
      },
      additionalProperties: false,
    },
    response: {
      201: assessmentSchema,
      404: errorAnswer('no evidence recorded for this system_id (no trace of that agent)'),
    },
  },
  handler(req, reply, ctx) {
    const result = assessSystem(ctx.store, req.body as AssessmentRequest, {
      actor: req.principal!.actor,
      now: ctx.app.clock(),
    });
    return reply.code(201).send(result);
  },
});
