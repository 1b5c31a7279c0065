/**
 * Findings by severity over time: counts per day, week or month (UTC), by when the evidence
 * happened (the event's timestamp), with empty buckets kept so gaps show as gaps.
 */
import type { FindingFact, Severity } from '../compliance/score/snapshot.js';

export const SEVERITIES: readonly Severity[] = ['low', 'medium', 'high', 'critical'];

export type BucketUnit = 'day' | 'week' | 'month';

export interface TimelineBucket {
  /** Start of the bucket, YYYY-MM-DD (UTC). */
  start: string;
  counts: Record<Severity, number>;
  total: number;
}

export interface Timeline {
  unit: BucketUnit;
  buckets: TimelineBucket[];
}

const DAY = 86_400_000;

/** Day buckets up to a month of evidence, weeks up to half a year, months beyond. */
export function chooseUnit(spanDays: number): BucketUnit {
  if (spanDays <= 31) return 'day';
  if (spanDays <= 183) return 'week';
  return 'month';
}

function bucketStart(t: number, unit: BucketUnit): number {
  const d = new Date(t);
  if (unit === 'month') return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
  const day = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
  if (unit === 'day') return day;
  const sinceMonday = (d.getUTCDay() + 6) % 7; // ISO weeks start on Monday
  return day - sinceMonday * DAY;
}

function nextBucket(t: number, unit: BucketUnit): number {
  if (unit === 'day') return t + DAY;
  if (unit === 'week') return t + 7 * DAY;
  const d = new Date(t);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
}

const emptyCounts = (): Record<Severity, number> => ({ low: 0, medium: 0, high: 0, critical: 0 });

export function buildTimeline(findings: FindingFact[]): Timeline {
  const times = findings
    .map((f) => ({ t: Date.parse(f.occurred_at), severity: f.severity }))
    .filter((x) => Number.isFinite(x.t));
  if (times.length === 0) return { unit: 'day', buckets: [] };
  let min = Infinity;
  let max = -Infinity;
  for (const { t } of times) {
    if (t < min) min = t;
    if (t > max) max = t;
  }
  const unit = chooseUnit((max - min) / DAY);
  const index = new Map<number, TimelineBucket>();
  const buckets: TimelineBucket[] = [];
  for (let b = bucketStart(min, unit); b <= max; b = nextBucket(b, unit)) {
    const bucket = {
      start: new Date(b).toISOString().slice(0, 10),
      counts: emptyCounts(),
      total: 0,
    };
    index.set(b, bucket);
    buckets.push(bucket);
  }
  for (const { t, severity } of times) {
    const bucket = index.get(bucketStart(t, unit))!;
    if (severity in bucket.counts) bucket.counts[severity]++;
    bucket.total++;
  }
  return { unit, buckets };
}

/** A round axis maximum (1, 2, 5 x 10^n) at or above `max`, and its tick step. */
export function niceAxis(max: number, ticks = 4): { max: number; step: number } {
  if (max <= 0) return { max: ticks, step: 1 };
  const raw = max / ticks;
  const pow = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * pow).find((s) => s >= raw)!;
  const stepInt = Math.max(1, Math.ceil(step));
  return { max: stepInt * Math.ceil(max / stepInt), step: stepInt };
}

export interface ChartLayout {
  width: number;
  height: number;
  plot: { x: number; y: number; width: number; height: number };
  bars: Array<{
    x: number;
    width: number;
    label: string;
    total: number;
    segments: Array<{ severity: Severity; y: number; height: number; count: number }>;
  }>;
  yTicks: Array<{ value: number; y: number }>;
  xLabels: Array<{ x: number; text: string }>;
}

/**
 * Stacked-bar geometry shared by the SVG (html) and the pdfkit (pdf) renderers, so both
 * reports draw the same chart. Coordinates have y growing downwards (SVG and PDF alike).
 */
export function layoutChart(timeline: Timeline, width: number, height: number): ChartLayout {
  const plot = { x: 40, y: 10, width: width - 50, height: height - 48 };
  const n = Math.max(1, timeline.buckets.length);
  const slot = plot.width / n;
  const barWidth = Math.max(1, Math.min(40, slot * 0.7));
  const axis = niceAxis(Math.max(0, ...timeline.buckets.map((b) => b.total)));
  const scale = plot.height / axis.max;
  const bottom = plot.y + plot.height;
  const bars = timeline.buckets.map((b, i) => {
    const x = plot.x + i * slot + (slot - barWidth) / 2;
    let y = bottom;
    const segments = SEVERITIES.filter((s) => b.counts[s] > 0).map((severity) => {
      const h = b.counts[severity] * scale;
      y -= h;
      return { severity, y: round(y), height: round(h), count: b.counts[severity] };
    });
    return { x: round(x), width: round(barWidth), label: b.start, total: b.total, segments };
  });
  const yTicks: ChartLayout['yTicks'] = [];
  for (let v = 0; v <= axis.max; v += axis.step)
    yTicks.push({ value: v, y: round(bottom - v * scale) });
  // Label at most ~8 buckets so the dates never overlap.
  const every = Math.max(1, Math.ceil(n / 8));
  const xLabels = bars
    .filter((_, i) => i % every === 0)
    .map((b) => ({ x: round(b.x + b.width / 2), text: shortLabel(b.label, timeline.unit) }));
  return { width, height, plot, bars, yTicks, xLabels };
}

function shortLabel(start: string, unit: BucketUnit): string {
  return unit === 'month' ? start.slice(0, 7) : start.slice(5);
}

function round(v: number): number {
  return Math.round(v * 100) / 100;
}
