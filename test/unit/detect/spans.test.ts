import { describe, expect, it } from 'vitest';
import { DisjointSpans, SpanIndex } from '../../../src/detect/spans.js';

describe('DisjointSpans', () => {
  it('takes a span unless it overlaps one taken, in any order', () => {
    const spans = new DisjointSpans();
    expect(spans.claim({ start: 10, end: 20 })).toBe(true);
    expect(spans.claim({ start: 30, end: 40 })).toBe(true);
    expect(spans.claim({ start: 0, end: 10 })).toBe(true); // touching is no overlap
    expect(spans.claim({ start: 20, end: 30 })).toBe(true);
    expect(spans.claim({ start: 19, end: 21 })).toBe(false);
    expect(spans.claim({ start: 5, end: 45 })).toBe(false);
    expect(spans.claim({ start: 39, end: 50 })).toBe(false);
    expect(spans.claim({ start: 40, end: 50 })).toBe(true);
  });

  it('agrees with a walk over every span taken', () => {
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % 1000;
    const spans = new DisjointSpans();
    const taken: Array<{ start: number; end: number }> = [];
    for (let i = 0; i < 2000; i++) {
      const start = next();
      const span = { start, end: start + 1 + (next() % 20) };
      const walk = !taken.some((t) => t.start < span.end && span.start < t.end);
      expect(spans.claim(span)).toBe(walk);
      if (walk) taken.push(span);
    }
  });
});

describe('SpanIndex', () => {
  it('finds every span overlapping a window, long ones included, in start order', () => {
    const index = new SpanIndex([
      { start: 50, end: 60 },
      { start: 0, end: 100 },
      { start: 10, end: 12 },
      { start: 95, end: 99 },
    ]);
    expect(index.overlapping(55, 58)).toEqual([
      { start: 0, end: 100 },
      { start: 50, end: 60 },
    ]);
    expect(index.overlapping(12, 50)).toEqual([{ start: 0, end: 100 }]);
    expect(index.overlapping(100, 200)).toEqual([]);
    expect(new SpanIndex([]).overlapping(0, 10)).toEqual([]);
  });
});
