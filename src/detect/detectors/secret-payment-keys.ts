import { patternDetector, type Detector } from '../rule.js';
import { isPlaceholderValue, shannonEntropy } from '../validators.js';
import { hasOrderedRun } from './secret-value.js';

/**
 * Payment providers' credentials in their own formats that no other rule reads (issue 18,
 * round 20's dev half: payment SDKs' samples with the vendors' published sandbox values).
 * The convention has no type for these vendors, so both are generic keys.
 */

/**
 * Checkout.com secret keys: `sk_sbox_` (sandbox) or `sk_` (production) and 26 characters of
 * lower-case base32 with a check character, as Checkout's SDKs validate them
 * (`^sk_(sbox_)?[a-z2-7]{26}[a-z2-7*#$=]$`), and the older `sk_test_` or `sk_` and a UUID.
 * Stripe's `sk_test_` keys are base62 with upper case and no dashes, so neither form is
 * Stripe's. `pk_` keys are publishable.
 */
const checkoutKey = patternDetector({
  id: 'secret.generic_api_key:checkout_key',
  type: 'secret.generic_api_key',
  category: 'secret',
  severity: 'high',
  regex:
    /\bsk_(?:(?:sbox_)?[a-z2-7]{26}[a-z2-7*#$=]|(?:test_)?[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?![A-Za-z0-9_-])/g,
  score: 0.9,
  triggers: [['sk']],
  refine(m) {
    const body = m[0].replace(/^sk_(?:sbox_|test_)?/, '');
    if (!/\d/.test(body) || isPlaceholderValue(body) || hasOrderedRun(body)) return null;
    return shannonEntropy(body) >= 3.2 ? 0.9 : null;
  },
});

/**
 * PayPal's classic (NVP/SOAP) API signature: 56 characters from `A`, letters, digits and a
 * `-`, under a signature setting of PayPal's SDKs (`acct1.Signature`, `API_SIGNATURE`,
 * `apiSignature`, PHP's `define('API_SIGNATURE', ...)`). `Signature` alone names many public
 * values (a JWS's, a webhook's header), so the name must say API, account or PayPal.
 */
const paypalSignature = patternDetector({
  id: 'secret.generic_api_key:paypal_signature',
  type: 'secret.generic_api_key',
  category: 'secret',
  severity: 'high',
  regex:
    /\b(?:acct\d{1,2}\.|api[_.-]?|paypal[_.-]?(?:api[_.-]?)?)signature["']?[ \t]*(?:=>|[:=,])[ \t]*["']?(A[A-Za-z0-9-]{55})(?![A-Za-z0-9_-])/dgi,
  group: 1,
  score: 0.9,
  triggers: [['signature', 'apisignature']],
  refine(m) {
    const v = m[1] ?? '';
    if (!v.includes('-') || !/\d/.test(v) || !/[a-z]/.test(v) || !/[A-Z].*[A-Z]/.test(v))
      return null;
    if (isPlaceholderValue(v) || hasOrderedRun(v)) return null;
    return shannonEntropy(v) >= 4 ? 0.9 : null;
  },
});

export const PAYMENT_SECRET_DETECTORS: readonly Detector[] = [checkoutKey, paypalSignature];
