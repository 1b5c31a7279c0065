import { createHmac, timingSafeEqual } from 'node:crypto';
import { UnauthorizedError } from '../../errors.js';

/**
 * The webhook signature scheme (docs/sources.md "Webhook"), as Stripe and Svix sign:
 *   X-Evid-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>
 * The timestamp is inside the MAC, so a captured delivery cannot be replayed after
 * TOLERANCE_SECONDS; several v1= values may be sent (signed with an old and a new secret
 * while a sender rotates), and one matching is enough. Comparisons are constant-time.
 */
export const SIGNATURE_HEADER = 'X-Evid-Signature';

/** How far the signed time may be from the receiver's clock, either way. */
export const TOLERANCE_SECONDS = 5 * 60;

export interface SignatureHeader {
  timestamp: number;
  signatures: Buffer[];
}

const USAGE = `send ${SIGNATURE_HEADER}: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`;

/** Parses the header; a missing or malformed one is a 401 that says what to send. */
export function parseSignatureHeader(value: string | string[] | undefined): SignatureHeader {
  if (value === undefined || value === '' || Array.isArray(value)) {
    throw new UnauthorizedError(`missing signature: ${USAGE}`);
  }
  let timestamp: number | undefined;
  const signatures: Buffer[] = [];
  for (const part of value.split(',')) {
    const eq = part.indexOf('=');
    const name = part.slice(0, eq).trim();
    const v = part.slice(eq + 1).trim();
    if (eq < 0) continue;
    if (name === 't' && /^\d{1,12}$/.test(v)) timestamp = Number(v);
    // Unknown schemes (v0=, a future v2=) are ignored, as the other signers do.
    else if (name === 'v1' && /^[0-9a-f]{64}$/i.test(v)) signatures.push(Buffer.from(v, 'hex'));
  }
  if (timestamp === undefined || signatures.length === 0) {
    throw new UnauthorizedError(`malformed signature header: ${USAGE}`);
  }
  return { timestamp, signatures };
}

/** Refuses a delivery signed too long ago, or in the future, before its body is read. */
export function assertFresh(header: SignatureHeader, nowMs: number): void {
  const skew = Math.floor(nowMs / 1000) - header.timestamp;
  if (Math.abs(skew) > TOLERANCE_SECONDS) {
    throw new UnauthorizedError(
      `signature timestamp t=${header.timestamp} is ${Math.abs(skew)} s ${skew > 0 ? 'old' : 'in the future'} (at most ${TOLERANCE_SECONDS} s either way: sign each delivery when it is sent, and keep the sender's clock right)`,
    );
  }
}

export function signPayload(secret: string, timestamp: number, body: Uint8Array): Buffer {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest();
}

/** True when one of the header's v1 values is the HMAC of this body under this secret. */
export function signatureMatches(
  secret: string,
  header: SignatureHeader,
  body: Uint8Array,
): boolean {
  const expected = signPayload(secret, header.timestamp, body);
  let ok = false;
  // Every value is compared (no early exit), each in constant time.
  for (const sig of header.signatures) ok = timingSafeEqual(sig, expected) || ok;
  return ok;
}
