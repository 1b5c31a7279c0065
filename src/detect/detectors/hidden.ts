import type { Detector, RawHit, ScanContext } from '../rule.js';
import { buildTriggerIndex, type TriggerIndex } from '../triggers.js';
import { INJECTION_DETECTORS } from './injection.js';
import { JAILBREAK_DETECTORS } from './jailbreak.js';

/**
 * Instructions hidden from a human reader: base64 payloads, zero-width or Unicode tag
 * characters ("ASCII smuggling"), and Cyrillic/Greek look-alike letters inside Latin words.
 * Each decodes or normalises the text and asks the phrase detectors whether it instructs.
 */

const PHRASE_DETECTORS = [...INJECTION_DETECTORS, ...JAILBREAK_DETECTORS];
let phraseIndex: TriggerIndex | undefined;
const NO_HOSTS: ReadonlySet<string> = new Set();

/** The highest-scoring injection/jailbreak hit the phrase detectors find in `text`. */
export function strongestInstruction(text: string): RawHit | undefined {
  let lower: string | undefined;
  const ctx: ScanContext = {
    text,
    field: 'decoded',
    lower: () => (lower ??= text.toLowerCase()),
    allowedHosts: NO_HOSTS,
  };
  const hits: RawHit[] = [];
  phraseIndex ??= buildTriggerIndex(PHRASE_DETECTORS);
  const allowed = phraseIndex.select(text);
  PHRASE_DETECTORS.forEach((d, i) => {
    if (allowed[i] === 1) d.scan(ctx, hits);
  });
  let best: RawHit | undefined;
  for (const h of hits) if (!best || h.score > best.score) best = h;
  return best;
}

/** Highest injection/jailbreak score the phrase detectors give `text` (0 when none). */
export function instructionScore(text: string): number {
  return strongestInstruction(text)?.score ?? 0;
}

const MAX_DECODES = 32;

function printableRatio(s: string): number {
  let ok = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if ((c >= 32 && c < 127) || c === 10 || c === 13 || c === 9) ok++;
  }
  return s.length === 0 ? 0 : ok / s.length;
}

function b64Char(c: number): boolean {
  return (
    (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 43 || c === 47
  );
}

/** Base64 runs of 24+ characters (a hand-written scan: a regex here costs 10x more). */
function* base64Runs(text: string): Generator<[number, number]> {
  const n = text.length;
  let i = 0;
  while (i < n) {
    if (!b64Char(text.charCodeAt(i))) {
      i++;
      continue;
    }
    let j = i;
    while (j < n && b64Char(text.charCodeAt(j))) j++;
    let end = j;
    while (end < n && end - j < 2 && text.charCodeAt(end) === 61) end++;
    const glued = i > 0 && text.charCodeAt(i - 1) === 61;
    const tail = end < n ? text.charCodeAt(end) : 32;
    if (!glued && j - i >= 24 && j - i <= 4096 && !b64Char(tail) && tail !== 61) yield [i, end];
    i = Math.max(end, j);
  }
}

const encoded: Detector = {
  id: 'injection.encoded:base64',
  category: 'prompt_injection',
  types: ['prompt_injection.encoded'],
  patterns: [],
  triggers: [['#b64']],
  scan(ctx: ScanContext, out: RawHit[]) {
    let decodes = 0;
    for (const [start, end] of base64Runs(ctx.text)) {
      const raw = ctx.text.slice(start, end);
      // Identifiers and hashes are not base64 text: need a mix of classes and a sane length.
      if (raw.length % 4 === 1 || !/[A-Z]/.test(raw) || !/[a-z]/.test(raw)) continue;
      if (++decodes > MAX_DECODES) return;
      const decoded = Buffer.from(raw, 'base64').toString('latin1');
      if (printableRatio(decoded) < 0.95 || !/\s/.test(decoded)) continue;
      const score = instructionScore(decoded);
      if (score < 0.7) continue;
      out.push({
        type: 'prompt_injection.encoded',
        category: 'prompt_injection',
        detector: 'injection.encoded:base64',
        score: Math.max(0.85, score),
        severity: 'high',
        start,
        end,
      });
    }
  },
};

const INVISIBLE_GATE = /[\u200B-\u200D\u2060-\u2064\uFEFF\u180E]|\uDB40[\uDC00-\uDC7F]/;
const ZW = /[\u200B-\u200D\u2060-\u2064\uFEFF\u180E]/;
const TAG_RUN = /(?:\uDB40[\uDC00-\uDC7F])+/g;
const VISIBLE_NEIGHBOUR = /[\x20-\x7E]/;

const invisible: Detector = {
  id: 'injection.zero_width',
  category: 'prompt_injection',
  types: ['prompt_injection.zero_width'],
  patterns: [INVISIBLE_GATE, TAG_RUN],
  triggers: [['#invisible']],
  scan(ctx: ScanContext, out: RawHit[]) {
    const text = ctx.text;
    if (!INVISIBLE_GATE.test(text)) return;
    const push = (start: number, end: number, score: number) =>
      out.push({
        type: 'prompt_injection.zero_width',
        category: 'prompt_injection',
        detector: 'injection.zero_width',
        score,
        severity: 'high',
        start,
        end,
      });
    // Unicode tag characters spell ASCII invisibly; only emoji flag sequences use them.
    TAG_RUN.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = TAG_RUN.exec(text)) !== null) {
      if (text.slice(Math.max(0, m.index - 2), m.index) === '\uD83C\uDFF4') continue; // flag
      if (m[0].length < 8) continue;
      let hidden = '';
      for (let i = 1; i < m[0].length; i += 2)
        hidden += String.fromCharCode(m[0].charCodeAt(i) - 0xdc00);
      push(m.index, m.index + m[0].length, instructionScore(hidden) >= 0.7 ? 0.95 : 0.85);
    }
    // Zero-width characters next to ASCII (not inside emoji ZWJ sequences or Indic/Arabic words).
    let count = 0;
    let first = -1;
    let last = -1;
    for (let i = 0; i < text.length; i++) {
      if (!ZW.test(text[i] as string)) continue;
      const prev = text[i - 1] ?? ' ';
      const next = text[i + 1] ?? ' ';
      const inRun = ZW.test(prev) || ZW.test(next);
      if (!inRun && !(VISIBLE_NEIGHBOUR.test(prev) && VISIBLE_NEIGHBOUR.test(next))) continue;
      if (text.charCodeAt(i) === 0xfeff && i === 0) continue; // byte-order mark
      count++;
      if (first === -1) first = i;
      last = i;
    }
    if (count < 4) return;
    const stripped = text.replace(/[\u200B-\u200D\u2060-\u2064\uFEFF\u180E]/g, '');
    const score = instructionScore(stripped) >= 0.7 && instructionScore(text) < 0.7 ? 0.95 : 0.85;
    push(first, last + 1, score);
  },
};

/** Cyrillic and Greek letters that render like Latin ones. */
const CONFUSABLES: Readonly<Record<string, string>> = {
  а: 'a', е: 'e', о: 'o', р: 'p', с: 'c', у: 'y', х: 'x', і: 'i', ј: 'j', ѕ: 's', ԁ: 'd',
  ԛ: 'q', ԝ: 'w', һ: 'h', ӏ: 'l', т: 't', к: 'k', м: 'm', н: 'h', в: 'b', п: 'n', г: 'r',
  А: 'A', В: 'B', Е: 'E', К: 'K', М: 'M', Н: 'H', О: 'O', Р: 'P', С: 'C', Т: 'T', Х: 'X',
  І: 'I', Ј: 'J', Ѕ: 'S', У: 'Y',
  α: 'a', ο: 'o', ι: 'i', ν: 'v', κ: 'k', ρ: 'p', τ: 't', υ: 'u', χ: 'x', ε: 'e',
  Α: 'A', Β: 'B', Ε: 'E', Ζ: 'Z', Η: 'H', Ι: 'I', Κ: 'K', Μ: 'M', Ν: 'N', Ο: 'O', Ρ: 'P',
  Τ: 'T', Υ: 'Y', Χ: 'X',
}; // prettier-ignore

const MIXED_GATE = /[\u0370-\u03FF\u0400-\u04FF\u0500-\u052F]/;
const WORD = /[A-Za-z\u0370-\u03FF\u0400-\u052F]+/g;
const LATIN = /[A-Za-z]/;

const homoglyph: Detector = {
  id: 'injection.homoglyph',
  category: 'prompt_injection',
  types: ['prompt_injection.homoglyph'],
  patterns: [MIXED_GATE, WORD],
  triggers: [['#greek_cyrillic']],
  scan(ctx: ScanContext, out: RawHit[]) {
    const text = ctx.text;
    if (!MIXED_GATE.test(text)) return;
    let first = -1;
    let last = -1;
    let mixed = 0;
    WORD.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = WORD.exec(text)) !== null) {
      const w = m[0];
      if (!LATIN.test(w) || !MIXED_GATE.test(w)) continue;
      mixed++;
      if (first === -1) first = m.index;
      last = m.index + w.length;
    }
    if (mixed === 0) return;
    let folded = '';
    for (const ch of text) folded += CONFUSABLES[ch] ?? ch;
    const score = instructionScore(folded);
    if (score < 0.7 && mixed < 3) return;
    out.push({
      type: 'prompt_injection.homoglyph',
      category: 'prompt_injection',
      detector: 'injection.homoglyph',
      score: score >= 0.7 ? 0.9 : 0.6,
      severity: 'medium',
      start: first,
      end: last,
    });
  },
};

const LEET_WORD = /\b[a-z]{0,8}[013457@$][a-z]{1,8}[013457@$a-z]*\b/gi;
const LEET_KEYWORDS =
  /ignor|disregard|forget|instruct|prompt|system|reveal|rules|guideline|override/i;
const LEET_MAP: Readonly<Record<string, string>> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '@': 'a',
  $: 's',
};

/** Leetspeak ("1gn0r3 4ll pr3v10us 1nstruct10ns"): folded to letters, then re-scanned. */
const leetspeak: Detector = {
  id: 'injection.leetspeak',
  category: 'prompt_injection',
  types: [
    'prompt_injection.override',
    'prompt_injection.role_hijack',
    'prompt_injection.system_prompt_extraction',
  ],
  patterns: [LEET_WORD],
  triggers: [['#leet']],
  scan(ctx: ScanContext, out: RawHit[]) {
    const words = ctx.text.match(LEET_WORD);
    if (!words || words.length < 3) return;
    const folded = ctx.text.replace(LEET_WORD, (w) =>
      w.replace(/[013457@$]/g, (ch) => LEET_MAP[ch] ?? ch),
    );
    if (!LEET_KEYWORDS.test(folded)) return; // cheap: nothing instruction-like appeared
    const hit = strongestInstruction(folded);
    if (!hit || hit.score < 0.7 || hit.category !== 'prompt_injection') return;
    if (instructionScore(ctx.text) >= 0.7) return; // readable already: the plain detectors have it
    out.push({ ...hit, detector: 'injection.leetspeak' });
  },
};

export const HIDDEN_DETECTORS: readonly Detector[] = [encoded, invisible, homoglyph, leetspeak];
