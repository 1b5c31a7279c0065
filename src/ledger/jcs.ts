/**
 * RFC 8785 JSON Canonicalization Scheme (JCS): the only canonical JSON in the project.
 * Every ledger digest is SHA-256 of this text, so two implementations (ours, an auditor's)
 * must produce identical bytes for the same data.
 *
 * - Numbers: ECMAScript Number-to-String (RFC 8785 3.2.2.3), which is what String(n) and
 *   JSON.stringify(n) give for finite n (-0 becomes 0). NaN and Infinity throw.
 * - Strings: JSON.stringify's escaping (RFC 8785 3.2.2.2): \b \t \n \f \r \" \\ and
 *   \u00XX (lowercase hex) for other controls; everything else literal, emitted as UTF-8.
 * - Object members sorted by the UTF-16 code units of their names (3.2.3), which is
 *   exactly Array.prototype.sort()'s default order. No whitespace.
 * - Input must be I-JSON (RFC 7493): strings with lone surrogates throw, as do bigint,
 *   symbols, functions, undefined array elements and non-plain objects without toJSON
 *   (Map, Set, class instances: JSON.stringify would silently drop their contents).
 *   Undefined object members are omitted, and toJSON() is honoured (Date), like
 *   JSON.stringify. Nesting deeper than MAX_DEPTH (or a cycle) throws.
 * All failures are TypeErrors. Hot path: one call per ingested event.
 */
import { sha256Utf8, sha256Utf8Hex } from './hasher.js';

/**
 * Deepest nesting canonicalize accepts. The intakes refuse deeper input first, naming the
 * field (src/ingest/well-formed.ts MAX_NESTING), so this TypeError means a caller bug.
 */
export const MAX_DEPTH = 512;
const LONE_SURROGATE = /\p{Cs}/u;
// Strings made only of code units that JSON.stringify leaves alone (no controls, '"', '\\'
// or surrogates) are emitted as-is: this regex scan is about twice as fast as
// JSON.stringify's escaping loop on Node 20, and most text passes it.
const ALL_LITERAL = /^[\u0020\u0021\u0023-\u005b\u005d-\ud7ff\ue000-\uffff]*$/;
// Serialised member names, since the same few names recur in every event. Bounded: names
// are attacker-controlled, so a cache is dropped when full rather than grown.
const KEY_CACHE_LIMIT = 4096;
const keyCache = new Map<string, string>();
const shapeCache = new Map<string, { keys: readonly string[]; sorted: readonly string[] }>();

/** The RFC 8785 canonical JSON text of value. Throws TypeError for non-I-JSON input. */
export function canonicalize(value: unknown): string {
  return serialize(value, 0);
}

/** SHA-256 of the UTF-8 bytes of canonicalize(value): the ledger's subject digest. */
export function canonicalDigest(value: unknown): Buffer {
  return sha256Utf8(serialize(value, 0));
}

/** canonicalDigest(value) as lowercase hex (the ledger's `digest` column), without a Buffer. */
export function canonicalDigestHex(value: unknown): string {
  return sha256Utf8Hex(serialize(value, 0));
}

function serialize(value: unknown, depth: number): string {
  switch (typeof value) {
    case 'string':
      return serializeString(value);
    case 'number':
      if (Number.isFinite(value)) return '' + value;
      throw new TypeError(`canonicalize: ${value} is not a JSON number`);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object':
      if (value === null) return 'null';
      if (depth >= MAX_DEPTH) {
        throw new TypeError(`canonicalize: nested deeper than ${MAX_DEPTH} (or a cycle)`);
      }
      return Array.isArray(value) ? serializeArray(value, depth) : serializeObject(value, depth);
    default:
      throw new TypeError(`canonicalize: a ${typeof value} has no JSON form`);
  }
}

function serializeString(s: string): string {
  if (ALL_LITERAL.test(s)) return '"' + s + '"';
  const out = JSON.stringify(s);
  // Well-formed JSON.stringify escapes a lone surrogate as \udXXX.
  if (out.includes('\\ud') && LONE_SURROGATE.test(s)) {
    throw new TypeError('canonicalize: string with a lone surrogate is not I-JSON');
  }
  return out;
}

function serializeKey(key: string): string {
  let out = keyCache.get(key);
  if (out === undefined) {
    out = serializeString(key);
    if (keyCache.size >= KEY_CACHE_LIMIT) keyCache.clear();
    keyCache.set(key, out);
  }
  return out;
}

/**
 * Member names sorted by UTF-16 code units (the `<` order on strings, and sort()'s
 * default). Objects of one shape recur (every event has the same fields), so the sorted
 * order is remembered per shape, looked up by the first name and confirmed name by name
 * (cheap: property names are interned). Bounded like keyCache.
 */
function sortedKeys(object: object): readonly string[] {
  const keys = Object.keys(object);
  if (keys.length < 2) return keys;
  const known = shapeCache.get(keys[0]);
  if (known !== undefined && sameKeys(known.keys, keys)) return known.sorted;
  const sorted = keys.length > 16 ? keys.slice().sort() : insertionSort(keys.slice());
  if (shapeCache.size >= KEY_CACHE_LIMIT) shapeCache.clear();
  shapeCache.set(keys[0], { keys, sorted });
  return sorted;
}

function sameKeys(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function insertionSort(keys: string[]): string[] {
  for (let i = 1; i < keys.length; i++) {
    const key = keys[i];
    let j = i - 1;
    while (j >= 0 && keys[j] > key) {
      keys[j + 1] = keys[j];
      j--;
    }
    keys[j + 1] = key;
  }
  return keys;
}

function serializeArray(array: readonly unknown[], depth: number): string {
  let out = '[';
  for (let i = 0; i < array.length; i++) {
    const item = array[i];
    if (item === undefined) throw new TypeError(`canonicalize: array element ${i} is undefined`);
    if (i > 0) out += ',';
    out += serialize(item, depth + 1);
  }
  return out + ']';
}

function serializeObject(object: object, depth: number): string {
  const toJSON = (object as { toJSON?: unknown }).toJSON;
  if (typeof toJSON === 'function') return serialize(toJSON.call(object, ''), depth + 1);
  const proto: unknown = Object.getPrototypeOf(object);
  if (proto !== Object.prototype && proto !== null) {
    const name = (object as { constructor?: { name?: string } }).constructor?.name ?? 'object';
    throw new TypeError(`canonicalize: a ${name} is not a plain JSON object`);
  }
  const record = object as Record<string, unknown>;
  const keys = sortedKeys(record);
  let out = '{';
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i];
    const member = record[key];
    if (member === undefined) continue;
    if (out.length > 1) out += ',';
    out += serializeKey(key) + ':' + serialize(member, depth + 1);
  }
  return out + '}';
}
