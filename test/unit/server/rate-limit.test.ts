import { describe, expect, it } from 'vitest';
import { parseRateLimit } from '../../../src/server/rate-limit.js';

describe('EVID_RATE_LIMIT', () => {
  it.each([
    [undefined, { max: 1000, windowMs: 60_000 }],
    ['', { max: 1000, windowMs: 60_000 }],
    ['250', { max: 250, windowMs: 60_000 }],
    ['1000/min', { max: 1000, windowMs: 60_000 }],
    ['50/10s', { max: 50, windowMs: 10_000 }],
    ['5/1m', { max: 5, windowMs: 60_000 }],
    ['100/h', { max: 100, windowMs: 3_600_000 }],
    ['off', { max: 0, windowMs: 60_000 }],
    ['0', { max: 0, windowMs: 60_000 }],
  ])('%s -> %o', (spec, want) => {
    expect(parseRateLimit(spec)).toEqual(want);
  });

  it.each(['lots', '-5', '10/fortnight', '1.5'])(
    '%s is a usage error naming the variable',
    (spec) => {
      expect(() => parseRateLimit(spec)).toThrow(/^EVID_RATE_LIMIT: /);
    },
  );
});
