/**
 * The one growth check the linearity tests share. Time is never asserted on its own: a scan
 * fails only when the 1 MB run takes more than 10x the 256 KB run (linear is ~4x, quadratic
 * ~16x; a quadratic with fixed costs measured 11x here) AND more than 2 s, and only if that
 * holds again over the best of three 1 MB runs, so a GC pause or a busy machine cannot fail
 * it. An exponential scan never returns: the test's timeout fails it.
 */
export const KB256 = 256 * 1024;
export const MB = 1024 * 1024;
const MAX_RATIO = 10;
const MIN_SLOW_MS = 2000;

export interface Growth {
  smallMs: number;
  largeMs: number;
  ratio: number;
  /** The verdict: true when the scan grew faster than linear (see above). */
  superLinear: boolean;
}

function timeOnce(scan: (text: string) => void, text: string): number {
  const t0 = performance.now();
  scan(text);
  return performance.now() - t0;
}

export function growth(
  scan: (text: string) => void,
  fill: (bytes: number) => string,
  minSlowMs = MIN_SLOW_MS,
): Growth {
  const small = fill(KB256);
  const large = fill(MB);
  scan(small); // warm-up: a cold first run would inflate the small time and hide growth
  // The small run is cheap: best of three, so a GC pause in it cannot hide a quadratic.
  const smallMs = Math.min(timeOnce(scan, small), timeOnce(scan, small), timeOnce(scan, small));
  let largeMs = timeOnce(scan, large);
  const suspect = () => largeMs > MAX_RATIO * smallMs && largeMs > minSlowMs;
  if (suspect()) {
    for (let i = 0; i < 2; i++) largeMs = Math.min(largeMs, timeOnce(scan, large));
  }
  return { smallMs, largeMs, ratio: largeMs / Math.max(smallMs, 0.001), superLinear: suspect() };
}

export const describeGrowth = (g: Growth): string =>
  `${g.smallMs.toFixed(0)} ms at 256 KB, ${g.largeMs.toFixed(0)} ms at 1 MB (${g.ratio.toFixed(1)}x)`;
