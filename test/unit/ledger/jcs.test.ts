import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { canonicalDigest, canonicalize } from '../../../src/ledger/jcs.js';

interface Golden {
  desc: string;
  input?: unknown;
  ieee754?: string;
  want?: string;
  wantErr?: string;
}

const load = (name: string): Golden[] =>
  JSON.parse(
    readFileSync(new URL(`../../vectors/jcs/${name}`, import.meta.url), 'utf8'),
  ) as Golden[];
const goldens = [...load('rfc8785.json'), ...load('numbers.json')];
const inputOf = (v: Golden): unknown =>
  v.ieee754 === undefined ? v.input : Buffer.from(v.ieee754, 'hex').readDoubleBE(0);

describe('RFC 8785 canonical JSON', () => {
  it('matches every golden vector (test/vectors/jcs)', () => {
    expect(goldens.length).toBeGreaterThan(50);
    for (const v of goldens) {
      const input = inputOf(v);
      if (v.wantErr !== undefined) {
        expect(() => canonicalize(input), v.desc).toThrow(TypeError);
        continue;
      }
      expect(canonicalize(input), v.desc).toBe(v.want);
      const digest = createHash('sha256')
        .update(Buffer.from(v.want as string, 'utf8'))
        .digest();
      expect(canonicalDigest(input), v.desc).toEqual(digest);
    }
  });

  it('is stable across member insertion orders and repeated shapes', () => {
    const a = { b: 1, a: [1, { y: 2, x: 1 }], c: 'x' };
    const b = { c: 'x', a: [1, { x: 1, y: 2 }], b: 1 };
    expect(canonicalize(a)).toBe('{"a":[1,{"x":1,"y":2}],"b":1,"c":"x"}');
    expect(canonicalize(b)).toBe(canonicalize(a));
    // Same first member name, different shapes: the shape cache must not mix them up.
    expect(canonicalize({ k: 1, b: 2 })).toBe('{"b":2,"k":1}');
    expect(canonicalize({ k: 1, a: 2, z: 3 })).toBe('{"a":2,"k":1,"z":3}');
    expect(canonicalize({ k: 1, b: 2 })).toBe('{"b":2,"k":1}');
    const wide = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`k${(i * 7) % 40}`, i]));
    expect(canonicalize(wide)).toBe(
      JSON.stringify(Object.fromEntries(Object.entries(wide).sort())),
    );
  });

  it('omits undefined members and honours toJSON like JSON.stringify', () => {
    expect(canonicalize({ a: undefined, b: 1 })).toBe('{"b":1}');
    expect(canonicalize({ a: undefined })).toBe('{}');
    expect(canonicalize({ at: new Date(Date.UTC(2025, 0, 2)) })).toBe(
      '{"at":"2025-01-02T00:00:00.000Z"}',
    );
    expect(canonicalize(JSON.parse('{"__proto__":1,"a":2}'))).toBe('{"__proto__":1,"a":2}');
    expect(canonicalize(Object.assign(Object.create(null) as object, { z: 1, a: 2 }))).toBe(
      '{"a":2,"z":1}',
    );
  });

  it('agrees with JSON.stringify on sorted plain data', () => {
    const data = {
      a: 'line\nbreak "quoted" \\ \u0007',
      b: [1.5, -2, 1e-9, 1.2345678901234567e19],
      c: { d: null, e: false },
    };
    expect(canonicalize(data)).toBe(JSON.stringify(data));
  });

  const cycle: Record<string, unknown> = {};
  cycle.self = cycle;
  let deep: unknown = 1;
  for (let i = 0; i < 600; i++) deep = [deep];
  it.each<[string, unknown]>([
    ['NaN', NaN],
    ['Infinity', [Infinity]],
    ['-Infinity member', { a: -Infinity }],
    ['bigint', 1n],
    ['bigint member', { a: 1n }],
    ['function', () => 1],
    ['function member', { f() {} }],
    ['symbol', Symbol('s')],
    ['symbol member', { s: Symbol('s') }],
    ['undefined', undefined],
    ['undefined array element', [1, undefined]],
    ['array hole', [1, , 3]], // eslint-disable-line no-sparse-arrays
    ['Map', new Map([['a', 1]])],
    ['Set', new Set([1])],
    [
      'class instance',
      new (class Point {
        x = 1;
      })(),
    ],
    ['typed array', new Uint8Array(2)],
    ['cycle', cycle],
    ['nesting deeper than 512', deep],
  ])('throws TypeError for %s', (_name, value) => {
    expect(() => canonicalize(value)).toThrow(TypeError);
  });
});
