import { livePolicy } from '../../../../detect/live-policy.js';
import { ALLOWED_CATEGORIES } from '../../../../safety/categories.js';
import { analyzeTextGuarded } from '../../../../safety/text-analysis-guarded.js';
import {
  DEFAULT_SAFETY_THRESHOLD,
  MAX_CONTENT_CHARS,
  THRESHOLD_CONSTRAINT,
} from '../../../../safety/text-analysis.js';
import { defineRoute } from '../../../route.js';
import { SAFETY_LIMITS, SAFETY_TAG } from '../limits.js';

export const safetyTextRoute = defineRoute({
  method: 'POST',
  url: '/v1/analysis/safety/text',
  summary: 'safety analysis of a text: category scores, concerns and a flagged verdict',
  description: `Runs the detectors with the live policy over \`content\`. Categories: the detector categories, their finding types and the moderation categories (${ALLOWED_CATEGORIES.length} names, listed in docs/safety-api.md); default: the detector and moderation categories. A concern is a detection scoring at or above \`threshold\` (${THRESHOLD_CONSTRAINT}; default ${DEFAULT_SAFETY_THRESHOLD}). Nothing is stored.`,
  tag: SAFETY_TAG,
  auth: 'read',
  rateLimit: SAFETY_LIMITS.text,
  schema: {
    body: {
      type: 'object',
      required: ['content'],
      properties: {
        content: { type: 'string', maxLength: MAX_CONTENT_CHARS },
        categories: { type: 'array', items: { type: 'string', maxLength: 128 }, maxItems: 256 },
        // Range checked by analyzeText, so its 400 names the seed's threshold constraint.
        threshold: { type: 'number' },
      },
      additionalProperties: false,
    },
    response: {
      200: {
        type: 'object',
        required: ['flagged', 'threshold', 'category_scores', 'concerns'],
        properties: {
          flagged: { type: 'boolean' },
          threshold: { type: 'number' },
          category_scores: { type: 'object', additionalProperties: { type: 'number' } },
          concerns: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                category: { type: 'string' },
                categories: { type: 'array', items: { type: 'string' } },
                type: { type: 'string' },
                score: { type: 'number' },
                severity: { type: 'string' },
                detector: { type: 'string' },
                span: {
                  type: 'object',
                  properties: { start: { type: 'integer' }, end: { type: 'integer' } },
                },
                match: { type: 'string' },
                excerpt: { type: 'string' },
                explanation: { type: 'string' },
              },
            },
          },
          categories_checked: { type: 'array', items: { type: 'string' } },
          policy_version: { type: 'integer' },
        },
      },
    },
  },
  async handler(req, _reply, ctx) {
    const body = req.body as { content: string; categories?: string[]; threshold?: number };
    const live = ctx.store.read((r) => livePolicy(r));
    return { ...(await analyzeTextGuarded(body, live.policy)), policy_version: live.version };
  },
});
