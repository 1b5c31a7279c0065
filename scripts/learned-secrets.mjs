// A small learned secret scorer, for the experiment in scripts/eval-learned-secrets.mjs
// (src/detect/README.md, "A learned scorer, measured"). It is not part of the detector: it
// measures whether a model trained on the labelled rounds finds what the rules missed on a
// round they never saw, without the false alarms the rules avoid.
//
// A candidate is any run of 8-512 characters without white space, quotes, brackets or the
// separators `= : , ;`. Its features are hashed words: the value's shape (length, character
// classes, entropy, hex/UUID/base64 forms, identifier and template shapes, its first
// characters) and its context (the words before it on its line, the last three of them as
// the key, the words after it, the line above, a fixed list of words anywhere in the text).
// The model is logistic regression fitted by AdaGrad; a second set of one-vs-rest models
// types a candidate (generic key unless a type has 15+ training examples and wins).

export const DIM = 1 << 18;
const CANDIDATE = /[^\s"'`,;()<>[\]{}|\\=:]{8,512}/g;
const TEXT_WORDS = [
  'example',
  'test',
  'placeholder',
  'redact',
  'sha',
  'sha256',
  'sha1',
  'md5',
  'hash',
  'digest',
  'checksum',
  'integrity',
  'commit',
  'uuid',
  'id',
  'fake',
  'dummy',
  'sample',
  'mock',
  'public',
  'fingerprint',
  'nonce',
  'salt',
  'version',
  'lock',
  'resolved',
  'url',
  'http',
  'https',
  'password',
  'secret',
  'token',
  'key',
  'api',
  'private',
  'credential',
  'auth',
  'bearer',
  'begin',
  'aws',
  'env',
];

function hash(s) {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) % DIM;
}

function words(s) {
  return s
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length >= 2 && w.length <= 20 && !/^\d+$/.test(w));
}

function entropy(v) {
  const counts = new Map();
  for (const ch of v) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let e = 0;
  for (const n of counts.values()) e -= (n / v.length) * Math.log2(n / v.length);
  return e;
}

const charClass = (c) => (/[a-z]/.test(c) ? 0 : /[A-Z]/.test(c) ? 1 : /\d/.test(c) ? 2 : 3);

/** Candidate values of a text, with their offsets (trailing sentence punctuation cut). */
export function candidates(text) {
  const out = [];
  for (const m of text.matchAll(CANDIDATE)) {
    const value = m[0].replace(/[.!?]+$/, '');
    if (value.length >= 8) out.push({ start: m.index, end: m.index + value.length, value });
  }
  return out;
}

/** The fixed words a whole text contains (computed once per text). */
export function textWords(text) {
  const present = new Set(words(text));
  return TEXT_WORDS.filter((w) => present.has(w));
}

function valueFeatures(v, add) {
  const bits = Math.min(9, Math.floor(Math.log2(v.length)));
  const e = entropy(v);
  const lower = /[a-z]/.test(v);
  const upper = /[A-Z]/.test(v);
  const digit = /\d/.test(v);
  add(`len:${bits}`);
  add(`cls:${+lower}${+upper}${+digit}${+/[^A-Za-z0-9]/.test(v)}`);
  add(`ent:${Math.min(24, Math.floor(e * 4))}`);
  add(`entlen:${bits}:${Math.min(12, Math.floor(e * 2))}`);
  if (/^[0-9a-f]+$/i.test(v)) add(`hex:${bits}`);
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v)) add('uuid');
  if (/^[A-Za-z0-9+/]+={0,2}$/.test(v) && upper && lower && digit) add('b64');
  if (/^[A-Za-z0-9_-]+$/.test(v) && upper && lower && digit) add('b64url');
  if (/^\d+$/.test(v)) add('digits');
  if (/^[a-zA-Z]+$/.test(v)) add('alpha');
  if (/^[a-z]+(?:[A-Z][a-z0-9]+)+$/.test(v)) add('camel');
  if (/^[a-z0-9]+(?:[_-][a-z0-9]+)+$/.test(v)) add('snake');
  if (/^[A-Z0-9]+(?:_[A-Z0-9]+)+$/.test(v)) add('upper_snake');
  if (/[$%{}]/.test(v)) add('template');
  if (v.includes('/')) add('slash');
  if (v.includes('@')) add('at');
  add(`dots:${Math.min(3, (v.match(/\./g) ?? []).length)}`);
  if (/\.(js|ts|json|py|go|rb|java|md|html|css|ya?ml|txt|com|org|io|net|png|jpg|sh)$/i.test(v))
    add('extension');
  if (/(.)\1\1\1/.test(v)) add('repeat4');
  if (/x{4,}|\*{3,}|\.{3}/i.test(v)) add('masked');
  if (
    /example|your|test|dummy|fake|sample|placeholder|changeme|redacted|secret|password|token/i.test(
      v,
    )
  )
    add('word_inside');
  add(`vowels:${Math.min(6, Math.floor(((v.match(/[aeiou]/gi) ?? []).length / v.length) * 12))}`);
  let changes = 0;
  for (let i = 1; i < v.length; i++) if (charClass(v[i - 1]) !== charClass(v[i])) changes++;
  add(`class_changes:${Math.min(10, Math.floor((changes / v.length) * 20))}`);
  add(`prefix2:${v.slice(0, 2).toLowerCase()}`);
  add(`prefix3:${v.slice(0, 3).toLowerCase()}`);
  const inner = words(v);
  if (inner.length && inner.every((w) => /^[a-z]{3,}$/.test(w))) add('wordy');
}

function contextFeatures(text, c, add) {
  const lineStart = text.lastIndexOf('\n', c.start - 1) + 1;
  const lineEnd = text.indexOf('\n', c.end) < 0 ? text.length : text.indexOf('\n', c.end);
  const left = text.slice(Math.max(lineStart, c.start - 60), c.start);
  const right = text.slice(c.end, Math.min(lineEnd, c.end + 30));
  add(`sep:${left.replace(/\w+$/, '').slice(-2).replace(/\s+/g, ' ')}`);
  add(`next:${right[0] ?? 'EOL'}`);
  const before = words(left);
  for (const w of before) add(`left:${w}`);
  for (const w of before.slice(-3)) add(`key:${w}`);
  if (before.length) add(`key1:${before[before.length - 1]}`);
  for (const w of words(right).slice(0, 3)) add(`right:${w}`);
  if (lineStart > 0) {
    const above = text.slice(text.lastIndexOf('\n', lineStart - 2) + 1, lineStart);
    for (const w of words(above).slice(-6)) add(`above:${w}`);
  }
  if (left.trim() === '') add('line_start');
  if (right.trim() === '') add('line_end');
}

/** The hashed index of one named feature (for features beyond a candidate's own). */
export const tag = (name) => hash(name);

/** Hashed feature indices of one candidate. */
export function features(text, candidate, fixedWords) {
  const out = [];
  const add = (s) => out.push(hash(s));
  valueFeatures(candidate.value, add);
  contextFeatures(text, candidate, add);
  for (const w of fixedWords) add(`text:${w}`);
  return out;
}

/**
 * Logistic regression over hashed features, AdaGrad, a fixed shuffle seed (so a run
 * repeats). With `balance` (candidates, where positives are few) positives are weighted by a
 * quarter of the negative-to-positive ratio.
 */
export function fit(rows, labels, { balance = true, epochs = 8 } = {}) {
  const w = new Float64Array(DIM);
  const g2 = new Float64Array(DIM).fill(1e-8);
  let bias = 0;
  let gBias = 1e-8;
  const positives = labels.filter(Boolean).length;
  const posWeight = balance ? (labels.length - positives) / Math.max(1, positives) / 4 : 1;
  const order = [...rows.keys()];
  let seed = 1;
  const random = () => (seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32;
  const predict = (x) => {
    let z = bias;
    for (const h of x) z += w[h];
    return 1 / (1 + Math.exp(-z));
  };
  for (let e = 0; e < epochs; e++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j], order[i]];
    }
    for (const i of order) {
      const y = labels[i];
      const g = (predict(rows[i]) - y) * (y ? posWeight || 1 : 1);
      for (const h of rows[i]) {
        g2[h] += g * g;
        w[h] -= (0.1 * g) / Math.sqrt(g2[h]);
      }
      gBias += g * g;
      bias -= (0.1 * g) / Math.sqrt(gBias);
    }
  }
  return predict;
}
