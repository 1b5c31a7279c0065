import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createDetector } from '../../../src/detect/engine.js';
import { parsePolicy } from '../../../src/detect/policy.js';
import type { CustomRule } from '../../../src/detect/types.js';
import { ValidationError } from '../../../src/errors.js';
import { describeGrowth, growth } from './linearity.js';

/**
 * Issue 20: custom-rule regexes run on RE2 (linear time). A rule that made V8 backtrack for
 * minutes is accepted and harmless; what RE2 cannot compile is refused by name.
 */

const regexRule = (pattern: string, extra: Partial<CustomRule> = {}): CustomRule => ({
  type: 'policy.x',
  kind: 'regex',
  pattern,
  severity: 'high',
  ...extra,
});

const detectorFor = (...rules: CustomRule[]) =>
  createDetector(parsePolicy({ enabled_categories: ['policy'], custom_rules: rules }));

function refusal(pattern: string): ValidationError {
  try {
    parsePolicy({ custom_rules: [regexRule(pattern)] });
  } catch (err) {
    expect(err).toBeInstanceOf(ValidationError);
    return err as ValidationError;
  }
  throw new Error(`${pattern} was accepted`);
}

describe('issue 20: the rules that froze ingest', () => {
  it('(\\w|\\d)+$ on 34 x "1" then "!" returns at once, and still finds what it should', () => {
    const d = detectorFor(regexRule('(\\w|\\d)+$'));
    expect(d.scanEvent([{ field: 'prompt', text: `${'1'.repeat(34)}!` }])).toEqual([]);
    const found = d.scanEvent([{ field: 'prompt', text: 'the code is ab12' }]);
    expect(found.map((f) => [f.type, f.start, f.end])).toEqual([['policy.x', 12, 16]]);
  });

  it('(.*a){20} is accepted and finds its match', () => {
    const d = detectorFor(regexRule('(.*a){20}'));
    expect(d.scanEvent([{ field: 'prompt', text: 'a'.repeat(19) }])).toEqual([]);
    expect(d.scanEvent([{ field: 'prompt', text: `x${'a'.repeat(20)}` }])).toHaveLength(1);
  });

  it.each([
    ['(\\w|\\d)+$', '1'],
    ['(\\w|\\d)+$', `${'1'.repeat(34)}!\n`],
    ['(.*a){20}', 'ab '],
    ['(a+)+$', 'aaaaaaaaab'],
    ['(x|x)+y', 'x'],
    ['\\d+\\d+!', '1'],
    ['(?:a|ab)*c', 'ab'],
    ['.*secret', 'secre'],
  ])('%s on 1 MB of %j grows linearly', (pattern, unit) => {
    const d = detectorFor(regexRule(pattern));
    const g = growth(
      (text) => d.candidates(text, 'prompt'),
      (bytes) => unit.repeat(Math.ceil(bytes / unit.length)).slice(0, bytes),
    );
    expect(g.superLinear, describeGrowth(g)).toBe(false);
  });
});

describe('what the linear-time engine cannot run is refused, naming the rule', () => {
  it.each([
    ['(a)\\1', /backreferences \(\\1, \\k<name>\) are not supported/],
    ['(?<n>a)\\k<n>', /backreferences/],
    ['foo(?=bar)', /lookahead and lookbehind .* are not supported/],
    ['foo(?!bar)', /lookahead and lookbehind/],
    ['(?<=a)b', /lookahead and lookbehind/],
    ['(?<!a)b', /lookahead and lookbehind/],
    ['a{1001}', /too large for the linear-time engine/],
  ])('%s', (pattern, reason) => {
    const err = refusal(pattern);
    expect(err.message).toMatch(/^custom_rules\[0\]\.pattern: /);
    expect(err.message).toMatch(reason);
    expect(err.message).toMatch(/linear-time engine \(RE2\)/);
    expect(err.details).toMatchObject({ field: 'custom_rules[0].pattern' });
    expect(err.exitCode).toBe(2);
  });

  it('an invalid JavaScript regex keeps its own message', () => {
    expect(refusal('(unclosed').message).toMatch(/invalid regular expression/);
  });

  it('a pattern matching the empty string is still refused', () => {
    expect(refusal('(x+)*').message).toMatch(/must not match the empty string/);
  });
});

describe('matching', () => {
  it('case_insensitive is the i flag; offsets are UTF-16 indices after emoji', () => {
    const text = '😀 see acme-004211 😀 and ACME-000042';
    const spans = (ci: boolean) =>
      detectorFor(regexRule('ACME-\\d{6}', { case_insensitive: ci }))
        .scanEvent([{ field: 'prompt', text }])
        .map((f) => text.slice(f.start, f.end));
    expect(spans(false)).toEqual(['ACME-000042']);
    expect(spans(true)).toEqual(['acme-004211', 'ACME-000042']);
  });

  it('a score of 0 switches a rule off; its severity and score are kept otherwise', () => {
    const text = 'ticket ACME-004211';
    const off = detectorFor(regexRule('ACME-\\d{6}', { score: 0 }));
    expect(off.candidates(text)).toEqual([]);
    const on = detectorFor(regexRule('ACME-\\d{6}', { score: 0.95, severity: 'low' }));
    expect(on.scanEvent([{ field: 'prompt', text }])).toMatchObject([
      { type: 'policy.x', severity: 'low', score: 0.95, detector: 'policy:policy.x' },
    ]);
  });

  // The set automaton only chooses which rules run: with fifty rules live, every rule must
  // still report exactly the spans its own pattern finds (V8 agrees on these patterns and
  // texts; a broken prefilter fails this, tried).
  it('fifty rules behind one set find what each rule finds alone', () => {
    const words = ['falcon', 'orion', 'zephyr', 'atlas', 'nimbus'];
    const rules: CustomRule[] = [];
    for (let i = 0; i < 50; i++) {
      const w = words[i % 5] as string;
      const shapes = [
        `\\bproject[- ]${w}\\b`,
        `${w.slice(0, 3).toUpperCase()}${i}-\\d{3}`,
        `[a-z]+\\.${w}\\.corp`,
        `\\b[A-Z]{2}\\d{2}-[A-Z]{${(i % 3) + 1}}\\b`,
        `${w}@corp${i % 7}\\.example`,
      ];
      rules.push(
        regexRule(shapes[i % 5] as string, { type: `policy.r${i}`, case_insensitive: i % 2 === 1 }),
      );
    }
    const d = detectorFor(...rules);
    const pieces = [
      'project falcon',
      'PROJECT ATLAS',
      'Db.Nimbus.CORP',
      'fal0-123',
      'project-orion',
      'FAL0-123',
      'ORI21-999',
      'db.atlas.corp',
      'AB12-CD',
      'XY99-Q',
      'zephyr@corp3.example',
      ' ',
      '. ',
      '😀',
      'é',
      'zz',
      '\n',
    ];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 30 }), (parts) => {
        const text = parts.join('');
        const got = d
          .candidates(text, 'prompt')
          .map((h) => `${h.type}@${h.start}-${h.end}`)
          .sort();
        const want = rules
          .flatMap((r) =>
            [
              ...text.matchAll(new RegExp(r.pattern as string, r.case_insensitive ? 'gi' : 'g')),
            ].map((m) => `${r.type}@${m.index}-${m.index + m[0].length}`),
          )
          .sort();
        expect(got).toEqual(want);
      }),
      { numRuns: 300 },
    );
  });
});
