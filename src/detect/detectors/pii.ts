import { isIPv6 } from 'node:net';
import { NLP_PII_DETECTORS } from './pii-nlp.js';
import { before, after, patternDetector, wordsRegex, type Detector } from '../rule.js';
import {
  EXAMPLE_IBANS,
  IBAN_LENGTHS,
  TEST_CARD_NUMBERS,
  ibanValid,
  isNonPersonalIPv4,
  isTrivialDigits,
  luhnValid,
} from '../validators.js';
import { EMAIL_DETECTORS } from './email.js';
import { phoneDetector } from './phone.js';

/** Structured personal data. Scores follow Presidio: pattern, then checksum, then context. */

const SSN = /(?<![\w.-])(\d{3})([-. ]?)(\d{2})\2(\d{4})(?![\w-]|\.\d)/g;
const SSN_CONTEXT = wordsRegex(['ssn', 'ss#', 'social security', 'taxpayer', 'tin', 'ssa']);
const ID_NEGATIVE = wordsRegex([
  'part', 'order', 'invoice', 'ticket', 'ref', 'reference', 'sku', 'model', 'serial', 'lot',
  'tracking', 'phone', 'tel', 'fax', 'isbn', 'no', 'build', 'version', 'id', 'code', 'account',
]); // prettier-ignore
const FAKE_SSNS = new Set(['078051120', '219099999', '123456789', '987654320']);

const ssn = patternDetector({
  id: 'pii.ssn',
  type: 'pii.ssn',
  category: 'pii',
  severity: 'high',
  regex: SSN,
  score: 0,
  triggers: [['#digits7']],
  refine(m, ctx, c) {
    const [, area = '', sep = '', group = '', serial = ''] = m;
    if (area === '000' || area === '666' || area.startsWith('9')) return null;
    if (group === '00' || serial === '0000') return null;
    const digits = area + group + serial;
    if (FAKE_SSNS.has(digits) || isTrivialDigits(digits)) return null;
    // Dotted (109.99.6000) reaches the threshold only next to an SSN word, as bare digits do.
    let score = sep === '-' ? 0.8 : sep === ' ' ? 0.45 : 0.3;
    const pre = before(ctx.text, c.start, 40);
    if (SSN_CONTEXT.test(pre)) score += 0.4;
    else if (ID_NEGATIVE.test(pre)) score -= 0.5;
    return score;
  },
});

const CARD = /(?<![\d.,-])(?:\d[ -]?){12,18}\d(?![\d-]|[.,]\d)/g;
const CARD_IIN =
  /^(?:4\d{12}(?:\d{3}){0,2}|5[1-5]\d{14}|2(?:22[1-9]|2[3-9]\d|[3-6]\d\d|7[01]\d|720)\d{12}|3[47]\d{13}|3(?:0[0-5]|[689]\d)\d{11,16}|6(?:011|5\d\d|4[4-9]\d)\d{12,15}|35(?:2[89]|[3-8]\d)\d{12,15}|62\d{14,17})$/;
const CARD_GROUPING =
  /^(?:\d{4}([ -])\d{4}\1\d{4}\1\d{4}(?:\1\d{1,3})?|\d{4}([ -])\d{6}\2\d{4,5}|\d{13,19})$/;
const CARD_CONTEXT = wordsRegex([
  'card', 'visa', 'mastercard', 'amex', 'american express', 'discover', 'jcb', 'credit', 'debit',
  'cc', 'payment', 'pay', 'charge', 'charged', 'refund', 'cvv', 'cvc', 'exp', 'expiry', 'billing',
]); // prettier-ignore
const CARD_NEGATIVE = wordsRegex([
  'order', 'invoice', 'tracking', 'reference', 'ref', 'id', 'sku', 'serial', 'isbn', 'ticket',
  'lot', 'lots', 'account reference', 'gift card code', 'meeting', 'imei', 'iccid',
]); // prettier-ignore

const creditCard = patternDetector({
  id: 'pii.credit_card:luhn',
  type: 'pii.credit_card',
  category: 'pii',
  severity: 'high',
  regex: CARD,
  score: 0,
  triggers: [['#digits7']],
  refine(m, ctx, c) {
    const raw = m[0];
    const digits = raw.replace(/\D/g, '');
    if (!CARD_GROUPING.test(raw) || !CARD_IIN.test(digits)) return null;
    if (!luhnValid(digits) || TEST_CARD_NUMBERS.has(digits) || isTrivialDigits(digits)) return null;
    const pre = before(ctx.text, c.start, 40);
    if (CARD_NEGATIVE.test(pre)) return 0.35;
    return CARD_CONTEXT.test(pre) || CARD_CONTEXT.test(after(ctx.text, c.end, 20)) ? 1 : 0.85;
  },
});

const IBAN = /(?<![A-Za-z0-9])[A-Z]{2}\d{2}(?: ?[A-Z0-9]){11,30}(?![A-Za-z0-9])/g;

const iban = patternDetector({
  id: 'pii.iban:mod97',
  type: 'pii.iban',
  category: 'pii',
  severity: 'high',
  regex: IBAN,
  score: 0,
  triggers: [['#digits7', '#longalnum']],
  refine(m, _ctx, c) {
    const expected = IBAN_LENGTHS[m[0].slice(0, 2)];
    if (expected === undefined) return null;
    // The match may run into a following upper-case word: keep exactly `expected` characters.
    let kept = 0;
    let i = 0;
    for (; i < m[0].length && kept < expected; i++) if (m[0][i] !== ' ') kept++;
    if (kept !== expected || /[A-Z0-9]/.test(m[0][i] ?? '')) return null;
    const value = m[0].slice(0, i);
    const compact = value.replace(/ /g, '');
    if (EXAMPLE_IBANS.has(compact) || !ibanValid(compact)) return null;
    c.end = c.start + value.length;
    return 0.95;
  },
});

const OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const IPV4 = new RegExp(`(?<![\\w.:-])(?:${OCTET}\\.){3}${OCTET}(?![\\w-]|\\.\\d)`, 'g');
const VERSION_BEFORE = /(?:\bv|version|ver\.?|release|build|firmware|fw|sdk|==|@)\s*$/;
/** A server being connected to, not a person: URLs, user@host, network tools. */
const SERVER_BEFORE =
  /(?:\/\/|@|\b(?:nc|ncat|netcat|ssh|scp|ping|telnet|nmap|dig|traceroute|host|-h|--host[= ]?|server|upstream|proxy_pass))\s*$/;

const ipv4 = patternDetector({
  id: 'pii.ipv4',
  type: 'pii.ipv4',
  category: 'pii',
  severity: 'low',
  regex: IPV4,
  score: 0.85,
  triggers: [['#ipv4']],
  refine(m, ctx, c) {
    if (isNonPersonalIPv4(m[0].split('.').map(Number))) return null;
    const pre = before(ctx.text, c.start, 20);
    // Versions, and servers named in URLs or ssh targets (not people): "http://1.2.3.4/".
    if (VERSION_BEFORE.test(pre) || SERVER_BEFORE.test(pre)) return null;
    return 0.85;
  },
});

const IPV6 = /(?<![\w:.])[23][0-9A-Fa-f]{0,3}:(?:[0-9A-Fa-f]{0,4}:){1,6}[0-9A-Fa-f]{0,4}(?![\w:])/g;

const ipv6 = patternDetector({
  id: 'pii.ipv6',
  type: 'pii.ipv6',
  category: 'pii',
  severity: 'low',
  regex: IPV6,
  score: 0.85,
  triggers: [['#hexcolon']],
  refine(m) {
    const addr = m[0].toLowerCase();
    if (!isIPv6(addr) || /^2001:0?db8:/.test(addr)) return null;
    return 0.85;
  },
});

const MONTH = '(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\\.?';
const DOB = new RegExp(
  '\\b(?:date of birth|birth ?date|d\\.?o\\.?b\\.?|born(?: on)?|geburtsdatum|fecha de nacimiento|date de naissance)' +
    `(?![a-z])["':\\s=/]{0,8}(?:(?:is|was|of)\\s+)?(?:dob["':\\s=]{0,6})?(\\d{1,2}[./-]\\d{1,2}[./-](?:19|20)\\d{2}|(?:19|20)\\d{2}-\\d{2}-\\d{2}|` +
    `${MONTH} \\d{1,2}(?:st|nd|rd|th)?,? (?:19|20)\\d{2}|\\d{1,2}(?:st|nd|rd|th)? ${MONTH},? (?:19|20)\\d{2})`,
  'gid',
);

const dateOfBirth = patternDetector({
  id: 'pii.date_of_birth:context',
  type: 'pii.date_of_birth',
  category: 'pii',
  severity: 'medium',
  regex: DOB,
  group: 1,
  score: 0.9,
  triggers: [
    [
      'birth',
      'birthdate',
      'dob',
      'born',
      'geburtsdatum',
      'nacimiento',
      'naissance',
      '~d.o.b',
      '~D.O.B',
    ],
  ],
});

const PASSPORT =
  /\b(?:[Pp]assport|PASSPORT|[Pp]asseport|[Rr]eisepass|[Pp]asaporte)\b[^\n\d]{0,30}?\b([A-Z]{0,2}\d{6,9}|[A-Z0-9]{8,9})\b/dg;

const passport = patternDetector({
  id: 'pii.passport:context',
  type: 'pii.passport',
  category: 'pii',
  severity: 'high',
  regex: PASSPORT,
  group: 1,
  score: 0.85,
  triggers: [['passport', 'passeport', 'reisepass', 'pasaporte']],
  refine(m) {
    const digits = (m[1] ?? '').replace(/\D/g, '');
    return digits.length >= 5 && !isTrivialDigits(digits) ? 0.85 : null;
  },
});

// Case-sensitive on purpose: the value must be upper case and the acronyms (DL, NI) too. The
// name ends a word (`\b`): `NI1IQ265...` inside upper-cased base64 is no label, and the
// trigger index, which sees whole words, would not select it (round 15's PEM key upper-cased).
const NATIONAL_ID =
  /\b(?:[Dd]river'?s? [Ll]icen[cs]e|[Dd]riving [Ll]icen[cs]e|DL|[Nn]ational (?:ID|[Ii]d|[Ii]dentity)(?: [Cc]ard)?|[Nn]ational [Ii]nsurance|NI|NINO|[Pp]ersonalausweis|DNI|NIE|CPF|[Aa]adhaar|SIN)\b(?: (?:[Nn]umber|[Nn]o\.?|[Nn]um|#))?[\s:#=.]{0,4}([A-Z0-9][A-Z0-9 -]{4,18}[A-Z0-9])(?![a-z])/dg;

const nationalId = patternDetector({
  id: 'pii.national_id:context',
  type: 'pii.national_id',
  category: 'pii',
  severity: 'high',
  regex: NATIONAL_ID,
  group: 1,
  score: 0.85,
  triggers: [
    [
      'license',
      'licence',
      '=DL',
      'national',
      '=NI',
      '=NINO',
      'personalausweis',
      '=DNI',
      '=NIE',
      '=CPF',
      'aadhaar',
      '=SIN',
    ],
  ],
  refine(m) {
    const digits = (m[1] ?? '').replace(/\D/g, '');
    return digits.length >= 5 && !isTrivialDigits(digits) ? 0.85 : null;
  },
});

export const PII_DETECTORS: readonly Detector[] = [
  ...EMAIL_DETECTORS,
  phoneDetector,
  ssn,
  creditCard,
  iban,
  ipv4,
  ipv6,
  dateOfBirth,
  passport,
  nationalId,
  ...NLP_PII_DETECTORS,
];
