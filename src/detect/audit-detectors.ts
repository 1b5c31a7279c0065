import { ADVERSARIAL_SHAPES, type ScalingPoint } from './audit.js';
import { BUILTIN_DETECTORS } from './detectors/index.js';
import type { Detector, RawHit, ScanContext } from './rule.js';

/**
 * The linear-time audit at the level of whole detectors (issue 20): a detector is more than
 * its regexes (refine callbacks look around each match, hidden.ts decodes and re-scans,
 * phrase helpers walk sentences), so each built-in detector's `scan` is fed every
 * adversarial shape at two sizes, without the trigger gate (which would skip most runs) and
 * in both a prompt and a tool result (some rules run only there).
 */

export interface DetectorScalingRow {
  id: string;
  shape: string;
  points: ScalingPoint[];
  /** Time at the largest size over time at the smallest: ~4 for 256 KB -> 1 MB if linear. */
  ratio: number;
}

export const fillTo = (unit: string, bytes: number): string => {
  const text = unit.repeat(Math.ceil(bytes / unit.length)).slice(0, bytes);
  // Never end inside a surrogate pair: a lone half is not what a client sends.
  return /[\uD800-\uDBFF]$/.test(text) ? text.slice(0, -1) : text;
};

/** Runs one detector over `text` as the engine would in `field`, minus the trigger gate. */
export function scanWith(d: Detector, text: string, field: string): RawHit[] {
  let lower: string | undefined;
  const ctx: ScanContext = {
    text,
    field,
    lower: () => (lower ??= text.toLowerCase()),
    allowedHosts: new Set(),
  };
  const out: RawHit[] = [];
  if (!d.fields || d.fields.has(field)) d.scan(ctx, out);
  return out;
}

/** Best of `runs` timings of one detector on `unit` repeated to each size, both fields. */
export function measureDetectorScaling(
  d: Detector,
  unit: string,
  sizes: readonly number[],
  runs = 2,
): ScalingPoint[] {
  return sizes.map((bytes) => {
    const text = fillTo(unit, bytes);
    let ms = Infinity;
    for (let run = 0; run < runs; run++) {
      const t0 = performance.now();
      scanWith(d, text, 'prompt');
      scanWith(d, text, 'tool_result');
      ms = Math.min(ms, performance.now() - t0);
    }
    return { bytes, ms };
  });
}

/** Every built-in detector on every adversarial shape (default 256 KB and 1 MB). */
export function auditDetectorScaling(
  sizes: readonly number[] = [256 * 1024, 1024 * 1024],
  shapes: Readonly<Record<string, string>> = ADVERSARIAL_SHAPES,
): DetectorScalingRow[] {
  const rows: DetectorScalingRow[] = [];
  for (const d of BUILTIN_DETECTORS) {
    for (const [shape, unit] of Object.entries(shapes)) {
      const points = measureDetectorScaling(d, unit, sizes);
      const first = points[0]?.ms ?? 0;
      const last = points[points.length - 1]?.ms ?? 0;
      rows.push({ id: d.id, shape, points, ratio: first > 0 ? last / first : 0 });
    }
  }
  return rows;
}
