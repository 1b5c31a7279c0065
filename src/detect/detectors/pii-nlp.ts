import { createRequire } from 'node:module';
import { before, after, patternDetector, wordsRegex, type Detector, type RawHit } from '../rule.js';
import { isTrivialDigits } from '../validators.js';

/**
 * Personal data that needs a maintained library rather than a pattern (issue 18):
 * - phone numbers in national formats, validated per country by libphonenumber-js (next to
 *   a phone word only: a bare digit run is too often something else);
 * - person names from compromise's lexicon of first names (a first name followed by a
 *   surname-like capitalised word, or a name after "my name is", a title or a greeting);
 *   names alone are low severity, identifiers rank above them;
 * - postal addresses (house number, street word and a locality or postcode; UK postcodes;
 *   Spanish, German and Colombian street forms; "I live in <Place>");
 * - driver's licence numbers after their context words (Presidio's idea: pattern + context).
 * Both libraries load on first use (createRequire), never at start-up.
 */

const require = createRequire(import.meta.url);

type Lexicon = Record<string, string | string[]>;
let lexicon: Lexicon | undefined;
/** compromise's English lexicon: word -> tag(s). Loaded once, on the first name candidate. */
function words(): Lexicon {
  if (lexicon) return lexicon;
  const nlp = require('compromise') as { model(): { one: { lexicon: Lexicon } } };
  lexicon = nlp.model().one.lexicon;
  return lexicon;
}
const tags = (w: string): string[] => {
  const t = words()[w.toLowerCase()];
  return t === undefined ? [] : Array.isArray(t) ? t : [t];
};
const FIRST = /^(?:FirstName|MaleName|FemaleName)$/;
const isFirstName = (w: string) => tags(w).some((t) => FIRST.test(t));
/** A surname candidate: unknown to the lexicon, or known only as a name. */
const isSurname = (w: string) => {
  const t = tags(w);
  return t.length === 0 || t.every((x) => /Name$|^Person$|^ProperNoun$/.test(x));
};

/** Names that forms and documentation use as placeholders. */
const PLACEHOLDER_NAMES = new Set([
  'john doe', 'jane doe', 'john smith', 'jane smith', 'joe bloggs', 'max mustermann',
  'erika mustermann', 'john public', 'richard roe', 'foo', 'bar', 'test', 'user',
]); // prettier-ignore

const NAME_PAIR =
  /\b([A-Z][a-z]{1,15})\s+(?:[A-Z]\.\s+|\([A-Z][a-z]+\)\s+)?([A-Z][a-z]{1,20}(?:-[A-Z][a-z]{1,20})?)\b/g;
const NAME_INTRO =
  /\b(?:my name is|my name's|name:|i am called|call me|mr\.?|mrs\.?|ms\.?|miss|dr\.?|dear|patient|signed,?|regards,?)\s+([A-Z][a-z]{1,15})\b/gi;

function nameHit(detector: string, start: number, end: number): RawHit {
  return { type: 'pii.person_name', category: 'pii', detector, score: 0.8, severity: 'low', start, end };
} // prettier-ignore

/** A first name from the lexicon followed by a surname-like capitalised word. */
const personName: Detector = {
  id: 'pii.person_name:lexicon',
  category: 'pii',
  types: ['pii.person_name'],
  patterns: [NAME_PAIR],
  scan(ctx, out) {
    NAME_PAIR.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = NAME_PAIR.exec(ctx.text)) !== null) {
      const first = m[1] as string;
      const last = m[2] as string;
      if (
        !isFirstName(first) ||
        !isSurname(last) ||
        PLACEHOLDER_NAMES.has(`${first} ${last}`.toLowerCase())
      ) {
        NAME_PAIR.lastIndex = m.index + first.length;
        continue;
      }
      out.push(nameHit('pii.person_name:lexicon', m.index, m.index + m[0].length));
    }
  },
};

/** A capitalised name after "my name is", a title or a greeting. */
const introducedName: Detector = {
  id: 'pii.person_name:intro',
  category: 'pii',
  types: ['pii.person_name'],
  patterns: [NAME_INTRO],
  triggers: [
    ['name', 'called', 'call', 'mr', 'mrs', 'ms', 'miss', 'dr', 'dear', 'patient', 'signed', 'regards'],
  ],
  scan(ctx, out) {
    NAME_INTRO.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = NAME_INTRO.exec(ctx.text)) !== null) {
      const name = m[1] as string;
      const start = m.index + m[0].length - name.length;
      // The context words match in any case; the name itself must be capitalised.
      if (!/^[A-Z][a-z]+$/.test(name) || PLACEHOLDER_NAMES.has(name.toLowerCase())) continue;
      const t = tags(name);
      if (t.length > 0 && !t.some((x) => /Name$|^Person$/.test(x))) continue;
      out.push(nameHit('pii.person_name:intro', start, start + name.length));
    }
  },
}; // prettier-ignore

const STREET =
  '(?:st|street|ave|avenue|rd|road|blvd|boulevard|dr|drive|ln|lane|way|pkwy|parkway|ct|court|pl|place|ter|terrace|hwy|highway|sq|square|cir|circle|hill|drove|parade|close|crescent|row|mall|walk|gardens|grove|mews|park|trail|plaza)';
const US_STATE_OR_ZIP = '(?:\\b[A-Z]{2}\\b(?:\\s+\\d{5}(?:-\\d{4})?)?|\\b\\d{5}(?:-\\d{4})?\\b)';
const UK_POSTCODE = '\\b[A-Z]{1,2}\\d[A-Z\\d]?\\s\\d[A-Z]{2}\\b';
const STREET_WORDS = STREET.slice(3, -1).split('|');

/**
 * Street addresses, one rule per form. Each runs only when a cheap check its pattern cannot
 * match without passes (a street word and a house number, a flat or PO box number, a
 * five-digit postcode, a `#` plate number), so ordinary prose pays one quick test, not the
 * address pattern.
 */
function addressRule(
  form: string,
  regex: RegExp,
  gate: (text: string) => boolean,
  triggers?: readonly (readonly string[])[],
): Detector {
  return patternDetector({
    id: `pii.address:${form}`,
    type: 'pii.address',
    category: 'pii',
    severity: 'medium',
    regex,
    score: 0.8,
    gate,
    ...(triggers ? { triggers } : {}),
    refine(m) {
      // A version, a time or a quantity followed by a unit is not a house number.
      return /^\d+(?:\.\d+)+/.test(m[0]) ? null : 0.8;
    },
  });
}

// A house number, lettered or not: 12 / 12a / 2455-B.
const HOUSE_NUMBER = /\d(?:-?[A-Za-z])?\s/;
const addresses: readonly Detector[] = [
  // 123 Main St [Apt 4], Springfield, IL 62704 / 473 Boston Rd, Wilbraham, MA / 2455-B W Bench Rd
  addressRule(
    'street',
    new RegExp(
      `\\b\\d{1,6}(?:-\\d{1,5})?(?:-?[A-Za-z])?\\s+(?:[NSEW]{1,2}\\s+)?(?:[A-Za-z0-9'.-]+\\s+){0,3}?${STREET}\\b\\.?(?:\\s+[NSEW]{1,2}\\b|\\s+(?:north|south|east|west)\\b)?[^\\n]{0,60}?(?:\\n[^\\n]{0,40}?)?(?:${US_STATE_OR_ZIP}|${UK_POSTCODE})`,
      'gi',
    ),
    (t) => HOUSE_NUMBER.test(t),
    [STREET_WORDS],
  ),
  // Flat 14, ... London, EC1N 8QX / PO Box 1, Seattle, WA 98103
  addressRule(
    'flat',
    new RegExp(
      `\\b(?:flat|unit|apartment|apt|po box|p\\.o\\. box)\\s+\\d{1,5}[A-Za-z]?,?[^\\n]{0,80}?(?:${UK_POSTCODE}|${US_STATE_OR_ZIP})`,
      'gi',
    ),
    (t) => /(?:flat|unit|apartment|apt|box)\s+\d/i.test(t),
    // Whole words the pattern needs: texts without one skip the gate's scan too.
    [['flat', 'unit', 'apartment', 'apt', 'box']],
  ),
  // Paseo de la Castellana, 185 - 5º, 28046 Madrid / Musterstraße 12, 10115 Berlin
  addressRule(
    'continental',
    /\b(?:calle|c\.|paseo|avenida|avda\.|plaza|rua|via|viale|piazza|rue|chemin|[A-Za-zäöüß]+(?:straße|strasse|str\.|weg|gasse|platz|allee))\s*(?:[\w.'À-ÿ-]+,?\s+){0,4}?\d{1,5}[^\n]{0,20}?\b\d{5}\s+[A-Z]/gi,
    (t) => /\d{5}\s/.test(t),
    [['#digits5']],
  ),
  // Cra 18#63-64 (Colombian street and plate numbers)
  addressRule(
    'plate',
    /\b(?:cra|carrera|calle|cl|av|avenida|diagonal|transversal)\.?\s*\d{1,3}[A-Za-z]?\s*#\s*\d{1,3}-\d{1,3}\b/gi,
    (t) => t.includes('#'),
    [['~#']],
  ),
  // A street name, a house number and a five-digit postcode: LÓPEZ MATEOS, 106, 21840, MEXICALI
  addressRule(
    'numbered',
    /\b[A-ZÁÉÍÓÚÑ][A-ZÁÉÍÓÚÑ ]{3,30},\s*\d{1,5},\s*\d{5},\s*[A-ZÁÉÍÓÚÑ]{3,}/gi,
    (t) => /\d,\s*\d{5},/.test(t),
    [['#digits5']],
  ),
];

const residence = patternDetector({
  id: 'pii.address:residence',
  type: 'pii.address',
  category: 'pii',
  severity: 'low',
  regex:
    /\b(?:I|[Ww]e)\s+(?:live|reside|lived|am living|are living)\s+(?:in|at)\s+([A-Z][a-z]{2,20}(?:\s+[A-Z][a-z]{2,20}){0,2})\b/dg,
  group: 1,
  score: 0.75,
  triggers: [['live', 'reside', 'lived', 'living']],
});

const LICENCE =
  /\bdriver'?s?\s+licen[cs]e(?:\s+(?:number|no\.?|#|id))?(?:\s+is)?(?:\s*[:#]\s*|\s+)([A-Z0-9*]{1,3}[A-Z0-9*-]{4,16})(?![A-Za-z0-9])/dgi;
const drivers = patternDetector({
  id: 'pii.drivers_license:context',
  type: 'pii.drivers_license',
  category: 'pii',
  severity: 'high',
  regex: LICENCE,
  group: 1,
  score: 0.85,
  triggers: [
    ['driver', 'drivers'],
    ['license', 'licence'],
  ],
  refine(m) {
    const v = m[1] ?? '';
    return /\d/.test(v) && !isTrivialDigits(v.replace(/\D/g, '')) ? 0.85 : null;
  },
});

/**
 * UK (DVLA) driving licence numbers: five letters of the surname (padded with 9s), six
 * digits holding the birth date (month + 50 for women), two initials, a digit and two check
 * characters, then the two-digit issue number; spaces are allowed between the groups.
 * Only next to a licence word: the shape alone could be a part number.
 */
const UK_LICENCE =
  /\b([A-Z]{1,5}9{0,4}) ?(\d{3} ?\d{3}) ?[A-Z9]{2}\d[A-Z0-9]{2}(?: ?\d{2})?(?![A-Za-z0-9])/dg;
const LICENCE_WORDS = wordsRegex(['licence', 'license', 'dvla', 'driving', 'driver', 'drivers']);
const ukLicence = patternDetector({
  id: 'pii.drivers_license:uk_dvla',
  type: 'pii.drivers_license',
  category: 'pii',
  severity: 'high',
  regex: UK_LICENCE,
  score: 0.85,
  triggers: [['licence', 'license', 'dvla', 'driving']],
  refine(m, ctx, c) {
    const [, surname = '', birth = ''] = m;
    const digits = birth.replace(' ', '');
    if (surname.length !== 5) return null;
    const month = Number(digits.slice(1, 3));
    const day = Number(digits.slice(3, 5));
    if (month % 50 < 1 || month % 50 > 12 || month > 62 || day < 1 || day > 31) return null;
    return LICENCE_WORDS.test(before(ctx.text, c.start, 60)) ? 0.85 : null;
  },
});

type PhoneLib = {
  parsePhoneNumberFromString(
    text: string,
    country?: string,
  ): { isValid(): boolean; country?: string; nationalNumber: string } | undefined;
};
let phoneLib: PhoneLib | undefined;
const COUNTRIES = [
  'US',
  'GB',
  'DE',
  'FR',
  'IL',
  'IN',
  'ES',
  'IT',
  'NL',
  'AU',
  'BR',
  'MX',
  'JP',
  'CH',
  'SE',
];
const PHONE_WORDS = wordsRegex([
  'phone', 'phones', 'tel', 'telephone', 'mobile', 'cell', 'cellphone', 'call', 'sms',
  'whatsapp', 'fax', 'number', 'dial', 'telefon', 'téléphone', 'móvil',
]); // prettier-ignore
const NOT_A_PHONE = wordsRegex([
  'order', 'invoice', 'tracking', 'isbn', 'ref', 'reference', 'id', 'account', 'serial', 'build',
  'version', 'passcode', 'ticket', 'lot', 'part', 'sku', 'port', 'timestamp', 'code', 'card',
  'passport', 'license', 'licence', 'ssn', 'amount', 'total', 'release', 'social security',
  'taxpayer', 'itin',
]); // prettier-ignore
/** The SSN grouping (3-2-4): an identifier, never a phone, even a known fake SSN. */
const SSN_SHAPE = /^\d{3}([- .])\d{2}\1\d{4}$/;
const PHONE_CANDIDATE = /(?<![\w+./-])(?:\+|00)?\(?\d[\d \u00a0()./-]{5,18}\d(?![\w/-]|\.\d)/g;

/** A national-format number next to a phone word, valid in one of the common countries. */
const phoneByCountry = patternDetector({
  id: 'pii.phone:libphonenumber',
  type: 'pii.phone',
  category: 'pii',
  severity: 'medium',
  regex: PHONE_CANDIDATE,
  score: 0.85,
  triggers: [['phone', 'phones', 'tel', 'telephone', 'mobile', 'cell', 'cellphone', 'call', 'sms', 'whatsapp', 'fax', 'number', 'dial', 'telefon', 'téléphone', 'móvil']],
  refine(m, ctx, c) {
    const raw = m[0];
    const digits = raw.replace(/\D/g, '');
    if (digits.length < 7 || digits.length > 15 || isTrivialDigits(digits)) return null;
    if (SSN_SHAPE.test(raw)) return null;
    if (/^\d{4}[-/.]\d{1,2}[-/.]\d{1,2}$|^\d{1,2}[-/.]\d{1,2}[-/.]\d{2,4}$/.test(raw)) return null;
    if (!PHONE_WORDS.test(before(ctx.text, c.start, 40)) && !PHONE_WORDS.test(after(ctx.text, c.end, 12))) return null;
    if (NOT_A_PHONE.test(before(ctx.text, c.start, 40)) || (raw.match(/\./g)?.length ?? 0) > 1) return null;
    // 555-0100..0199 is reserved for fiction; 123-456-7890 is a dummy.
    const ten = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
    const fiction = ten.length === 7 ? ten.startsWith('55501') : ten.slice(3, 8) === '55501';
    if (fiction || ten === '1234567890') return null;
    phoneLib ??= require('libphonenumber-js') as PhoneLib;
    const lib = phoneLib;
    const valid = raw.startsWith('+')
      ? lib.parsePhoneNumberFromString(raw)?.isValid() === true
      : COUNTRIES.some((country) => lib.parsePhoneNumberFromString(raw, country)?.isValid() === true);
    return valid ? 0.85 : null;
  },
}); // prettier-ignore

export const NLP_PII_DETECTORS: readonly Detector[] = [
  personName,
  introducedName,
  ...addresses,
  residence,
  drivers,
  ukLicence,
  phoneByCountry,
];
