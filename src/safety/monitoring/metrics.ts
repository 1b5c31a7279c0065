import { ValidationError } from '../../errors.js';
import type { Reader } from '../../store/store.js';
import { alertsFor } from './alerts.js';
import { METRICS, parseDuration, type MetricName } from './config.js';
import { loadSession } from './session.js';

/**
 * `GET /v1/monitoring/metrics`: per interval bucket of the session (its monitoring_config
 * interval) over `time_range` back from now, each requested metric's value. Values are
 * worked out from the stored events and findings with the same alert rules the events ran,
 * so the `alerts` counted here are the alerts the events answered with. A bucket without
 * events has event_count 0 and null means.
 */
export const MAX_BUCKETS = 2000;

export interface MetricsRequest {
  session_id: string;
  metrics?: string | undefined;
  time_range?: string | undefined;
}

export interface MetricPoint {
  timestamp: string;
  value: number | null;
}

export interface MetricsAnswer {
  session_id: string;
  system_id: string;
  interval: string;
  time_range: string;
  from: string;
  to: string;
  metrics: Partial<Record<MetricName, MetricPoint[]>>;
}

interface EventRow {
  id: number;
  event_id: string;
  timestamp: string;
  attributes: string;
}

export function monitoringMetrics(r: Reader, input: MetricsRequest, now: Date): MetricsAnswer {
  const session = loadSession(r, input.session_id);
  const names = pickMetrics(input.metrics, session.config.metrics);
  const timeRange = input.time_range ?? '24h';
  const rangeMs = parseDuration(timeRange, 'time_range');
  const stepMs = parseDuration(session.config.interval, 'monitoring_config.interval');
  const end = Math.ceil(now.getTime() / stepMs) * stepMs;
  const start = Math.floor((now.getTime() - rangeMs) / stepMs) * stepMs;
  const count = Math.max(1, (end - start) / stepMs);
  if (count > MAX_BUCKETS) {
    throw new ValidationError(
      `time_range: ${timeRange} at interval ${session.config.interval} is ${count} buckets; at most ${MAX_BUCKETS}`,
      { field: 'time_range' },
    );
  }
  const events = r
    .prepare(
      `SELECT id, event_id, timestamp, attributes FROM events
       WHERE trace_ref = ? AND type != 'monitoring.session_started' AND timestamp >= ? AND timestamp < ?
       ORDER BY timestamp`,
    )
    .all(
      session.trace_ref,
      new Date(start).toISOString(),
      new Date(end).toISOString(),
    ) as EventRow[];
  const findingsOf = r.prepare(
    'SELECT finding_id, type, severity, score, detector FROM findings WHERE event_ref = ?',
  );

  const buckets = Array.from({ length: count }, () => ({
    n: 0,
    latencies: [] as number[],
    confidences: [] as number[],
    flagged: 0,
    alerts: 0,
  }));
  for (const e of events) {
    const i = Math.floor((Date.parse(e.timestamp) - start) / stepMs);
    const b = buckets[i];
    if (!b) continue;
    const data = ((JSON.parse(e.attributes) as { event_data?: Record<string, unknown> })
      .event_data ?? {}) as Record<string, unknown>;
    const latency = typeof data.latency === 'number' ? data.latency : null;
    const confidence = typeof data.confidence === 'number' ? data.confidence : null;
    const findings = findingsOf.all(e.id) as Parameters<typeof alertsFor>[0]['findings'];
    const alerts = alertsFor(
      { event_id: e.event_id, timestamp: e.timestamp, latency, confidence, findings },
      session.config,
    );
    b.n++;
    if (latency !== null) b.latencies.push(latency);
    if (confidence !== null) b.confidences.push(confidence);
    if (findings.some((f) => f.score >= session.config.threshold)) b.flagged++;
    b.alerts += alerts.length;
  }

  const metrics: Partial<Record<MetricName, MetricPoint[]>> = {};
  for (const name of names) {
    metrics[name] = buckets.map((b, i) => ({
      timestamp: new Date(start + i * stepMs).toISOString(),
      value: valueOf(name, b),
    }));
  }
  return {
    session_id: session.session_id,
    system_id: session.system_id,
    interval: session.config.interval,
    time_range: timeRange,
    from: new Date(start).toISOString(),
    to: new Date(end).toISOString(),
    metrics,
  };
}

function pickMetrics(list: string | undefined, configured: MetricName[]): MetricName[] {
  if (list === undefined || list.trim() === '') return configured;
  const names = list.split(',').map((m) => m.trim());
  for (const m of names) {
    if (!(METRICS as readonly string[]).includes(m)) {
      throw new ValidationError(
        `metrics: unknown metric ${JSON.stringify(m)} (allowed: ${METRICS.join(', ')})`,
        { field: 'metrics' },
      );
    }
  }
  return [...new Set(names)] as MetricName[];
}

const round = (n: number): number => Math.round(n * 1000) / 1000;
const mean = (xs: number[]): number | null =>
  xs.length === 0 ? null : round(xs.reduce((a, b) => a + b, 0) / xs.length);

/** Nearest-rank percentile. */
function p95(xs: number[]): number | null {
  if (xs.length === 0) return null;
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.ceil(0.95 * sorted.length) - 1]!;
}

function valueOf(
  name: MetricName,
  b: { n: number; latencies: number[]; confidences: number[]; flagged: number; alerts: number },
): number | null {
  switch (name) {
    case 'event_count':
      return b.n;
    case 'latency_mean':
      return mean(b.latencies);
    case 'latency_p95':
      return p95(b.latencies);
    case 'confidence_mean':
      return mean(b.confidences);
    case 'flagged_rate':
      return b.n === 0 ? null : round(b.flagged / b.n);
    case 'alerts':
      return b.alerts;
  }
}
