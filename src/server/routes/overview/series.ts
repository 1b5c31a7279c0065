import type { Reader } from '../../../store/store.js';

export interface DaySeries {
  days: string[];
  traces: number[];
  events: number[];
  findings: number[];
}

/**
 * Traces, events and findings per UTC day over the last `days` days. Each day is one range
 * count on an index that holds every column it reads (traces_span: first_event_at and
 * event_count; findings_created), so SQLite never touches a table row or sorts: the work is
 * the index entries of the window's traces and findings (not its events), in constant
 * memory. The plans are pinned by test/unit/dashboard/series-plan.test.ts.
 */
export function dailySeries(r: Reader, now: Date, days: number): DaySeries {
  const start =
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - (days - 1) * DAY_MS;
  const bounds = Array.from({ length: days + 1 }, (_, i) =>
    new Date(start + i * DAY_MS).toISOString(),
  );
  const traceDay = r.prepare(TRACES_PER_DAY);
  const findingDay = r.prepare(FINDINGS_PER_DAY);
  const series: DaySeries = { days: [], traces: [], events: [], findings: [] };
  for (let i = 0; i < days; i++) {
    const range = { from: bounds[i], to: bounds[i + 1] };
    const t = traceDay.get(range) as { n: number; e: number | null };
    const f = findingDay.get(range) as { n: number };
    series.days.push(bounds[i]!.slice(0, 10));
    series.traces.push(t.n);
    series.events.push(t.e ?? 0);
    series.findings.push(f.n);
  }
  return series;
}

const DAY_MS = 86_400_000;

export const TRACES_PER_DAY = `SELECT COUNT(*) AS n, SUM(event_count) AS e FROM traces WHERE first_event_at >= @from AND first_event_at < @to`;

export const FINDINGS_PER_DAY = `SELECT COUNT(*) AS n FROM findings WHERE created_at >= @from AND created_at < @to`;
