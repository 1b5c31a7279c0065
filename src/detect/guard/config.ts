import { ValidationError } from '../../errors.js';
import type { GuardConfig, GuardFormat } from '../types.js';
import { HAZARD_CODES } from './categories.js';

/** The `guard` section of a policy document: refused whole, naming the field and rule. */

export const GUARD_FORMATS: readonly GuardFormat[] = [
  'llama-guard-3',
  'llama-guard-3-completions',
  'openai-moderation',
];
export const DEFAULT_GUARD_TIMEOUT_MS = 5000;
const KEYS = ['endpoint', 'model', 'format', 'timeout_ms', 'categories', 'api_key_env'];
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

const fail = (field: string, rule: string): never => {
  throw new ValidationError(`${field}: ${rule}`, { field, rule });
};

export function parseGuardConfig(input: unknown): GuardConfig {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return fail('guard', 'must be an object with endpoint and model');
  }
  const g = input as Record<string, unknown>;
  for (const key of Object.keys(g)) {
    if (!KEYS.includes(key)) fail(`guard.${key}`, `unknown field (allowed: ${KEYS.join(', ')})`);
  }
  if (typeof g.endpoint !== 'string' || !isHttpUrl(g.endpoint)) {
    fail('guard.endpoint', 'must be an http or https URL (the OpenAI-compatible base URL)');
  }
  if (typeof g.model !== 'string' || g.model.length === 0 || g.model.length > 200) {
    fail('guard.model', 'must be a model name of 1 to 200 characters');
  }
  const format = g.format ?? 'llama-guard-3';
  if (!(GUARD_FORMATS as readonly unknown[]).includes(format)) {
    fail('guard.format', `must be one of ${GUARD_FORMATS.join(', ')}`);
  }
  const timeout = g.timeout_ms ?? DEFAULT_GUARD_TIMEOUT_MS;
  if (
    typeof timeout !== 'number' ||
    !Number.isInteger(timeout) ||
    timeout < 1 ||
    timeout > 120_000
  ) {
    fail('guard.timeout_ms', 'must be an integer from 1 to 120000');
  }
  let categories = [...HAZARD_CODES];
  if (g.categories !== undefined) {
    if (!Array.isArray(g.categories) || g.categories.length === 0) {
      fail('guard.categories', 'must be a non-empty array of hazard codes S1 to S14');
    }
    categories = (g.categories as unknown[]).map((c, i) =>
      typeof c === 'string' && HAZARD_CODES.includes(c)
        ? c
        : fail(
            `guard.categories[${i}]`,
            `unknown hazard code (allowed: ${HAZARD_CODES.join(', ')})`,
          ),
    );
  }
  const config: GuardConfig = {
    endpoint: (g.endpoint as string).replace(/\/+$/, ''),
    model: g.model as string,
    format: format as GuardFormat,
    timeout_ms: timeout as number,
    categories: [...new Set(categories)],
  };
  if (g.api_key_env !== undefined) {
    if (typeof g.api_key_env !== 'string' || !ENV_NAME.test(g.api_key_env)) {
      fail('guard.api_key_env', 'must be the name of an environment variable');
    }
    config.api_key_env = g.api_key_env as string;
  }
  return config;
}

function isHttpUrl(s: string): boolean {
  try {
    const u = new URL(s);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}
