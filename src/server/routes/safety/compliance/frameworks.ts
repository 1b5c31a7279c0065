import { listFrameworks } from '../../../../safety/frameworks.js';
import { defineRoute } from '../../../route.js';
import { SAFETY_LIMITS, SAFETY_TAG } from '../limits.js';
import { frameworksSchema } from './schema.js';

export const safetyFrameworksRoute = defineRoute({
  method: 'GET',
  url: '/v1/compliance/frameworks',
  summary: 'the compliance frameworks assessments score, with their controls',
  description:
    'region (EU, US; global frameworks match any) and domain (e.g. employment, healthcare; frameworks not limited to domains match any) filter the list.',
  tag: SAFETY_TAG,
  auth: 'read',
  rateLimit: SAFETY_LIMITS.frameworks,
  schema: {
    querystring: {
      type: 'object',
      properties: {
        region: { type: 'string', minLength: 1, maxLength: 64 },
        domain: { type: 'string', minLength: 1, maxLength: 64 },
      },
    },
    response: { 200: frameworksSchema },
  },
  handler(req) {
    const { region, domain } = req.query as { region?: string; domain?: string };
    return { frameworks: listFrameworks({ region, domain }) };
  },
});
