import { defineRoute } from '../../route.js';
import { complianceScoreSchema, regulationOf, reviewQuery } from './schema.js';

export const complianceOverallRoute = defineRoute({
  method: 'GET',
  url: '/api/v1/compliance/:regulation',
  summary:
    'compliance score of a regulation over every agent, with the evidence behind each control',
  description:
    'The same score as `audit compliance <regulation>`. regulation: eu-ai-act, gdpr, nist-ai-rmf, iso-42001.',
  tag: 'compliance',
  auth: 'read',
  schema: {
    params: {
      type: 'object',
      required: ['regulation'],
      properties: { regulation: { type: 'string', minLength: 1, maxLength: 64 } },
    },
    querystring: reviewQuery,
    response: {
      200: {
        ...complianceScoreSchema,
        description:
          'score 0..100, counts, controls with evidence, per-agent scores, ledger verdict',
      },
    },
  },
  async handler(req, _reply, ctx) {
    const [{ parseRegulation }, { computeCompliance }] = await Promise.all([
      import('../../../compliance/score/score.js'),
      import('../../../compliance/score/compute.js'),
    ]);
    const { regulation } = req.params as { regulation: string };
    const { review_within_days } = req.query as { review_within_days?: number };
    return computeCompliance(ctx.app, {
      regulation: regulationOf(parseRegulation, regulation),
      agent: null,
      now: new Date(),
      reviewWithinDays: review_within_days,
    });
  },
});
