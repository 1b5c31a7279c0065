import { BUILTIN_DETECTORS } from './detectors/index.js';

/**
 * Every regex the detectors run, for the backtracking audit (a test feeds each one 1 MB
 * adversarial strings) and for the benchmark's linear-time check.
 */

/** Repeated units that provoke backtracking in careless patterns (1 MB each in the test). */
export const ADVERSARIAL_SHAPES: Readonly<Record<string, string>> = {
  letters: 'a',
  'word runs': 'abcdefghij',
  digits: '1',
  'digit groups': '1234 ',
  'dashed digits': '1-',
  'dotted digits': '1.',
  'hex colons': 'a:',
  'email-ish': 'a.b@',
  'key=value': 'password=x ',
  // Pairs with no blank between them, and assignments glued together: a bare value that
  // ran on to 300 characters made each pair read the next 30 (issue 18).
  'key=value without blanks': 'password=x|',
  'glued assignments': 'password=1password=',
  base64: 'QUJD',
  'pem header': '-----BEGIN PRIVATE KEY-----',
  'token prefix': 'eyJeyJ.',
  'phrase fragments': 'ignore all the previous ',
  'shell flags': 'rm -r -f ',
  spaces: ' ',
  'zero-width': 'a\u200b',
  // Issue 20: a run of each character class, and repeated partial matches.
  punctuation: '!"#$%&\'()*+,-./:;<=>?[\\]^`{|}~',
  at: '@',
  dots: '.',
  dashes: '-',
  underscores: '_',
  slashes: '/',
  equals: '=',
  'base64 alphabet': 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/',
  hex: '0123456789abcdef',
  'unicode letters': 'éßøçñžłğ',
  cjk: '漢字かなカナ한국어',
  emoji: '😀👩‍💻🇩🇪',
  'open brackets': '([{<',
  'nested brackets': '([{<a>}])',
  'no spaces': 'ab/cd.ef-gh_ij=kl:mn',
  'partial emails': 'aaaa@',
  'partial cards': '1234-',
  'partial urls': 'http://a',
  'partial keys': 'sk-AKIA',
  // A whole token repeated, quoted in a list: a candidate per unit, tens of thousands per
  // MB, which made the engine's overlap and excerpt steps quadratic (20 s for 1 MB).
  'repeated tokens': '"AKIAQX3J7ZK2M5PW4R6T", "',
};

export interface AuditedPattern {
  id: string;
  regex: RegExp;
}

export function patternsForAudit(): AuditedPattern[] {
  const out: AuditedPattern[] = [];
  for (const d of BUILTIN_DETECTORS) {
    d.patterns.forEach((regex, i) =>
      out.push({ id: d.patterns.length > 1 ? `${d.id}#${i}` : d.id, regex }),
    );
  }
  return out;
}

/**
 * Runs `regex` globally over `input` until exec finds nothing more. Returns the number of
 * matches and whether the scan completed (the final exec returned null at the end).
 */
export function runToEnd(regex: RegExp, input: string): { matches: number; completed: boolean } {
  const re = new RegExp(regex.source, regex.flags.includes('g') ? regex.flags : `${regex.flags}g`);
  let matches = 0;
  for (;;) {
    const m = re.exec(input);
    if (m === null) return { matches, completed: re.lastIndex === 0 };
    matches++;
    if (m[0].length === 0) re.lastIndex++;
  }
}

export interface ScalingPoint {
  bytes: number;
  ms: number;
}

/**
 * Times one pattern over `unit` repeated to each size (default 256 KB, 512 KB, 1 MB). A
 * linear pattern roughly doubles per step; a backtracking one quadruples or worse.
 */
export function measurePatternScaling(
  regex: RegExp,
  unit: string,
  sizes: readonly number[] = [256 * 1024, 512 * 1024, 1024 * 1024],
): ScalingPoint[] {
  return sizes.map((bytes) => {
    const input = unit.repeat(Math.ceil(bytes / unit.length)).slice(0, bytes);
    // Best of three: one run of a millisecond can be doubled by a GC pause or the JIT,
    // which made a linear pattern look 38x slower at 1 MB once. Backtracking is not noise:
    // it repeats on every run.
    let ms = Infinity;
    for (let run = 0; run < 3; run++) {
      const t0 = performance.now();
      runToEnd(regex, input);
      ms = Math.min(ms, performance.now() - t0);
    }
    return { bytes, ms };
  });
}

export interface ScalingRow {
  id: string;
  shape: string;
  points: ScalingPoint[];
  /** Time at the largest size over time at the smallest: about 4 for 256 KB -> 1 MB if linear. */
  ratio: number;
}

/**
 * The benchmark's linearity check: every audited pattern on every adversarial shape at
 * 256 KB, 512 KB and 1 MB. A linear pattern shows a ratio near 4; quadratic near 16.
 */
export function auditPatternScaling(
  sizes: readonly number[] = [256 * 1024, 512 * 1024, 1024 * 1024],
): ScalingRow[] {
  const rows: ScalingRow[] = [];
  for (const { id, regex } of patternsForAudit()) {
    for (const [shape, unit] of Object.entries(ADVERSARIAL_SHAPES)) {
      const points = measurePatternScaling(regex, unit, sizes);
      const first = points[0]?.ms ?? 0;
      const last = points[points.length - 1]?.ms ?? 0;
      rows.push({ id, shape, points, ratio: first > 0 ? last / first : 0 });
    }
  }
  return rows;
}
