/**
 * The drainer `evid serve` runs: a pass over every target each POLL_MS (targets in backoff
 * are skipped until their time), one pass at a time. stop() lets the batch in flight finish
 * and its delivery commit before the store closes.
 */
import type { SmtpConfig } from '../config/config.js';
import type { Store } from '../store/store.js';
import type { BackoffPolicy } from './backoff.js';
import { drainAll, type DrainReport } from './drain.js';
import { newLeaseOwner } from './lease.js';

export const POLL_MS = 1000;

export interface DrainerLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface Drainer {
  stop(): Promise<void>;
}

export function startDrainer(
  store: Store,
  options: {
    dataDir: string;
    version: string;
    policy: BackoffPolicy;
    log: DrainerLog;
    /** For monitoring alert channels of type email. */
    smtp?: SmtpConfig | undefined;
    pollMs?: number;
  },
): Drainer {
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const owner = newLeaseOwner();
  const report = (r: DrainReport): void => {
    // The answer never holds a secret: transports mask them (siem/secrets.ts maskIn).
    if (!r.ok && r.answer && !r.answer.startsWith('waiting until')) {
      options.log.warn(
        { target_id: r.target_id, pending: r.pending, answer: r.answer },
        'SIEM delivery failed',
      );
    }
  };
  const tick = async (): Promise<void> => {
    try {
      const reports = await drainAll(store, {
        dataDir: options.dataDir,
        version: options.version,
        owner,
        now: () => new Date(),
        policy: options.policy,
        smtp: options.smtp,
        stopping: () => stopping,
      });
      reports.forEach(report);
    } catch (err) {
      options.log.error({ err: (err as Error).message }, 'SIEM drainer pass failed');
    }
  };
  const schedule = (): void => {
    if (stopping) return;
    timer = setTimeout(() => {
      running = tick().then(schedule);
    }, options.pollMs ?? POLL_MS);
  };
  running = tick().then(schedule);
  return {
    async stop() {
      stopping = true;
      if (timer) clearTimeout(timer);
      await running;
      if (timer) clearTimeout(timer);
    },
  };
}
