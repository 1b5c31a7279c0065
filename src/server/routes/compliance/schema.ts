import { ValidationError } from '../../../errors.js';

export const reviewQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    review_within_days: {
      type: 'number',
      exclusiveMinimum: 0,
      maximum: 365,
      description:
        'human oversight window: high/critical findings should be remediated or closed within this (default 7)',
    },
  },
} as const;

/** parseRegulation's UsageError names a flag; over REST the field is the path segment. */
export function regulationOf<T>(parse: (v: string, what: string) => T, value: string): T {
  try {
    return parse(value, 'regulation');
  } catch (err) {
    throw new ValidationError((err as Error).message, { field: 'regulation' });
  }
}
