/**
 * Operator quotas (docs/operations.md): a maximum store size (EVID_QUOTA_STORE_BYTES) and a
 * maximum number of stored events (EVID_QUOTA_EVENTS). At 80% `admin license` and the
 * servers warn; at 100% intake is refused with QuotaExceededError (exit 7 / HTTP 507)
 * until space is freed (retention) or the quota raised. The check runs once per intake
 * call, before the write, in the one ingest path (ingestTraces, appendSessions, audit
 * events), so a batch that starts under the quota may end a little above it.
 */
import { QuotaExceededError } from '../errors.js';
import type { Config } from '../config/config.js';
import type { Store } from '../store/store.js';
import { measureUsage, type StoreUsage } from '../store/usage.js';

export const WARN_AT = 0.8;

export interface QuotaLimits {
  store_bytes?: number;
  events?: number;
}

const UNITS: Record<string, number> = { '': 1, k: 2 ** 10, m: 2 ** 20, g: 2 ** 30, t: 2 ** 40 };

/** `1073741824`, `500M`, `10GiB`, `2 GB`: binary multiples (a GB is 2^30 bytes here). */
export function parseSize(text: string): number | undefined {
  const m = /^\s*(\d+(?:\.\d+)?)\s*([kmgt]?)(?:i?b)?\s*$/i.exec(text);
  if (!m) return undefined;
  const n = Math.floor(Number(m[1]) * UNITS[m[2]!.toLowerCase()]!);
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

/** The quotas in the configuration, and a line for each one that does not parse (ignored). */
export function parseQuotas(config: Pick<Config, 'quotas'>): {
  limits: QuotaLimits;
  problems: string[];
} {
  const limits: QuotaLimits = {};
  const problems: string[] = [];
  const { storeBytes, events } = config.quotas;
  if (storeBytes !== undefined) {
    const n = parseSize(storeBytes);
    if (n === undefined)
      problems.push(`EVID_QUOTA_STORE_BYTES="${storeBytes}" is not a size (e.g. 10G): ignored`);
    else limits.store_bytes = n;
  }
  if (events !== undefined) {
    const n = Number(events);
    if (!Number.isSafeInteger(n) || n <= 0)
      problems.push(`EVID_QUOTA_EVENTS="${events}" is not a positive integer: ignored`);
    else limits.events = n;
  }
  return { limits, problems };
}

export interface QuotaState {
  name: 'store_bytes' | 'events';
  used: number;
  limit: number | null;
  percent: number | null;
  state: 'ok' | 'warning' | 'exceeded' | 'unlimited';
}

export function quotaStates(usage: StoreUsage, limits: QuotaLimits): QuotaState[] {
  return (['store_bytes', 'events'] as const).map((name) => {
    const used = usage[name];
    const limit = limits[name];
    if (limit === undefined) return { name, used, limit: null, percent: null, state: 'unlimited' };
    const ratio = used / limit;
    return {
      name,
      used,
      limit,
      percent: Math.round(ratio * 1000) / 10,
      state: ratio >= 1 ? 'exceeded' : ratio >= WARN_AT ? 'warning' : 'ok',
    };
  });
}

export function describeQuota(q: QuotaState): string {
  const what = q.name === 'events' ? 'events' : 'store size';
  const unit = q.name === 'events' ? '' : ' bytes';
  return `${what} at ${q.percent}% of its quota (${q.used}${unit} of ${q.limit}${unit})`;
}

/**
 * For a server: checks the quotas now and every `everyMs`, and logs a warning (pino's
 * `warn`, so `evid admin logs --level warn` shows it) for each one at 80% or more, and an
 * error for each one reached. Returns the function that stops it.
 */
export function watchQuotas(
  store: Store,
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void },
  everyMs = 60_000,
): () => void {
  const limits = store.quotas;
  if (limits.store_bytes === undefined && limits.events === undefined) return () => {};
  const check = (): void => {
    try {
      for (const q of quotaStates(
        store.read((r) => measureUsage(r)),
        limits,
      )) {
        if (q.state === 'warning') log.warn({ quota: q }, `quota warning: ${describeQuota(q)}`);
        if (q.state === 'exceeded')
          log.error({ quota: q }, `quota exceeded, intake refused: ${describeQuota(q)}`);
      }
    } catch {
      // a busy or closing store: the next round tries again
    }
  };
  check();
  const timer = setInterval(check, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * Throws QuotaExceededError when a hard quota is reached; returns the quotas at or above
 * 80% (for a warning) otherwise. No quotas configured: nothing is measured.
 */
export function assertWithinQuota(store: Store): QuotaState[] {
  const limits = store.quotas;
  if (limits.store_bytes === undefined && limits.events === undefined) return [];
  const usage = store.read((r) =>
    measureUsage(r, limits.events === undefined ? Infinity : Math.floor(limits.events * WARN_AT)),
  );
  const states = quotaStates(usage, limits);
  const exceeded = states.find((q) => q.state === 'exceeded');
  if (exceeded) {
    throw new QuotaExceededError(
      `intake refused: ${describeQuota(exceeded)}; free space (retention) or raise ${exceeded.name === 'events' ? 'EVID_QUOTA_EVENTS' : 'EVID_QUOTA_STORE_BYTES'}`,
      { quota: exceeded.name, used: exceeded.used, limit: exceeded.limit },
    );
  }
  return states.filter((q) => q.state === 'warning');
}
