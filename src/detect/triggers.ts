import type { Detector } from './rule.js';

/**
 * One pass over a field that tells the engine which detectors can possibly match, so most
 * regexes never run on ordinary prose and code (the >= 20 MB/s budget).
 *
 * A detector lists trigger groups; it runs only when every group has a trigger present:
 *   `word`    a whole word, case-folded
 *   `stem*`   a word starting with stem, folded; stems have 6+ letters and are cut to 6,
 *             so the hot loop checks one prefix per word (list short inflections as words)
 *   `=Word`   as `word`, and `Word` must occur with this exact case
 *   `~text`   a substring, checked only when nothing else in its group matched
 *   `#signal` digits7 (7+ digits in one number-like run), ipv4 (d.d.d.d), at ('@'),
 *             colon (':'), invisible (zero-width or tag characters), greek_cyrillic,
 *             b64 (a 16+ character word mixing upper case, lower case and digits),
 *             hexcolon (hex words joined by two colons, as in an IPv6 address),
 *             longalnum (an upper-case word of 14+ characters with digits, or of 16+),
 *             leet (3+ short words mixing letters and digits, as in "1gn0r3 pr3v10us"),
 *             digits5 (5 ASCII digits in a row, anywhere in a word: `\d{5}`),
 *             hex32 (a word of 32+ hex digits and letters a-f, either case, with a digit)
 * Words are runs of ASCII letters and digits, plus Latin-1 letters (`_` splits words, so
 * `db_password` holds the word `password`). Words are hashed (FNV-1a) and looked up through
 * a Bloom filter; a hash collision only runs a detector needlessly, it never skips one.
 * The same pass notes which ASCII punctuation occurs and whether an upper-case letter does,
 * so the substring checks of `~text` and `=Word` (one `includes` each) run only when the
 * text holds every punctuation mark and case the literal needs, and a literal beyond Latin-1
 * only when the text holds such a character.
 */

const SIG_DIGITS7 = 1;
const SIG_IPV4 = 2;
const SIG_AT = 4;
const SIG_COLON = 8;
const SIG_INVISIBLE = 16;
const SIG_GREEK_CYRILLIC = 32;
const SIG_B64 = 64;
const SIG_HEXCOLON = 128;
const SIG_LONGALNUM = 256;
const SIG_LEET = 512;
const SIG_DIGITS5 = 1024;
const SIG_HEX32 = 4096;
/** Not a signal a detector names: the text holds a character beyond Latin-1. */
const SIG_NON_LATIN1 = 2048;
const SIGNAL_BIT: Readonly<Record<string, number>> = {
  digits7: SIG_DIGITS7,
  ipv4: SIG_IPV4,
  at: SIG_AT,
  colon: SIG_COLON,
  invisible: SIG_INVISIBLE,
  greek_cyrillic: SIG_GREEK_CYRILLIC,
  b64: SIG_B64,
  hexcolon: SIG_HEXCOLON,
  longalnum: SIG_LONGALNUM,
  leet: SIG_LEET,
  digits5: SIG_DIGITS5,
  hex32: SIG_HEX32,
};

const PRIME = 16777619;
// As an int32 (same bits): a constant above 2^31 would make the hash a float in the loop.
const SEED = 2166136261 | 0;
const BLOOM_MASK = (1 << 16) - 1;

// Byte classes (the field is scanned as Latin-1 bytes).
const WORD = 1;
const UPPER = 2;
const DIGIT = 4;
const LOWER = 8;
const NOTHEX = 16;
const NUMSEP = 32;
const DIGITS_ONLY = WORD | DIGIT;
const CLS = new Uint8Array(256);
/** Byte -> the byte hashed for it (ASCII upper case folded to lower case). */
const FOLD = new Uint8Array(256);
for (let c = 0; c < 256; c++) FOLD[c] = c >= 65 && c <= 90 ? c | 32 : c;
for (let c = 97; c <= 122; c++) CLS[c] = WORD | LOWER | (c > 102 ? NOTHEX : 0);
for (let c = 65; c <= 90; c++) CLS[c] = WORD | UPPER | (c > 70 ? NOTHEX : 0);
for (let c = 48; c <= 57; c++) CLS[c] = WORD | DIGIT;
for (let c = 0xc0; c <= 0xff; c++) if (c !== 0xd7 && c !== 0xf7) CLS[c] = WORD | NOTHEX;
for (const ch of ' -.()/+') CLS[ch.charCodeAt(0)] = NUMSEP;

/** Byte -> its own bit when it is one of the 32 ASCII punctuation characters, else 0. */
const PUNCT = new Int32Array(256);
for (let c = 33, bit = 0; c < 127; c++) if ((CLS[c]! & WORD) === 0) PUNCT[c] = 1 << bit++;
const PUNCT_AT = PUNCT[64] as number;
const PUNCT_COLON = PUNCT[58] as number;

/** The punctuation bits a literal needs; a text lacking one cannot contain it. */
function punctOf(literal: string): number {
  let mask = 0;
  for (let i = 0; i < literal.length; i++) {
    const c = literal.charCodeAt(i);
    if (c < 256) mask |= PUNCT[c] as number;
  }
  return mask;
}

const NON_LATIN1 = /[\u0100-\uffff]/;
const B64_KINDS = UPPER | LOWER | DIGIT;
const B64_WORD = 16;
const INVISIBLE = /[\u200B-\u200D\u2060-\u2064\uFEFF\u180E]|\uDB40[\uDC00-\uDC7F]/;
const GREEK_CYRILLIC = /[\u0370-\u03FF\u0400-\u052F]/;

const MAX_SHARED_BUFFER = 1 << 20;
let buffer = Buffer.alloc(64 * 1024);
/** Word and stem keys that passed the Bloom filter, for select to look up after the loop. */
let keyBuffer = new Int32Array(buffer.length);

function hashOf(s: string): number {
  let h = SEED;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i) & 0xff;
    h = Math.imul(h ^ (c >= 65 && c <= 90 ? c | 32 : c), PRIME);
  }
  return h;
}

/** Stems are exactly this long (longer ones are cut): the hot loop checks one prefix per word. */
const STEM = 6;

export interface TriggerIndex {
  /**
   * Scans `text` once and returns, per detector (in the order given to buildTriggerIndex),
   * 1 when every trigger group of the detector is met. The array is reused by the next call.
   */
  select(text: string): Uint8Array;
  /**
   * As select, but lists the selected detectors' indexes in ascending order, so a caller
   * visits only those: `ids[0, count)`. The object is reused by the next call.
   */
  selectIds(text: string): SelectedIds;
}

export interface SelectedIds {
  readonly ids: Int32Array;
  readonly count: number;
}

/** What one scan saw: set by scanBytes, read right after it by select. */
interface ScanFacts {
  /** keys[0, keyCount) are the word and stem keys that passed the Bloom filter. */
  keys: Int32Array;
  keyCount: number;
  signals: number;
  /** PUNCT bits of the punctuation present (a superset when the text is not Latin-1). */
  punct: number;
  /** Byte classes of every word, OR-ed (UPPER: an ASCII capital may occur). */
  kinds: number;
}
const facts: ScanFacts = { keys: keyBuffer, keyCount: 0, signals: 0, punct: 0, kinds: 0 };

export function buildTriggerIndex(detectors: readonly Detector[]): TriggerIndex {
  const ids = new Map<string, number>();
  const literal: (string | undefined)[] = []; // `~text`, or the exact-case form of `=Word`
  const exact: boolean[] = [];
  const signal: number[] = [];
  const byHash = new Map<number, number[]>();
  const bloom = new Uint8Array((BLOOM_MASK + 1) >> 3);
  const idOf = (spec: string): number => {
    const known = ids.get(spec);
    if (known !== undefined) return known;
    const id = ids.size;
    ids.set(spec, id);
    signal[id] = 0;
    exact[id] = spec.startsWith('=');
    if (spec.startsWith('#')) {
      const bit = SIGNAL_BIT[spec.slice(1)];
      if (bit === undefined) throw new Error(`unknown trigger signal ${spec}`);
      signal[id] = bit;
      return id;
    }
    if (spec.startsWith('~')) {
      literal[id] = spec.slice(1);
      return id;
    }
    const body = exact[id] ? spec.slice(1) : spec;
    const stem = body.endsWith('*');
    const word = stem ? body.slice(0, -1).slice(0, STEM) : body;
    if (stem && word.length < STEM) throw new Error(`trigger ${spec}: stems need ${STEM}+ letters`);
    if (exact[id]) literal[id] = word;
    // Stems and words share one table: a stem's key mixes in its length.
    const h = stem ? stemKey(hashOf(word)) : hashOf(word);
    const list = byHash.get(h);
    if (list) list.push(id);
    else byHash.set(h, [id]);
    bloom[(h & BLOOM_MASK) >> 3]! |= 1 << (h & 7);
    return id;
  };

  // Groups per detector, and for each trigger the (detector, group) pairs it meets.
  const groupCount: number[] = [];
  const pairs: Array<Array<[number, number]>> = [];
  let totalGroups = 0;
  detectors.forEach((d, di) => {
    const groups = d.triggers ?? [];
    groupCount[di] = groups.length;
    groups.forEach((group, gi) => {
      for (const spec of group) (pairs[idOf(spec)] ??= []).push([di, totalGroups + gi]);
    });
    totalGroups += groups.length;
  });
  const size = ids.size;
  const pairStart = new Int32Array(size + 1);
  for (let id = 0; id < size; id++)
    pairStart[id + 1] = (pairStart[id] as number) + (pairs[id]?.length ?? 0);
  const pairDet = new Int32Array(pairStart[size] as number);
  const pairGroup = new Int32Array(pairStart[size] as number);
  pairs.forEach((list, id) =>
    list.forEach(([d, g], k) => {
      pairDet[(pairStart[id] as number) + k] = d;
      pairGroup[(pairStart[id] as number) + k] = g;
    }),
  );
  const signalIds = Int32Array.from(signal.flatMap((bit, id) => (bit !== 0 ? [id] : [])));
  const literalIds = Int32Array.from(
    literal.flatMap((l, id) => (l !== undefined && !exact[id] ? [id] : [])),
  );
  // Cheap necessary conditions for a literal's includes(): its punctuation and capitals.
  const litPunct = Int32Array.from({ length: size }, (_, id) => punctOf(literal[id] ?? ''));
  const litUpper = Uint8Array.from({ length: size }, (_, id) =>
    /[A-Z]/.test(literal[id] ?? '') ? 1 : 0,
  );
  // A literal beyond Latin-1 (`~비밀번호`, `~hasło`) cannot occur in a Latin-1 text, which most
  // fields are: no includes() for it there.
  const litWide = Uint8Array.from({ length: size }, (_, id) =>
    NON_LATIN1.test(literal[id] ?? '') ? 1 : 0,
  );
  const words = wordTable(byHash);
  const need = Uint8Array.from(groupCount);

  const met = new Uint8Array(totalGroups);
  const counts = new Uint8Array(detectors.length);
  // A detector without triggers always runs; the others are set as their last group is met.
  const out = Uint8Array.from(groupCount, (n) => (n === 0 ? 1 : 0));
  const ready = new Int32Array(detectors.length);
  let readyCount = 0;
  const always = Int32Array.from(groupCount.flatMap((n, d) => (n === 0 ? [d] : [])));
  const selected = { ids: new Int32Array(detectors.length), count: 0 };
  const seenAt = new Int32Array(size);
  const pending = new Int32Array(size); // `=Word` triggers whose folded word occurred
  let pendingCount = 0;
  let stamp = 0;

  const satisfy = (id: number): void => {
    for (let p = pairStart[id] as number, e = pairStart[id + 1] as number; p < e; p++) {
      const g = pairGroup[p] as number;
      if (met[g] === 0) {
        met[g] = 1;
        const d = pairDet[p] as number;
        if (++counts[d]! === need[d]) {
          out[d] = 1;
          ready[readyCount++] = d;
        }
      }
    }
  };
  const onKey = (key: number): void => {
    let slot = (key ^ (key >>> 16)) & words.mask;
    for (;;) {
      const to = words.to[slot] as number;
      if (to === 0) return;
      if (words.key[slot] === key) break;
      slot = (slot + 1) & words.mask;
    }
    for (let k = words.from[slot] as number, to = words.to[slot] as number; k < to; k++) {
      const id = words.ids[k] as number;
      if (seenAt[id] === stamp) continue;
      seenAt[id] = stamp;
      if (exact[id]) pending[pendingCount++] = id;
      else satisfy(id);
    }
  };
  /** A literal may occur: the text has every punctuation mark and the capitals it needs. */
  const mayHold = (id: number): boolean =>
    (facts.punct & (litPunct[id] as number)) === litPunct[id] &&
    (litUpper[id] === 0 || (facts.kinds & UPPER) !== 0) &&
    (litWide[id] === 0 || (facts.signals & SIG_NON_LATIN1) !== 0);
  /** A substring trigger is worth an includes() only if it would complete a detector. */
  const completes = (id: number): boolean => {
    for (let p = pairStart[id] as number, e = pairStart[id + 1] as number; p < e; p++) {
      const d = pairDet[p] as number;
      if (met[pairGroup[p] as number] === 0 && (counts[d] as number) + 1 === need[d]) return true;
    }
    return false;
  };

  const select = (text: string): Uint8Array => {
    stamp = stamp === 0x7fffffff ? 1 : stamp + 1;
    for (let k = 0; k < readyCount; k++) out[ready[k] as number] = 0;
    readyCount = 0;
    pendingCount = 0;
    met.fill(0);
    counts.fill(0);
    scanBytes(text, bloom);
    const keys = facts.keys;
    for (let k = 0, n = facts.keyCount; k < n; k++) onKey(keys[k] as number);
    for (let k = 0; k < pendingCount; k++) {
      const id = pending[k] as number;
      if (mayHold(id) && text.includes(literal[id] as string)) satisfy(id);
    }
    const signals = facts.signals;
    for (let k = 0; k < signalIds.length; k++) {
      const id = signalIds[k] as number;
      if ((signals & signal[id]!) !== 0) satisfy(id);
    }
    for (let k = 0; k < literalIds.length; k++) {
      const id = literalIds[k] as number;
      if (completes(id) && mayHold(id) && text.includes(literal[id] as string)) satisfy(id);
    }
    return out;
  };

  return {
    select,
    selectIds(text) {
      select(text);
      // The detectors completed during the scan, sorted (a handful per field), merged with
      // the ones that have no triggers.
      for (let k = 1; k < readyCount; k++) {
        const d = ready[k] as number;
        let j = k - 1;
        for (; j >= 0 && (ready[j] as number) > d; j--) ready[j + 1] = ready[j] as number;
        ready[j + 1] = d;
      }
      const ids = selected.ids;
      let n = 0;
      let a = 0;
      let r = 0;
      while (a < always.length || r < readyCount) {
        if (r === readyCount || (a < always.length && (always[a] as number) < (ready[r] as number)))
          ids[n++] = always[a++] as number;
        else ids[n++] = ready[r++] as number;
      }
      selected.count = n;
      return selected;
    },
  };
}

/** Word and stem keys -> trigger ids, as an open-addressing table (no Map in the hot path). */
interface WordTable {
  mask: number;
  key: Int32Array;
  /** ids[from[slot], to[slot]) are the slot's triggers; to[slot] === 0 marks a free slot. */
  from: Int32Array;
  to: Int32Array;
  ids: Int32Array;
}

function wordTable(byHash: ReadonlyMap<number, readonly number[]>): WordTable {
  let slots = 16;
  while (slots < byHash.size * 4) slots *= 2;
  const mask = slots - 1;
  const table: WordTable = {
    mask,
    key: new Int32Array(slots),
    from: new Int32Array(slots),
    to: new Int32Array(slots),
    ids: Int32Array.from([...byHash.values()].flat()),
  };
  let next = 0;
  for (const [key, list] of byHash) {
    let slot = (key ^ (key >>> 16)) & mask;
    while (table.to[slot] !== 0) slot = (slot + 1) & mask;
    table.key[slot] = key;
    table.from[slot] = next;
    next += list.length;
    table.to[slot] = next;
  }
  return table;
}

/** bytes[from, to) holds `run` ASCII digits in a row. */
function hasDigitRun(bytes: Uint8Array, from: number, to: number, run: number): boolean {
  let digits = 0;
  for (let i = from; i < to; i++) {
    if ((CLS[bytes[i] as number]! & DIGIT) === 0) digits = 0;
    else if (++digits === run) return true;
  }
  return false;
}

/** bytes[from, to) has a letter somewhere after a digit ("1gn0r3", "1GN0R3"; not "utf8"). */
function letterAfterDigit(bytes: Uint8Array, from: number, to: number): boolean {
  let digit = false;
  for (let i = from; i < to; i++) {
    const cls = CLS[bytes[i] as number] as number;
    if ((cls & DIGIT) !== 0) digit = true;
    else if (digit && (cls & (LOWER | UPPER)) !== 0) return true;
  }
  return false;
}

function stemKey(hash: number): number {
  return Math.imul(hash ^ 0x9e3779b9, PRIME);
}

/**
 * The hot loop. Requires `text` to be scanned synchronously (one shared buffer).
 * Leaves in `facts` every word and stem key that passes the Bloom filter, and the signals,
 * punctuation and word classes it saw. No call in the loop and the tables in locals: a call
 * would make the compiled loop reload every table and its bounds per byte.
 */
function scanBytes(text: string, bloom: Uint8Array): void {
  let signals = 0;
  const latin1 = !NON_LATIN1.test(text);
  if (!latin1) {
    signals |= SIG_NON_LATIN1;
    if (INVISIBLE.test(text)) signals |= SIG_INVISIBLE;
    if (GREEK_CYRILLIC.test(text)) signals |= SIG_GREEK_CYRILLIC;
  }
  // One shared buffer for ordinary fields; a huge field gets its own, not kept afterwards.
  if (buffer.length <= text.length && text.length < MAX_SHARED_BUFFER) {
    buffer = Buffer.alloc(Math.min(MAX_SHARED_BUFFER, text.length * 2 + 1));
  }
  const shared = text.length < buffer.length;
  if (shared && keyBuffer.length !== buffer.length) keyBuffer = new Int32Array(buffer.length);
  const bytes = shared ? buffer : Buffer.allocUnsafe(text.length + 1);
  // A key per word and per stem: at most one per byte, plus the word ended by the sentinel.
  const keys = shared ? keyBuffer : new Int32Array(text.length + 1);
  const n = bytes.write(text, 0, 'latin1');
  const classOf = CLS;
  const fold = FOLD;
  const punctBit = PUNCT;
  let keyCount = 0;
  let h = SEED;
  let len = 0;
  let kinds = 0;
  let allKinds = 0;
  let punct = 0;
  let numRun = 0; // digits in the current number-like run ("415-867-2390")
  let dots = 0;
  let hexRun = 0; // hex words joined by ':' so far
  let mixed = 0; // short words with a letter after a digit
  bytes[n] = 32; // sentinel: the last word ends inside the loop
  for (let i = 0; i <= n; i++) {
    const c = bytes[i] as number;
    const cls = classOf[c] as number;
    if ((cls & WORD) !== 0) {
      h = Math.imul(h ^ (fold[c] as number), PRIME);
      len++;
      kinds |= cls;
      if (len === STEM) {
        const k = stemKey(h);
        if ((bloom[(k & BLOOM_MASK) >> 3]! & (1 << (k & 7))) !== 0) keys[keyCount++] = k;
      }
      continue;
    }
    punct |= punctBit[c] as number;
    if (len !== 0) {
      // A word just ended at c.
      if ((bloom[(h & BLOOM_MASK) >> 3]! & (1 << (h & 7))) !== 0) keys[keyCount++] = h;
      allKinds |= kinds;
      if (len >= B64_WORD && (kinds & B64_KINDS) === B64_KINDS) signals |= SIG_B64;
      // Digits never split a word, so a run of five lies inside one word.
      if (len >= 5 && (kinds & DIGIT) !== 0 && hasDigitRun(bytes, i - len, i, 5))
        signals |= SIG_DIGITS5;
      if (kinds === DIGITS_ONLY) {
        numRun += len;
        if (numRun >= 7) signals |= SIG_DIGITS7;
        if (dots >= 3) signals |= SIG_IPV4;
        if (c === 46) dots++;
      } else {
        numRun = 0;
        dots = 0;
        // A letter after a digit, and a letter that is not hex: "1gn0r3" (or "1GN0R3", which
        // the leetspeak rule reads too), not "utf8" or "3f4e".
        const leet =
          (kinds & (DIGIT | NOTHEX)) === (DIGIT | NOTHEX) &&
          (kinds & (LOWER | UPPER)) !== 0 &&
          len >= 3 &&
          len <= 14 &&
          letterAfterDigit(bytes, i - len, i);
        if (leet && ++mixed >= 3) signals |= SIG_LEET;
        if (
          len >= 14 &&
          (kinds & (UPPER | LOWER)) === UPPER &&
          (len >= 16 || (kinds & DIGIT) !== 0)
        )
          signals |= SIG_LONGALNUM;
        if (len >= 32 && (kinds & (NOTHEX | DIGIT)) === DIGIT) signals |= SIG_HEX32;
      }
      if (c === 58 && (kinds & NOTHEX) === 0) {
        if (++hexRun >= 2) signals |= SIG_HEXCOLON;
      } else {
        hexRun = 0;
      }
      h = SEED;
      len = 0;
      kinds = 0;
    } else if (c !== 58) {
      hexRun = 0;
    }
    if ((cls & NUMSEP) === 0) {
      numRun = 0;
      dots = 0;
    }
  }
  // Every ASCII character is written as itself, so a clear bit means the mark is absent; a
  // set bit is exact for Latin-1 text (a wider character writes only its low byte).
  if ((punct & PUNCT_AT) !== 0 && (latin1 || text.includes('@'))) signals |= SIG_AT;
  if ((punct & PUNCT_COLON) !== 0 && (latin1 || text.includes(':'))) signals |= SIG_COLON;
  facts.keys = keys;
  facts.keyCount = keyCount;
  facts.signals = signals;
  facts.punct = punct;
  facts.kinds = allKinds;
}
