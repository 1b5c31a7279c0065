import { describe, expect, it } from 'vitest';
import { fillTo, scanWith } from '../../../src/detect/audit-detectors.js';
import { ADVERSARIAL_SHAPES } from '../../../src/detect/audit.js';
import { BUILTIN_DETECTORS } from '../../../src/detect/detectors/index.js';
import { createDetector } from '../../../src/detect/engine.js';
import { describeGrowth, growth } from './linearity.js';

/**
 * Issue 20: every built-in detector (its whole `scan`, not only its regexes: refine
 * callbacks, decoders, sentence walks) on 256 KB and 1 MB runs of each character class and
 * of repeated partial matches, ungated by the triggers, as a prompt and as a tool result.
 * The verdict is growth, never a raw time (linearity.ts). regex-audit.test.ts does the same
 * per pattern, checking each scan completes.
 */

const detectors = BUILTIN_DETECTORS;

describe('every built-in detector stays linear on pathological input', () => {
  it('covers the character classes and partial matches the issue names', () => {
    for (const shape of [
      'letters',
      'digits',
      'spaces',
      'punctuation',
      'at',
      'dots',
      'dashes',
      'underscores',
      'slashes',
      'equals',
      'base64 alphabet',
      'hex',
      'unicode letters',
      'cjk',
      'emoji',
      'nested brackets',
      'no spaces',
      'partial emails',
      'partial cards',
    ])
      expect(ADVERSARIAL_SHAPES, shape).toHaveProperty([shape]);
    expect(detectors.length).toBeGreaterThan(100);
  });

  for (const [shape, unit] of Object.entries(ADVERSARIAL_SHAPES)) {
    it(`on "${shape}"`, () => {
      const slow: string[] = [];
      for (const d of detectors) {
        const g = growth(
          (text) => {
            scanWith(d, text, 'prompt');
            scanWith(d, text, 'tool_result');
          },
          (bytes) => fillTo(unit, bytes),
        );
        if (g.superLinear) slow.push(`${d.id}: ${describeGrowth(g)}`);
      }
      expect(slow).toEqual([]);
    });
  }

  it('the whole engine, with its triggers, on each shape at 256 KB and 1 MB', () => {
    const detector = createDetector();
    const slow: string[] = [];
    for (const [shape, unit] of Object.entries(ADVERSARIAL_SHAPES)) {
      const g = growth(
        (text) => detector.scanEvent([{ field: 'prompt', text }]),
        (bytes) => fillTo(unit, bytes),
      );
      if (g.superLinear) slow.push(`${shape}: ${describeGrowth(g)}`);
    }
    expect(slow).toEqual([]);
  });
});

describe('the growth check itself', () => {
  it('flags a super-linear scan and passes a linear one', () => {
    // Cubic on purpose (64x from 256 KB to 1 MB), so timing noise on a busy machine cannot
    // bring it under the 10x rule the way it can bring a bare quadratic.
    const cubic = (text: string) => {
      const m = text.length >> 11;
      let n = 0;
      for (let i = 0; i < m; i++) for (let j = 0; j < m; j++) for (let k = 0; k < m; k++) n ^= k;
      return n;
    };
    const fill = (bytes: number) => 'a'.repeat(bytes);
    // A lower floor than the tests' 2 s keeps this check quick; the ratio rule is the same.
    const q = growth(cubic, fill, 20);
    expect(q.superLinear, describeGrowth(q)).toBe(true);
    const l = growth((text) => text.split('').length, fill, 20);
    expect(l.superLinear, describeGrowth(l)).toBe(false);
  });
});
