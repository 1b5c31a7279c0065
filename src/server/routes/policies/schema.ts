import { CATEGORIES, SEVERITIES } from '../../../detect/types.js';
import { orNull } from '../../route.js';

const category = { type: 'string', enum: [...CATEGORIES] } as const;
const severity = { type: 'string', enum: [...SEVERITIES] } as const;

/** A policy as parsePolicy returns it (src/detect/types.ts Policy): defaults filled in. */
const policySchema = {
  $id: 'Policy',
  type: 'object',
  additionalProperties: false,
  required: [
    'enabled_categories',
    'thresholds',
    'default_threshold',
    'custom_rules',
    'severity_overrides',
    'redact_content',
  ],
  properties: {
    enabled_categories: { type: 'array', items: category },
    thresholds: {
      type: 'object',
      description: 'per category, 0..1; default_threshold for the others',
      additionalProperties: false,
      properties: Object.fromEntries(CATEGORIES.map((c) => [c, { type: 'number' }])),
    },
    default_threshold: { type: 'number' },
    custom_rules: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['type', 'kind', 'severity'],
        properties: {
          type: { type: 'string', description: 'policy.<name>' },
          kind: { type: 'string', enum: ['regex', 'keywords'] },
          pattern: { type: 'string', description: 'regex rules' },
          keywords: { type: 'array', items: { type: 'string' }, description: 'keyword rules' },
          severity,
          score: { type: 'number' },
          description: { type: 'string' },
          case_insensitive: { type: 'boolean' },
        },
      },
    },
    severity_overrides: {
      type: 'object',
      description: 'finding type or category -> severity',
      additionalProperties: severity,
    },
    redact_content: { type: 'boolean' },
    allowed_hosts: { type: 'array', items: { type: 'string' } },
    guard: {
      type: 'object',
      description: 'a guard model run after the rules',
      additionalProperties: false,
      required: ['endpoint', 'model', 'format', 'timeout_ms', 'categories'],
      properties: {
        endpoint: { type: 'string' },
        model: { type: 'string' },
        format: {
          type: 'string',
          enum: ['llama-guard-3', 'llama-guard-3-completions', 'openai-moderation'],
        },
        timeout_ms: { type: 'integer' },
        categories: { type: 'array', items: { type: 'string' } },
        api_key_env: {
          type: 'string',
          description: 'the environment variable holding its key (never the key)',
        },
      },
    },
    disabled_rules: { type: 'array', items: { type: 'string' } },
    enabled_rules: {
      type: 'array',
      items: { type: 'string' },
      description: 'opt-in built-in rules switched on (secret.high_entropy); disabled_rules wins',
    },
  },
} as const;

/** GET and PUT /api/v1/policies (src/detect/live-policy.ts LivePolicy). */
export const livePolicySchema = {
  $id: 'LivePolicy',
  type: 'object',
  additionalProperties: false,
  required: ['version', 'created_at', 'actor', 'policy'],
  properties: {
    version: { type: 'integer', description: '0: the built-in default' },
    created_at: orNull('string', 'null for the default'),
    actor: orNull('string'),
    policy: policySchema,
  },
} as const;
