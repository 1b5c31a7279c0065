import { createDetector } from '../../../src/detect/engine.js';

const detector = createDetector();

/** The secret findings in a prompt as `type span` lines: what the round tests compare. */
export function secretFindings(text: string, scanner = detector): string[] {
  return scanner
    .scanEvent([{ field: 'prompt', text }])
    .filter((d) => d.category === 'secret')
    .map((d) => `${d.type} ${text.slice(d.start, d.end)}`);
}

/** `n` characters of `abc` from a fixed seed (a linear congruential generator): random-looking. */
export function seeded(n: number, seed: number, abc: string): string {
  let x = seed;
  let out = '';
  for (let i = 0; i < n; i++) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    out += abc[(x >>> 16) % abc.length];
  }
  return out;
}
