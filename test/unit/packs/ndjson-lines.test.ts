import { describe, expect, it } from 'vitest';
import { LineSplitter } from '../../../src/packs/ndjson-lines.js';

function split(chunks: Buffer[], maxLine = 1 << 20): string[] {
  const lines: string[] = [];
  const s = new LineSplitter(maxLine, (l) => lines.push(l));
  for (const c of chunks) s.push(c);
  s.end();
  return lines;
}

describe('LineSplitter', () => {
  it('gives the same lines whatever the chunk boundaries, multi-byte characters included', () => {
    const text = Buffer.from('{"a":"é"}\n{"b":"日本語"}\n\n{"c":"🙂"}\nlast', 'utf8');
    const whole = split([text]);
    expect(whole).toEqual(['{"a":"é"}', '{"b":"日本語"}', '', '{"c":"🙂"}', 'last']);
    for (let size = 1; size <= text.length; size++) {
      const chunks: Buffer[] = [];
      for (let at = 0; at < text.length; at += size) chunks.push(text.subarray(at, at + size));
      expect(split(chunks), `chunks of ${size}`).toEqual(whole);
    }
  });

  it('does not keep a reference to a chunk the stream may reuse', () => {
    const chunk = Buffer.from('abc');
    const lines: string[] = [];
    const s = new LineSplitter(100, (l) => lines.push(l));
    s.push(chunk);
    chunk.fill(0x78);
    s.push(Buffer.from('d\n'));
    expect(lines).toEqual(['abcd']);
  });

  it('refuses a line longer than its limit, whole or across chunks', () => {
    expect(() => split([Buffer.from('0123456789\n')], 5)).toThrow('longer than 5 bytes');
    expect(() => split([Buffer.from('012'), Buffer.from('345'), Buffer.from('\n')], 5)).toThrow(
      'longer than 5 bytes',
    );
    expect(split([Buffer.from('01234\n')], 5)).toEqual(['01234']);
  });
});
