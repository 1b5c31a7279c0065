import { ValidationError } from '../../errors.js';
import { DEFAULT_SAFETY_THRESHOLD, THRESHOLD_CONSTRAINT } from '../text-analysis.js';

/**
 * A monitoring session's configuration (seed 000 `monitoring_config`, `alert_channels`),
 * validated whole before anything is written. Kept on the session's trace, so it is part of
 * the ledgered trace record.
 */
export const METRICS = [
  'event_count',
  'latency_mean',
  'latency_p95',
  'confidence_mean',
  'flagged_rate',
  'alerts',
] as const;
export type MetricName = (typeof METRICS)[number];

export const CHANNEL_TYPES = ['webhook', 'email'] as const;
export type ChannelType = (typeof CHANNEL_TYPES)[number];

export interface MonitoringConfig {
  metrics: MetricName[];
  /** Bucket width of GET /v1/monitoring/metrics, as given (`5m`). */
  interval: string;
  /** Findings of an event scoring at or above this raise an alert. */
  threshold: number;
  /** An inference slower than this (event_data.latency, milliseconds) raises an alert. */
  latency_max: number | null;
  /** An inference less confident than this (event_data.confidence, 0..1) raises an alert. */
  confidence_min: number | null;
}

export interface ChannelInput {
  type: ChannelType;
  destination: string;
}

const DURATION = /^([1-9]\d{0,5})([smhd])$/;
const UNIT_MS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** `30s`, `5m`, `1h`, `7d` in milliseconds, or a ValidationError naming the field. */
export function parseDuration(text: string, field: string): number {
  const m = DURATION.exec(text);
  if (!m) {
    throw new ValidationError(
      `${field}: must be a number followed by s, m, h or d, such as 5m or 24h (got ${JSON.stringify(text)})`,
      { field },
    );
  }
  return Number(m[1]) * UNIT_MS[m[2]!]!;
}

export function checkConfig(raw: Record<string, unknown> | undefined): MonitoringConfig {
  const c = raw ?? {};
  const metrics = (c.metrics as string[] | undefined) ?? [...METRICS];
  metrics.forEach((m, i) => {
    if (!(METRICS as readonly string[]).includes(m)) {
      throw new ValidationError(
        `monitoring_config.metrics[${i}]: unknown metric ${JSON.stringify(m)} (allowed: ${METRICS.join(', ')})`,
        { field: `monitoring_config.metrics[${i}]` },
      );
    }
  });
  const interval = (c.interval as string | undefined) ?? '5m';
  parseDuration(interval, 'monitoring_config.interval');
  const threshold = c.threshold ?? DEFAULT_SAFETY_THRESHOLD;
  if (typeof threshold !== 'number' || threshold < 0 || threshold > 1) {
    throw new ValidationError(`monitoring_config.threshold: ${THRESHOLD_CONSTRAINT}`, {
      field: 'monitoring_config.threshold',
    });
  }
  const confidenceMin = (c.confidence_min as number | undefined) ?? null;
  if (confidenceMin !== null && (confidenceMin < 0 || confidenceMin > 1)) {
    throw new ValidationError('monitoring_config.confidence_min: must be a number from 0 to 1', {
      field: 'monitoring_config.confidence_min',
    });
  }
  return {
    metrics: [...new Set(metrics)] as MetricName[],
    interval,
    threshold,
    latency_max: (c.latency_max as number | undefined) ?? null,
    confidence_min: confidenceMin,
  };
}

const EMAIL = /^[^\s@<>(),;:"]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9-]+)+$/;

export function checkChannels(
  raw: ReadonlyArray<Record<string, unknown>> | undefined,
): ChannelInput[] {
  return (raw ?? []).map((c, i) => {
    const field = `alert_channels[${i}]`;
    if (!(CHANNEL_TYPES as readonly unknown[]).includes(c.type)) {
      throw new ValidationError(
        `${field}.type: must be one of ${CHANNEL_TYPES.join(', ')} (got ${JSON.stringify(c.type)})`,
        { field: `${field}.type` },
      );
    }
    const destination = String(c.destination ?? '');
    if (c.type === 'email' && !EMAIL.test(destination)) {
      throw new ValidationError(`${field}.destination: must be an email address`, {
        field: `${field}.destination`,
      });
    }
    if (c.type === 'webhook') {
      let url: URL | undefined;
      try {
        url = new URL(destination);
      } catch {
        url = undefined;
      }
      if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.username) {
        throw new ValidationError(
          `${field}.destination: must be an http or https URL without credentials`,
          { field: `${field}.destination` },
        );
      }
    }
    return { type: c.type as ChannelType, destination };
  });
}
