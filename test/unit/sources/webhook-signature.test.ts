import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  assertFresh,
  parseSignatureHeader,
  signatureMatches,
} from '../../../src/sources/webhook/signature.js';

const secret = 'whsec_test';
const body = Buffer.from('{"a":1}');
const mac = (t: number, key = secret) =>
  createHmac('sha256', key).update(`${t}.${body.toString()}`).digest('hex');

describe('webhook signature header', () => {
  it.each([
    [undefined, /missing signature/],
    ['', /missing signature/],
    ['t=123', /malformed/],
    [`v1=${mac(1)}`, /malformed/],
    ['t=abc,v1=00', /malformed/],
    [`t=1,v1=${mac(1).slice(2)}`, /malformed/],
  ])('refuses %j with 401', (header, message) => {
    expect(() => parseSignatureHeader(header)).toThrow(message);
  });

  it('matches when any v1 value is the HMAC of "<t>.<body>", and ignores other schemes', () => {
    const h = parseSignatureHeader(`t=100, v0=zz, v1=${mac(100, 'other')}, v1=${mac(100)}`);
    expect(h.timestamp).toBe(100);
    expect(signatureMatches(secret, h, body)).toBe(true);
    expect(signatureMatches(secret, parseSignatureHeader(`t=101,v1=${mac(100)}`), body)).toBe(
      false,
    );
    expect(signatureMatches(secret, h, Buffer.from('{"a":2}'))).toBe(false);
  });

  it('accepts a timestamp within 5 minutes either way, and refuses one beyond', () => {
    const now = 1_000_000_000_000;
    const at = (s: number) => parseSignatureHeader(`t=${now / 1000 + s},v1=${mac(0)}`);
    expect(() => assertFresh(at(-300), now)).not.toThrow();
    expect(() => assertFresh(at(300), now)).not.toThrow();
    expect(() => assertFresh(at(-301), now)).toThrow(/301 s old/);
    expect(() => assertFresh(at(301), now)).toThrow(/in the future/);
  });
});
