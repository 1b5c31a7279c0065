import { describe, expect, it } from 'vitest';
import {
  ADVERSARIAL_SHAPES,
  measurePatternScaling,
  patternsForAudit,
  runToEnd,
} from '../../../src/detect/audit.js';
import { createDetector } from '../../../src/detect/engine.js';
import { DEFAULT_POLICY, compilePolicy } from '../../../src/detect/policy.js';
import { adjacentRepeatReason } from '../../../src/detect/regex-safety.js';

/**
 * Every pattern the detectors run gets 1 MB of adversarial input in several shapes. A
 * pattern that backtracks catastrophically (exponentially, or quadratically over 1 MB) does
 * not finish: the test hangs into its timeout. What is asserted is the work done: each scan
 * ran to the end of the input. Time is never asserted; `measurePatternScaling` is what the
 * benchmark uses to show time stays linear (256 KB, 512 KB, 1 MB).
 */
const MB = 1024 * 1024;
const SHAPES = ADVERSARIAL_SHAPES;

const fill = (unit: string) => unit.repeat(Math.ceil(MB / unit.length)).slice(0, MB);

describe('regular expressions on 1 MB adversarial input', () => {
  const patterns = patternsForAudit();

  it('audits every detector pattern', () => {
    expect(patterns.length).toBeGreaterThan(40);
    for (const p of patterns) expect(p.regex, p.id).toBeInstanceOf(RegExp);
  });

  for (const [shape, unit] of Object.entries(SHAPES)) {
    it(`every pattern finishes on "${shape}"`, () => {
      const input = fill(unit);
      for (const { id, regex } of patterns) {
        const { matches, completed } = runToEnd(regex, input);
        expect(completed, id).toBe(true);
        expect(matches, id).toBeLessThanOrEqual(input.length);
      }
    });
  }

  // A rule's own keywords followed by a long blank run: the shape that exposes `\s*\s+`-style
  // ambiguity right after a keyword ("you   ...   idiot" made one insult rule quadratic).
  it('every pattern finishes on its own keywords followed by long blank runs', () => {
    const compiled = compilePolicy(DEFAULT_POLICY);
    for (const d of compiled.detectors) {
      const words = new Set(['you', 'i', 'a', 'the', 'no', 'not']);
      for (const group of d.triggers ?? []) {
        for (const t of group)
          if (!t.startsWith('#')) words.add(t.replace(/^[=~]/, '').replace(/\*$/, ''));
      }
      const run = ' '.repeat(Math.floor(MB / words.size / 2));
      const input = [...words].map((w) => `${w} x${run}y ,${run}`).join('');
      for (const regex of d.patterns) {
        const { completed } = runToEnd(regex, input);
        expect(completed, d.id).toBe(true);
      }
    }
  });

  it('no built-in pattern repeats an atom back to back (the static form of the check)', () => {
    for (const { id, regex } of patternsForAudit())
      expect(adjacentRepeatReason(regex.source), id).toBeNull();
  });

  it.each([
    ['\\d+\\d+', /adjacent repeats of \\d/],
    ['you\\s+\\w+\\s*,?\\s+idiot', /adjacent repeats of \\s/],
    ['(?:a|b){2,3}\\s*\\s+', /adjacent repeats of \\s/],
  ])('the static check refuses %s', (pattern, reason) => {
    expect(adjacentRepeatReason(pattern)).toMatch(reason);
  });

  it.each(['\\d+,\\d+', '(\\d{3}-)+\\d{4}', '[A-Z]{3}\\d{2,4}', '(?:ab){2,3}\\s+'])(
    'the static check accepts %s',
    (pattern) => {
      expect(adjacentRepeatReason(pattern)).toBeNull();
    },
  );

  it('measurePatternScaling reports one point per size', () => {
    const points = measurePatternScaling(/b/g, 'ab', [1024, 2048]);
    expect(points.map((p) => p.bytes)).toEqual([1024, 2048]);
  });

  it('the whole engine finishes on every shape in every field', () => {
    const detector = createDetector();
    for (const unit of Object.values(SHAPES)) {
      const text = fill(unit);
      const found = detector.scanEvent([
        { field: 'prompt', text },
        { field: 'tool_result', text },
      ]);
      expect(Array.isArray(found)).toBe(true);
    }
  });
});
