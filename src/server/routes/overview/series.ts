import type { Reader } from '../../../store/store.js';

export interface DaySeries {
  days: string[];
  traces: number[];
  events: number[];
  findings: number[];
}

/**
 * Traces, events and findings per UTC day over the last `days` days, each from one range
 * scan of an index on its time column (traces_span, findings_created), so the cost is the
 * rows in the window, not the store.
 */
export function dailySeries(r: Reader, now: Date, days: number): DaySeries {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  start.setUTCDate(start.getUTCDate() - (days - 1));
  const since = start.toISOString();
  const labels: string[] = [];
  for (let i = 0; i < days; i++) {
    labels.push(new Date(start.getTime() + i * 86_400_000).toISOString().slice(0, 10));
  }
  const index = new Map(labels.map((d, i) => [d, i]));
  const traces = new Array<number>(days).fill(0);
  const events = new Array<number>(days).fill(0);
  const findings = new Array<number>(days).fill(0);
  const traceRows = r
    .prepare(
      `SELECT substr(first_event_at, 1, 10) AS d, COUNT(*) AS n, SUM(event_count) AS e
       FROM traces WHERE first_event_at >= ? GROUP BY d`,
    )
    .all(since) as Array<{ d: string; n: number; e: number }>;
  for (const row of traceRows) {
    const i = index.get(row.d);
    if (i !== undefined) {
      traces[i] = row.n;
      events[i] = row.e;
    }
  }
  const findingRows = r
    .prepare(
      `SELECT substr(created_at, 1, 10) AS d, COUNT(*) AS n FROM findings
       WHERE created_at >= ? GROUP BY d`,
    )
    .all(since) as Array<{ d: string; n: number }>;
  for (const row of findingRows) {
    const i = index.get(row.d);
    if (i !== undefined) findings[i] = row.n;
  }
  return { days: labels, traces, events, findings };
}
