import { EvidError } from '../errors.js';

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
