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

  it.each([
    ['=HYPERLINK("http://x","y")', `"'=HYPERLINK(""http://x"",""y"")"`],
    ["=cmd|' /C calc'!A0", "'=cmd|' /C calc'!A0"],
    ['+1', "'+1"],
    ['-5', "'-5"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tx', "'\tx"],
    ['\rx', `"'\rx"`],
    ['a=b', 'a=b'],
    [' =x', ' =x'],
  ])('neutralises formula-like text %j -> %j', (value, want) => {
    expect(csvField(value, 'string')).toBe(want);
    expect(csvField(value, 'string', { raw: true }).replace(/^"/, '').startsWith("'")).toBe(false);
  });

  it('writes numbers in number columns as numbers (never prefixed), and raw text exactly', () => {
    expect(csvField(-5, 'int64')).toBe('-5');
    expect(csvField(-0.25, 'double')).toBe('-0.25');
    expect(csvField(-3, 'int32')).toBe('-3');
    // Text that found its way into a number column is still text: neutralised.
    expect(csvField('=1+1', 'int64')).toBe("'=1+1");
    expect(csvField('=1+1', 'string', { raw: true })).toBe('=1+1');
  });
});
