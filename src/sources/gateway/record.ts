import { appendSessions } from '../../ingest/append.js';
import type { Store } from '../../store/store.js';
import { recordSourceError } from '../registry.js';
import type { SessionInput } from '../../ingest/append.js';

export interface RecordTarget {
  store: Store;
  sourceId: string;
  actor: string;
  /** Where a recording failure is logged (the server's logger). */
  warn(message: string): void;
}

/**
 * Records one call through the ingest pipeline. Returns false, having counted the error
 * against the source and logged it, when the call could not be recorded (the store failed,
 * the session was refused): the caller then answers anyway (fail-open, as users of
 * gateways expect) or refuses (`fail_closed`).
 */
export function recordCall(target: RecordTarget, session: SessionInput): boolean {
  let problem: string;
  try {
    const report = appendSessions(target.store, [session], {
      source: 'gateway',
      sourceId: target.sourceId,
      actor: target.actor,
    });
    const rejected = report.rejected[0];
    if (!rejected) return true;
    problem = `call not recorded: ${rejected.error.message}`;
  } catch (err) {
    problem = `call not recorded: ${(err as Error).message}`;
  }
  recordSourceError(target.store, target.sourceId, problem);
  target.warn(problem);
  return false;
}
