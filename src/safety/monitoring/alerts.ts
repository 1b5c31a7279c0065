import type { MonitoringConfig } from './config.js';

/**
 * The alert rules of a monitoring session, as pure functions of one event and its findings,
 * so the alerts an event raised and the `alerts` metric counted later always agree.
 */
export interface EventFacts {
  event_id: string;
  timestamp: string;
  latency: number | null;
  confidence: number | null;
  findings: Array<{
    finding_id: string;
    type: string;
    severity: string;
    score: number;
    detector: string;
  }>;
}

export interface Alert {
  alert_id: string;
  rule: 'finding' | 'latency' | 'confidence';
  severity: string;
  message: string;
  event_id: string;
  at: string;
  finding_id?: string;
  type?: string;
  score?: number;
  detector?: string;
  value?: number;
  limit?: number;
}

export function alertsFor(e: EventFacts, config: MonitoringConfig): Alert[] {
  const out: Alert[] = [];
  for (const f of e.findings) {
    if (f.score < config.threshold) continue;
    out.push({
      alert_id: `${e.event_id}:${f.finding_id}`,
      rule: 'finding',
      severity: f.severity,
      message: `${f.severity} ${f.type} (score ${f.score}) found by ${f.detector}`,
      event_id: e.event_id,
      at: e.timestamp,
      finding_id: f.finding_id,
      type: f.type,
      score: f.score,
      detector: f.detector,
    });
  }
  if (config.latency_max !== null && e.latency !== null && e.latency > config.latency_max) {
    out.push({
      alert_id: `${e.event_id}:latency`,
      rule: 'latency',
      severity: 'medium',
      message: `latency ${e.latency} ms is above the limit of ${config.latency_max} ms`,
      event_id: e.event_id,
      at: e.timestamp,
      value: e.latency,
      limit: config.latency_max,
    });
  }
  if (
    config.confidence_min !== null &&
    e.confidence !== null &&
    e.confidence < config.confidence_min
  ) {
    out.push({
      alert_id: `${e.event_id}:confidence`,
      rule: 'confidence',
      severity: 'medium',
      message: `confidence ${e.confidence} is below the minimum of ${config.confidence_min}`,
      event_id: e.event_id,
      at: e.timestamp,
      value: e.confidence,
      limit: config.confidence_min,
    });
  }
  return out;
}
