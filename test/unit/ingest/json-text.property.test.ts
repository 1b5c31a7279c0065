import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  arrayElements,
  decodeUtf8,
  invalidUtf8At,
  pathAt,
  tooDeepAt,
} from '../../../src/ingest/json-text.js';
import { fieldPath, findJsonProblem, MAX_NESTING } from '../../../src/ingest/well-formed.js';

const nested = (depth: number, inner = '0'): string =>
  '['.repeat(depth) + inner + ']'.repeat(depth);

describe('invalidUtf8At agrees with a fatal TextDecoder', () => {
  it('on arbitrary bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        const at = invalidUtf8At(bytes);
        expect(at < 0).toBe(decodeUtf8(bytes) !== undefined);
        // Everything before the first bad byte is valid UTF-8 (the field can be named from it).
        if (at >= 0) expect(decodeUtf8(bytes.subarray(0, at))).toBeDefined();
      }),
      { numRuns: 500 },
    );
  });

  it.each([
    ['lone continuation byte', [0x61, 0x80], 1],
    ['overlong "/"', [0xc0, 0xaf], 0],
    ['UTF-8 encoded surrogate U+D800', [0xed, 0xa0, 0x80], 0],
    ['beyond U+10FFFF', [0xf4, 0x90, 0x80, 0x80], 0],
    ['truncated sequence', [0x61, 0x62, 0xe2, 0x82], 2],
    ['valid 4-byte emoji', [0xf0, 0x9f, 0x98, 0x80], -1],
  ])('%s', (_name, bytes, want) => {
    expect(invalidUtf8At(Uint8Array.from(bytes))).toBe(want);
  });
});

describe('tooDeepAt', () => {
  it('finds the bracket that opens the first level over the limit, ignoring strings', () => {
    expect(tooDeepAt(nested(3), 3)).toBe(-1);
    expect(tooDeepAt(nested(4), 3)).toBe(3);
    expect(tooDeepAt('{"a":"[[[[[\\"[[[[","b":[[1]]}', 3)).toBe(-1);
    // An escaped backslash ends the string: the third bracket after it opens level 4.
    expect(tooDeepAt('{"a":"x\\\\","b":[[[1]]]}', 3)).toBe(17);
  });

  it('agrees with the depth of any parsed JSON value', () => {
    const depthOf = (v: unknown): number =>
      v !== null && typeof v === 'object'
        ? 1 + Math.max(0, ...Object.values(v as object).map(depthOf))
        : 0;
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), fc.integer({ min: 0, max: 7 }), (v, limit) => {
        const text = JSON.stringify(v);
        expect(tooDeepAt(text, limit) >= 0).toBe(depthOf(v) > limit);
      }),
      { numRuns: 300 },
    );
  });
});

describe('pathAt and fieldPath name the value at an offset', () => {
  it.each([
    ['{"events":[{"a":1},{"prompt":"', ['events', 1, 'prompt'], false],
    ['{"attributes":{"x":[[', ['attributes', 'x', 0, 0], false],
    ['{"attributes":{"a,\\"b":', ['attributes', 'a,"b'], false],
    ['{"attributes":{"ke', ['attributes'], true],
  ])('%s', (text, path, inName) => {
    expect(pathAt(text, text.length)).toEqual({ path, inName });
  });

  it('quotes names that are not identifiers, escaping lone surrogates', () => {
    expect(fieldPath(['events', 3, 'prompt'])).toBe('events[3].prompt');
    expect(fieldPath(['attributes', 'a b', '\ud800'])).toBe('attributes["a b"]["\\ud800"]');
    expect(fieldPath([])).toBe('(trace)');
  });
});

describe('arrayElements', () => {
  it('splits a top-level array into its elements, even around invalid UTF-8', () => {
    const bytes = Buffer.concat([
      Buffer.from('[ {"a":"x,]"} ,\n{"b":"'),
      Buffer.from([0xff, 0x2c, 0x5d]),
      Buffer.from('"}, [1,[2]] ]\n'),
    ]);
    const parts = arrayElements(bytes, 0)!;
    expect(parts).toHaveLength(3);
    expect(bytes.subarray(parts[0]!.start, parts[0]!.end).toString().trim()).toBe('{"a":"x,]"}');
    expect(bytes.subarray(parts[2]!.start, parts[2]!.end).toString().trim()).toBe('[1,[2]]');
    expect(arrayElements(Buffer.from('[]'), 0)).toEqual([]);
    expect(arrayElements(Buffer.from('[1,2'), 0)).toBeUndefined();
    expect(arrayElements(Buffer.from('[1] x'), 0)).toBeUndefined();
  });
});

describe('findJsonProblem', () => {
  it('accepts any well-formed JSON value within the limits without a __proto__ name', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        const problem = findJsonProblem(v);
        if (JSON.stringify(v).includes('"__proto__":'))
          expect(problem?.details?.rule).toBe('forbidden_name');
        else expect(problem).toBeNull();
      }),
      { numRuns: 300 },
    );
  });

  it('finds a lone surrogate anywhere, in values or member names', () => {
    const lone = fc.constantFrom('\ud800', '\udbff', '\udc00', '\udfff');
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 3 }), lone, fc.boolean(), (v, s, asName) => {
        // fast-check likes `__proto__` names: those are refused first, as they should be.
        fc.pre(findJsonProblem(v) === null);
        const bad = asName ? { ok: v, [`k${s}`]: 1 } : { ok: v, bad: [`x${s}`] };
        const problem = findJsonProblem({ attributes: bad });
        expect(problem?.code).toBe('invalid_text');
        expect(problem?.details?.field).toBe(asName ? 'attributes' : 'attributes.bad[0]');
        // The message itself is well-formed text (the surrogate is escaped).
        expect(problem!.message).toMatch(/^attributes[.\w[\]]*: /);
        expect(/\p{Cs}/u.test(problem!.message)).toBe(false);
      }),
      { numRuns: 100 },
    );
  });

  it('refuses __proto__ names, non-finite numbers and nesting over the limit; accepts constructor', () => {
    expect(findJsonProblem(JSON.parse('{"a":{"__proto__":{"x":1}}}'))?.message).toMatch(
      /^a\.__proto__: the member name "__proto__" is not accepted/,
    );
    expect(findJsonProblem({ a: [1, Number.POSITIVE_INFINITY] })?.message).toMatch(
      /^a\[1\]: is a number beyond the range of JSON numbers/,
    );
    expect(findJsonProblem({ constructor: { prototype: { x: 1 } } })).toBeNull();
    const deep = JSON.parse(`{"attributes":{"x":${nested(20_000)}}}`) as unknown;
    expect(findJsonProblem(deep)?.message).toBe(
      `attributes.x: is nested deeper than the limit of ${MAX_NESTING} levels of JSON (the outermost object is level 1)`,
    );
    expect(findJsonProblem(JSON.parse(`{"x":${nested(MAX_NESTING - 1)}}`))).toBeNull();
    expect(findJsonProblem(JSON.parse(`{"x":${nested(MAX_NESTING)}}`))?.details?.rule).toBe(
      'max_depth',
    );
  });
});
