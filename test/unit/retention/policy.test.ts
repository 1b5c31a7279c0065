import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../../src/errors.js';
import { parseDays, shortWindowWarning } from '../../../src/retention/policy.js';

describe('parseDays', () => {
  it.each([
    [7, 7],
    [365, 365],
    ['30', 30],
    [' 183 ', 183],
  ])('accepts %j', (value, want) => {
    expect(parseDays(value)).toBe(want);
  });

  it.each([6, 366, 0, -7, 30.5, '30x', '', '1e2', true, null, undefined, [30]])(
    'refuses %j naming the range',
    (value) => {
      expect(() => parseDays(value, '--days')).toThrow(ValidationError);
      expect(() => parseDays(value, '--days')).toThrow(/^--days: must be an integer from 7 to 365/);
    },
  );
});

describe('shortWindowWarning', () => {
  it('warns under six months (183 days) citing the EU AI Act, and not from 183 on', () => {
    expect(shortWindowWarning(182)).toMatch(/EU AI Act \(Art\. 19 and 26\(6\)\)/);
    expect(shortWindowWarning(7)).not.toBeNull();
    expect(shortWindowWarning(183)).toBeNull();
    expect(shortWindowWarning(365)).toBeNull();
  });
});
