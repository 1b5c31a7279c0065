import { patternDetector, type Detector } from '../rule.js';

/**
 * Private key files that are not PEM (round 13's dev half): PuTTY's `.ppk` format, a
 * `PuTTY-User-Key-File-2:` (or `-3:`) line, then `Encryption:`, `Comment:`, the public lines
 * and `Private-Lines: N` with the private key in base64 (encrypted or not, the file is the
 * credential). The rule needs that private part: at least 64 base64 characters after
 * `Private-Lines:`, within 16 KB of the header; the finding runs to the end of the
 * `Private-MAC:` line when there is one, else to the end of the private lines.
 */
const PUTTY_SCAN_LIMIT = 16_384;
const PRIVATE_LINES = /Private-Lines:[ \t]*\d{1,4}[ \t]*\r?\n/y;
/**
 * Where the next `Private-Lines:` starts at or after `from` (-1: none). Headers repeat in a
 * field (1 MB of them in the pathological test): one search serves every header before the
 * place it found, so the field is searched once, not once per header.
 */
let lastSearch: { text: string; from: number; at: number } | undefined;
function nextPrivateLines(text: string, from: number): number {
  const last = lastSearch;
  if (last && last.text === text && last.from <= from && (last.at === -1 || last.at >= from))
    return last.at;
  const at = text.indexOf('Private-Lines:', from);
  lastSearch = { text, from, at };
  return at;
}
const PRIVATE_MAC = /\r?\nPrivate-MAC:[ \t]*[0-9a-fA-F]{20,128}/y;

/** Lines of base64 from `from`: the body ends at the first line that is not base64 alone. */
const BASE64_LINE = /[A-Za-z0-9+/=]{1,128}(?:\r?\n|$)/y;
function base64Body(text: string, from: number, limit: number): { count: number; end: number } {
  let count = 0;
  let end = from;
  BASE64_LINE.lastIndex = from;
  while (BASE64_LINE.lastIndex < limit) {
    const m = BASE64_LINE.exec(text);
    if (!m) break;
    const line = m[0].replace(/\r?\n$/, '');
    count += line.length;
    end = m.index + line.length;
  }
  return { count, end };
}

const puttyPrivateKey = patternDetector({
  id: 'secret.private_key:putty',
  type: 'secret.private_key',
  category: 'secret',
  severity: 'critical',
  regex: /PuTTY-User-Key-File-[1-3]:[ \t]*[A-Za-z0-9@.-]{3,40}/g,
  score: 0.99,
  triggers: [['=PuTTY']],
  refine(_m, ctx, c) {
    const text = ctx.text;
    const limit = Math.min(text.length, c.end + PUTTY_SCAN_LIMIT);
    const at = nextPrivateLines(text, c.end);
    if (at === -1 || at > limit) return null;
    PRIVATE_LINES.lastIndex = at;
    if (!PRIVATE_LINES.test(text)) return null;
    const body = base64Body(text, PRIVATE_LINES.lastIndex, limit);
    if (body.count < 64) return null;
    PRIVATE_MAC.lastIndex = body.end;
    c.end = PRIVATE_MAC.test(text) ? PRIVATE_MAC.lastIndex : body.end;
    return 0.99;
  },
});

/**
 * .NET's XML form of an RSA key (`RSA.ToXmlString(true)`, `<RSAKeyValue><Modulus>...`; round
 * 18's held-out half, jwt-dotnet's test data): with its private exponent `<D>` (64 or more
 * base64 characters) inside the element it is the private key, as a PEM key with a body is;
 * with `<Modulus>` and `<Exponent>` alone it is the public half, and no finding. The finding
 * spans the element to its closing tag, which must come within 16 KB.
 */
const XML_KEY_SCAN_LIMIT = 16_384;
const XML_PRIVATE_EXPONENT = /<D>\s{0,4}[A-Za-z0-9+/]{64,}={0,2}\s{0,4}<\/D>/;
/** Where the next closing tag starts at or after `from` (-1: none), searched once per field. */
let lastClose: { text: string; from: number; at: number } | undefined;
function nextXmlKeyClose(text: string, from: number): number {
  const last = lastClose;
  if (last && last.text === text && last.from <= from && (last.at === -1 || last.at >= from))
    return last.at;
  const at = text.indexOf('</RSAKeyValue>', from);
  lastClose = { text, from, at };
  return at;
}
const xmlRsaPrivateKey = patternDetector({
  id: 'secret.private_key:xml_rsa',
  type: 'secret.private_key',
  category: 'secret',
  severity: 'critical',
  regex: /<RSAKeyValue>/g,
  score: 0.99,
  triggers: [['rsakeyvalue']],
  refine(_m, ctx, c) {
    const close = nextXmlKeyClose(ctx.text, c.end);
    if (close === -1 || close - c.end > XML_KEY_SCAN_LIMIT) return null;
    if (!XML_PRIVATE_EXPONENT.test(ctx.text.slice(c.end, close))) return null;
    c.end = close + '</RSAKeyValue>'.length;
    return 0.99;
  },
});

export const KEY_FILE_SECRET_DETECTORS: readonly Detector[] = [puttyPrivateKey, xmlRsaPrivateKey];
