import { before, after, patternDetector, wordsRegex, type Detector } from '../rule.js';
import { isTrivialDigits } from '../validators.js';

/**
 * Phone numbers: E.164 (`+` or `00` prefix), North American (NANP) and European national
 * formats. One candidate regex finds digit runs with phone separators; the refine step
 * classifies them, so dates, ISBNs, tracking and order numbers never reach a score.
 */
const CANDIDATE = /(?<![\w+./:-])(?:\+|00)?\(?\d[\d \u00a0()./-]{5,22}\d(?![\w/-]|\.\d)/g;

const CONTEXT = wordsRegex([
  'phone', 'tel', 'telephone', 'mobile', 'mobil', 'mob', 'cell', 'cellphone', 'call', 'text', 'sms', 'whatsapp',
  'fax', 'contact', 'number', 'reach', 'dial', 'ring', 'portable', 'handy', 'telefon',
  'téléphone', 'móvil', 'pager',
]); // prettier-ignore
const NEGATIVE = wordsRegex([
  'order', 'invoice', 'tracking', 'isbn', 'ref', 'reference', 'id', 'account', 'serial', 'build',
  'version', 'passcode', 'ticket', 'lot', 'lots', 'part', 'sku', 'pid', 'port', 'timestamp',
  'epoch', 'meeting', 'code', 'iban', 'card', 'ssn', 'amount', 'total', 'social security',
]); // prettier-ignore

const DATE_LIKE = /^(?:\d{4}[-/.]\d{1,2}[-/.]\d{1,2}|\d{1,2}[-/.]\d{1,2}[-/.]\d{2,4})$/;
const NANP_FORMATTED = /^(?:1[ .-]?)?(?:\(\d{3}\) ?|\d{3}([ .-]))\d{3}[ .-]\d{4}$/;
const FR_PAIRS = /^0[1-9](?:[ .]\d{2}){4}$/;
const NATIONAL = /^0\d{1,4}(?:[ -]\d{2,8}){1,3}$|^0\d{2,5}\/\d{4,9}$/;
const PLUS_FORM = /^(?:\+|00)\d{1,3}(?:[ .-]?\(?\d{1,5}\)?){1,5}$/;

/** NANP: area and exchange 2-9xx; 555-01xx are reserved for fiction; 123-456-7890 is a dummy. */
function nanpValid(ten: string): boolean {
  if (!/^[2-9]\d{2}[2-9]\d{6}$/.test(ten)) return false;
  if (ten.slice(3, 6) === '555' && ten.slice(6, 8) === '01') return false;
  if (ten === '1234567890' || isTrivialDigits(ten)) return false;
  return true;
}

/** The SSN grouping (3-2-4): an identifier, never a phone, even a known fake SSN. */
const SSN_SHAPE = /^\d{3}([- .])\d{2}\1\d{4}$/;

function classify(raw: string): number | null {
  if (DATE_LIKE.test(raw) || SSN_SHAPE.test(raw)) return null;
  const digits = raw.replace(/\D/g, '');
  if (isTrivialDigits(digits)) return null;
  if (raw.startsWith('+') || raw.startsWith('00')) {
    if (!PLUS_FORM.test(raw)) return null;
    const intl = raw.startsWith('00') ? digits.slice(2) : digits;
    if (intl.length < 8 || intl.length > 15 || intl.startsWith('0')) return null;
    if (intl.startsWith('1') && (intl.length !== 11 || !nanpValid(intl.slice(1)))) return null;
    return 0.85;
  }
  if (NANP_FORMATTED.test(raw)) {
    const ten = digits.length === 11 ? digits.slice(1) : digits;
    return ten.length === 10 && nanpValid(ten) ? 0.8 : null;
  }
  if (/^\d{10}$/.test(raw) && nanpValid(raw)) return 0.4;
  if (/^0[1-9]\d{8,9}$/.test(raw)) return 0.4; // national number without separators
  if (FR_PAIRS.test(raw)) return 0.8;
  if (NATIONAL.test(raw) && digits.length >= 10 && digits.length <= 11) return 0.6;
  return null;
}

export const phoneDetector: Detector = patternDetector({
  id: 'pii.phone',
  type: 'pii.phone',
  category: 'pii',
  severity: 'medium',
  regex: CANDIDATE,
  score: 0,
  triggers: [['#digits7']],
  refine(m, ctx, c) {
    const base = classify(m[0]);
    if (base === null) return null;
    const pre = before(ctx.text, c.start, 40);
    const post = after(ctx.text, c.end, 12);
    let score = base;
    if (CONTEXT.test(pre) || CONTEXT.test(post)) score += 0.35;
    if (NEGATIVE.test(pre)) score -= 0.45;
    return score;
  },
});
