import { describe, expect, it } from 'vitest';
import { csvField } from '../../../src/export/csv.js';

describe('csvField (RFC 4180)', () => {
  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['line\nbreak', '"line\nbreak"'],
    ['cr\rlf\r\n', '"cr\rlf\r\n"'],
    ['', '""'],
    ['  spaced  ', '  spaced  '],
    ['東京 🚀', '東京 🚀'],
  ])('%j -> %j', (value, want) => {
    expect(csvField(value, 'string')).toBe(want);
  });

  it('writes missing values as an empty unquoted field, and typed values plainly', () => {
    expect(csvField(null, 'string')).toBe('');
    expect(csvField(undefined, 'int64')).toBe('');
    expect(csvField(1, 'boolean')).toBe('true');
    expect(csvField(0, 'boolean')).toBe('false');
    expect(csvField(9007199254740991, 'int64')).toBe('9007199254740991');
    expect(csvField(0.85, 'double')).toBe('0.85');
    expect(csvField('{"a":"b,c"}', 'json')).toBe('"{""a"":""b,c""}"');
  });
});
