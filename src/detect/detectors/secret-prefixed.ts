import { crc32 as zlibCrc32 } from 'node:zlib';
import type { Detector } from '../rule.js';
import { isPlaceholderValue } from '../validators.js';
import { vendorFormat } from './secret-formats.js';

/**
 * Vendor tokens whose prefix is their own, learnt from round 14 (src/detect/README.md,
 * "Round 14's errors, mended"): found on a bare line too, with no secret word near them,
 * typed `secret.generic_api_key`, each its own rule id for `disabled_rules`. The body checks
 * are vendorFormat's (a digit, no run of one character, no ordered run, random enough).
 * gitleaks' vendored rules hold none of these formats (its Airtable, Cloudflare and
 * Contentful rules want the vendor's name before an older, unprefixed key).
 */

/** vendorFormat, and a placeholder word typed into the token (`...-EXAMPLE`) makes it none. */
const prefixed = (
  id: string,
  regex: RegExp,
  triggers: readonly string[],
  check: (token: string, text: string) => boolean = () => true,
) =>
  vendorFormat(
    id,
    regex,
    triggers,
    (token, text) => !isPlaceholderValue(token) && check(token, text),
  );

/** CRC-32 (IEEE 802.3, zlib's) of an ASCII token part, for the checksums tokens carry. */
export const crc32 = (s: string): number => zlibCrc32(s) >>> 0;

/**
 * Cloudflare's scannable credentials (developers.cloudflare.com, "Token formats"): `cfk_`
 * (global API key), `cfut_` (user token) or `cfat_` (account token), 40 base62 characters and
 * an 8-hex checksum, the CRC-32 of the 40 characters in lower-case hex. A token whose
 * checksum does not hold was typed or cut, so the checksum is required.
 */
const cloudflareToken = prefixed(
  'cloudflare_token',
  /\bcf(?:k|ut|at)_[A-Za-z0-9]{40}[0-9a-f]{8}(?![A-Za-z0-9_-])/g,
  ['cfk', 'cfut', 'cfat'],
  (token) => {
    const body = token.slice(token.indexOf('_') + 1);
    return crc32(body.slice(0, 40)).toString(16).padStart(8, '0') === body.slice(40);
  },
);

/** Contentful personal access tokens (Content Management API): `CFPAT-` and 43 base64url. */
const contentfulPat = prefixed('contentful_pat', /\bCFPAT-[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/g, [
  '=CFPAT',
]);

/**
 * Airtable personal access tokens: `pat`, a 14-character token id, a dot and a 64-hex secret
 * (the id alone is not a credential, so the whole token is the finding).
 */
const airtablePat = prefixed(
  'airtable_pat',
  /\bpat[A-Za-z0-9]{14}\.[0-9a-f]{64}(?![A-Za-z0-9_-])/g,
  // The 64-hex secret is its own word to the trigger index (`.` splits words): a substring
  // check for `pat` on every field cost more than all the other rules of this file.
  ['#hex32'],
);

/** Temporal Cloud API keys: `tmprl_` and base62 parts joined by `_` (40 characters and more). */
const temporalApiKey = prefixed(
  'temporal_cloud',
  /\btmprl_[A-Za-z0-9]{16,64}_[A-Za-z0-9]{24,128}(?![A-Za-z0-9_-])/g,
  ['tmprl'],
);

/**
 * Midtrans server keys: `Mid-server-` in production, `SB-Mid-server-` in the sandbox, and 24
 * base64url characters. The client keys (`Mid-client-`) are public: Snap's checkout page
 * sends them to the browser.
 */
const midtransServerKey = prefixed(
  'midtrans_server_key',
  /(?<![A-Za-z0-9_-])(?:SB-)?Mid-server-[A-Za-z0-9_-]{20,32}(?![A-Za-z0-9_-])/g,
  ['=Mid'],
);

/**
 * Picatic API keys: `sk_live_` and 32 lower-case letters and digits (gitleaks' former
 * `picatic-api-key` rule), beside the word Picatic. Stripe's bodies mix cases, and the Stripe
 * rule leaves this shape to this one when the text names Picatic.
 */
export const PICATIC_BODY = /^sk_live_[0-9a-z]{32}$/;
export const PICATIC_WORD = /(?<![A-Za-z])picatic/i;
const picaticApiKey = prefixed(
  'picatic',
  /\bsk_live_[0-9a-z]{32}(?![A-Za-z0-9])/g,
  ['live'],
  (_token, text) => PICATIC_WORD.test(text),
);
const picatic: Detector = { ...picaticApiKey, triggers: [['live'], ['picatic']] };

/**
 * Review Board API tokens (Review Board 5 and later): `rbp_` and a long base62 body, 255
 * characters in all (round 15's held-out half, from Review Board's own scanner tests).
 */
const reviewBoardToken = prefixed('review_board', /\brbp_[A-Za-z0-9]{200,300}(?![A-Za-z0-9_-])/g, [
  'rbp',
]);

export const PREFIXED_SECRET_DETECTORS: readonly Detector[] = [
  cloudflareToken,
  contentfulPat,
  airtablePat,
  temporalApiKey,
  midtransServerKey,
  picatic,
  reviewBoardToken,
];
