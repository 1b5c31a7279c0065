import { describe, expect, it } from 'vitest';
import { progressReporter } from '../../src/progress.js';

describe('progressReporter', () => {
  it('is a no-op without a callback', () => {
    expect(() => progressReporter(undefined)(1, 2, 'x')).not.toThrow();
  });

  it('passes every new phase and the final call, never a step backwards', () => {
    const calls: Array<[number, number, string]> = [];
    const report = progressReporter((...c) => calls.push(c));
    report(0, 4, 'a');
    report(1, 4, 'b');
    report(0, 4, 'c'); // backwards: dropped
    report(2, 4, 'c');
    report(4, 4, 'done');
    expect(calls).toEqual([
      [0, 4, 'a'],
      [1, 4, 'b'],
      [2, 4, 'c'],
      [4, 4, 'done'],
    ]);
  });

  it('lets the end through even right after a call of the same phase', () => {
    const calls: number[] = [];
    const report = progressReporter((done) => calls.push(done));
    for (let i = 0; i <= 1000; i++) report(i, 1000, 'scan');
    expect(calls[0]).toBe(0);
    expect(calls.at(-1)).toBe(1000);
  });
});
