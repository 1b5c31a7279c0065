import { describe, expect, it } from 'vitest';
import { SseRelay } from '../../../src/sources/gateway/sse-relay.js';

const STREAM = 'data: {"a":1}\n\ndata: {"b":2}\n\ndata: [DONE]\n\n';

/** Feeds the stream cut at the given offsets; returns what was passed on before rest(). */
function relay(cuts: number[]): { early: string; rest: string; data: string[] } {
  const data: string[] = [];
  const r = new SseRelay((d) => data.push(d));
  const bytes = Buffer.from(STREAM);
  let early = '';
  let from = 0;
  for (const to of [...cuts, bytes.length]) {
    early += r.take(bytes.subarray(from, to)).toString();
    from = to;
  }
  return { early, rest: r.rest().toString(), data };
}

describe('SseRelay', () => {
  it('passes every complete event on at once and holds back only [DONE], however the bytes are cut', () => {
    for (let cut = 1; cut < STREAM.length; cut++) {
      for (const cuts of [[cut], [Math.floor(cut / 2), cut]]) {
        const { early, rest, data } = relay(cuts.filter((c, i, a) => i === 0 || c > a[i - 1]!));
        expect(early + rest).toBe(STREAM);
        expect(rest.startsWith('data: [DONE]')).toBe(true);
        expect(data).toEqual(['{"a":1}', '{"b":2}', '[DONE]']);
        // Whatever arrived complete before [DONE] was not held.
        if (cut >= STREAM.indexOf('data: [DONE]'))
          expect(early).toBe(STREAM.slice(0, STREAM.indexOf('data: [DONE]')));
      }
    }
  });

  it('passes a stream without [DONE] (the Responses API) on line by line', () => {
    const r = new SseRelay(() => undefined);
    expect(r.take(Buffer.from('event: x\ndata: {"t":1}\n\nda')).toString()).toBe(
      'event: x\ndata: {"t":1}\n\n',
    );
    expect(r.take(Buffer.from('ta: {"t":2}\n\n')).toString()).toBe('data: {"t":2}\n\n');
    expect(r.rest().toString()).toBe('');
  });

  it('does not mistake [DONE] inside a payload for the end', () => {
    const r = new SseRelay(() => undefined);
    const line = 'data: {"content":"data: [DONE]"}\n\n';
    expect(r.take(Buffer.from(line)).toString()).toBe(line);
  });
});
