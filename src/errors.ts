/**
 * The one error hierarchy. Every error a user can see carries a stable string code, the
 * CLI exit code and the HTTP status. It is mapped to output at exactly two edges:
 * `cli/main.ts` (one line on stderr + exit code) and `server/errors.ts` (error body).
 */
export class EvidError extends Error {
  readonly code: string = 'error';
  readonly exitCode: number = 1;
  readonly httpStatus: number = 500;
  /** Machine-readable context (field names, seq numbers...) for --json and REST bodies. */
  readonly details?: Record<string, unknown>;

  constructor(message: string, details?: Record<string, unknown>, options?: ErrorOptions) {
    super(message, options);
    this.name = new.target.name;
    if (details) this.details = details;
  }
}

/** Bad command-line usage: unknown option, bad flag value (exit 2). */
export class UsageError extends EvidError {
  override readonly code = 'usage';
  override readonly exitCode = 2;
  override readonly httpStatus = 400;
}

/** Input that breaks a rule: names the field and the rule (exit 2 / HTTP 400). */
export class ValidationError extends EvidError {
  override readonly code = 'validation';
  override readonly exitCode = 2;
  override readonly httpStatus = 400;
}

/**
 * Text that is not well-formed Unicode: invalid UTF-8 bytes, or a lone surrogate in a JSON
 * string (valid JSON, but not text). Refused, never replaced, so the ledger holds exactly
 * what was sent (exit 2 / HTTP 400, type `invalid_text`).
 */
export class InvalidTextError extends EvidError {
  override readonly code = 'invalid_text';
  override readonly exitCode = 2;
  override readonly httpStatus = 400;
}

/** A body over the limit once decompressed (a gzip bomb): exit 2 / HTTP 413. */
export class PayloadTooLargeError extends EvidError {
  override readonly code = 'payload_too_large';
  override readonly exitCode = 2;
  override readonly httpStatus = 413;
}

export class NotFoundError extends EvidError {
  override readonly code = 'not_found';
  override readonly exitCode = 3;
  override readonly httpStatus = 404;
}

/** Duplicate session_id / event_id, or a reused idempotency key (exit 4 / 409). */
export class ConflictError extends EvidError {
  override readonly code = 'conflict';
  override readonly exitCode = 4;
  override readonly httpStatus = 409;
}

/**
 * A background job stopped because someone cancelled it (POST /api/v1/jobs/{id}/cancel):
 * thrown by the job's progress listener at the run's next progress report, so the run
 * unwinds through its normal error path (exit 4 / HTTP 409, type `cancelled`).
 */
export class JobCancelledError extends EvidError {
  override readonly code = 'cancelled';
  override readonly exitCode = 4;
  override readonly httpStatus = 409;
}

/** No credential, or one that does not verify (HTTP 401). */
export class UnauthorizedError extends EvidError {
  override readonly code = 'unauthorized';
  override readonly exitCode = 2;
  override readonly httpStatus = 401;
}

/** A valid credential whose role lacks the permission (HTTP 403). */
export class ForbiddenError extends EvidError {
  override readonly code = 'forbidden';
  override readonly exitCode = 2;
  override readonly httpStatus = 403;
}

/** Sign-in refused after repeated failures, until the lockout window passes (HTTP 429). */
export class LockedOutError extends EvidError {
  override readonly code = 'locked_out';
  override readonly exitCode = 2;
  override readonly httpStatus = 429;
}

/** Intake refused while the kill switch is active (exit 5 / 503). */
export class KillSwitchActiveError extends EvidError {
  override readonly code = 'kill_switch_active';
  override readonly exitCode = 5;
  override readonly httpStatus = 503;
}

/**
 * A hard operator quota is reached (EVID_QUOTA_STORE_BYTES, EVID_QUOTA_EVENTS): intake is
 * refused until space is freed or the quota raised (exit 7 / HTTP 507 Insufficient Storage).
 */
export class QuotaExceededError extends EvidError {
  override readonly code = 'quota_exceeded';
  override readonly exitCode = 7;
  override readonly httpStatus = 507;
}

/** A check ran and said no: broken chain, failed pack verify (exit 1). */
export class CheckFailed extends EvidError {
  override readonly code = 'check_failed';
  override readonly exitCode = 1;
  override readonly httpStatus = 422;
}

/**
 * The machine, not the input or the store's content: a data directory that cannot be
 * created or opened, a path through a file, no permission, a read-only file system or
 * database, a full disk (exit 6). The message names the path and the cause.
 */
export class EnvironmentError extends EvidError {
  override readonly code = 'environment';
  override readonly exitCode = 6;
  override readonly httpStatus = 500;
}

/**
 * No store where one was expected: a read-only command (or `audit verify`) pointed at a data
 * directory that does not exist or holds no store. Never answered by creating one (exit 1).
 */
export class StoreMissingError extends EvidError {
  override readonly code = 'store_missing';
  override readonly exitCode = 1;
  override readonly httpStatus = 500;
}

/**
 * The signing key is not the one this store's ledger names (replaced, deleted, or a rotation
 * left half done): the writer refuses to sign, and nothing is written (exit 1).
 */
export class LedgerKeyError extends EvidError {
  override readonly code = 'ledger_key';
  override readonly exitCode = 1;
  override readonly httpStatus = 500;
}

/**
 * A service evid calls on the user's behalf (a model under test) gave no usable answer at all:
 * the run it served fails with this message (exit 1 / HTTP 502). `details.trace_id` names the
 * trace that recorded the attempts, when there is one.
 */
export class UpstreamError extends EvidError {
  override readonly code = 'upstream';
  override readonly exitCode = 1;
  override readonly httpStatus = 502;
}

export class InternalError extends EvidError {
  override readonly code = 'internal';
  override readonly exitCode = 1;
  override readonly httpStatus = 500;
}

export function isEvidError(err: unknown): err is EvidError {
  return err instanceof EvidError;
}
