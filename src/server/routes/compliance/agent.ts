import { defineRoute, errorAnswer } from '../../route.js';
import { complianceScoreSchema, regulationOf, reviewQuery } from './schema.js';

export const complianceAgentRoute = defineRoute({
  method: 'GET',
  url: '/api/v1/compliance/:regulation/:agent',
  summary: 'compliance score of a regulation for one agent (404 for an agent the store never saw)',
  description: 'The same score as `audit compliance <regulation> <agent>`.',
  tag: 'compliance',
  auth: 'read',
  schema: {
    params: {
      type: 'object',
      required: ['regulation', 'agent'],
      properties: {
        regulation: { type: 'string', minLength: 1, maxLength: 64 },
        agent: { type: 'string', minLength: 1, maxLength: 256 },
      },
    },
    querystring: reviewQuery,
    response: {
      200: { ...complianceScoreSchema, description: 'the score scoped to the agent' },
      404: errorAnswer('the store has never seen this agent'),
    },
  },
  async handler(req, _reply, ctx) {
    const [{ parseRegulation }, { computeCompliance }] = await Promise.all([
      import('../../../compliance/score/score.js'),
      import('../../../compliance/score/compute.js'),
    ]);
    const { regulation, agent } = req.params as { regulation: string; agent: string };
    const { review_within_days } = req.query as { review_within_days?: number };
    return computeCompliance(ctx.app, {
      regulation: regulationOf(parseRegulation, regulation),
      agent,
      now: new Date(),
      reviewWithinDays: review_within_days,
    });
  },
});
