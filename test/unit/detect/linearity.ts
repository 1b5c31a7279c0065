/**
 * The one growth check the linearity tests share. Time is never asserted on its own: a scan
 * fails only when the 1 MB run takes more than 12x the 256 KB run (linear is ~4x, quadratic
 * ~16x) AND more than 2 s, and only if that holds again on a re-run (best of three), so a GC
 * pause or a busy machine cannot fail it. An exponential scan never returns: the test's
 * timeout fails it.
 */
export const KB256 = 256 * 1024;
export const MB = 1024 * 1024;
const MAX_RATIO = 12;
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

export function growth(scan: (text: string) => void, fill: (bytes: number) => string): Growth {
  const small = fill(KB256);
  const large = fill(MB);
  let smallMs = timeOnce(scan, small);
  let largeMs = timeOnce(scan, large);
  const suspect = () => largeMs > MAX_RATIO * smallMs && largeMs > MIN_SLOW_MS;
  if (suspect()) {
    for (let i = 0; i < 2; i++) {
      smallMs = Math.min(smallMs, timeOnce(scan, small));
      largeMs = Math.min(largeMs, timeOnce(scan, large));
    }
  }
  return { smallMs, largeMs, ratio: largeMs / Math.max(smallMs, 0.001), superLinear: suspect() };
}

export const describeGrowth = (g: Growth): string =>
  `${g.smallMs.toFixed(0)} ms at 256 KB, ${g.largeMs.toFixed(0)} ms at 1 MB (${g.ratio.toFixed(1)}x)`;
