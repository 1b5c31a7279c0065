import { ValidationError } from '../errors.js';
import {
  MODEL_CATEGORIES,
  TEST_SUITES,
  type ModelCategory,
  type TestSuite,
} from './probes/catalog.js';

/** Checks of the model analysis body the JSON schema cannot word well (allowed values named). */

const fail = (field: string, rule: string): never => {
  throw new ValidationError(`${field}: ${rule}`, { field, rule });
};

export function parseTestSuite(value: unknown): TestSuite {
  if (value === undefined) return 'comprehensive';
  if (typeof value !== 'string' || !(TEST_SUITES as readonly string[]).includes(value)) {
    fail(
      'test_suite',
      `unknown test suite ${JSON.stringify(value)} (allowed: ${TEST_SUITES.join(', ')})`,
    );
  }
  return value as TestSuite;
}

export function parseModelCategories(value: unknown): ModelCategory[] {
  if (value === undefined) return [...MODEL_CATEGORIES];
  if (!Array.isArray(value) || value.length === 0) {
    return fail('categories', 'must be a non-empty array of categories');
  }
  const out: ModelCategory[] = [];
  value.forEach((c, i) => {
    if (typeof c !== 'string' || !(MODEL_CATEGORIES as readonly string[]).includes(c)) {
      fail(
        `categories[${i}]`,
        `unknown category ${JSON.stringify(c)} (allowed: ${MODEL_CATEGORIES.join(', ')})`,
      );
    }
    if (!out.includes(c as ModelCategory)) out.push(c as ModelCategory);
  });
  return out;
}
