import { KillSwitchActiveError, ValidationError } from '../../errors.js';
import type { RejectedTrace } from '../../ingest/pipeline.js';

/** A session the one append path refused, thrown as the error it was (400, 503). */
export function throwRejection(rejected: readonly RejectedTrace[]): void {
  const r = rejected[0];
  if (!r) return;
  if (r.error.http_status === 503) {
    throw new KillSwitchActiveError(r.error.message, r.error.details);
  }
  const field = r.error.field;
  throw new ValidationError(r.error.message, field ? { field } : {});
}
