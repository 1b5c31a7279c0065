import type { Detector, RawHit, ScanContext } from '../rule.js';
import { isPlaceholderValue, shannonEntropy } from '../validators.js';
import { secretNameKind } from './secret-name.js';
import { hasRepeatedChunk, hasTypedRun, isIdentifier, isStandInValue } from './secret-value.js';

/**
 * An opt-in rule for random values with no secret name and no vendor format (a bare base64
 * line, a random quoted value under `FOO_BAR`, a bare Azure DevOps PAT): it reports a quoted
 * string, or a line that is one token, whose Shannon entropy passes detect-secrets' default
 * limits. The limits and charsets are detect-secrets' (Yelp/detect-secrets,
 * `detect_secrets/plugins/high_entropy_strings.py`: `Base64HighEntropyString` over letters,
 * digits and `+/-_=`, default `base64_limit` 4.5; `HexHighEntropyString` over hex digits,
 * default `hex_limit` 3.0, less `1.2 / log2(len)` when the value is all digits; a value
 * counts when its entropy is strictly above the limit). They were not tuned on the project's
 * corpus or rounds. Randomness alone also fires on hashes, ids and nonces, so the rule is off
 * in the default policy: a policy turns it on with `enabled_rules: ["secret.high_entropy"]`.
 */

export const HIGH_ENTROPY_RULE_ID = 'secret.high_entropy';
export const BASE64_LIMIT = 4.5;
export const HEX_LIMIT = 3.0;
const MIN_LENGTH = 20;
const SCORE = 0.8;

/**
 * The candidates detect-secrets reads: a quoted string that is one token (group 2); the
 * unquoted value of a `name=value` or `name: value` line, as its INI and YAML readers take
 * it (group 3); and, for the bare keys the issue names, a line that is one token, maybe with
 * a trailing comma (group 4). `=` is only padding at a token's end, so `NAME=value` is never
 * one token. Each repetition consumes a character of a bounded class, so the scan is linear;
 * tokens longer than 1024 characters are data, not keys.
 */
const CANDIDATE =
  /(["'`])([A-Za-z0-9+/_-]{20,1024}={0,2})\1|^[ \t]*(?:export[ \t]+)?[A-Za-z_][\w.-]{0,63}[ \t]*[=:][ \t]*([A-Za-z0-9+/_-]{20,1024}={0,2})[ \t]*$|^[ \t]*([A-Za-z0-9+/_-]{20,1024}={0,2})[ \t]*(?:,[ \t]*)?$/dgm;
const GROUPS = [2, 3, 4] as const;

const HEX = /^[0-9a-fA-F]+$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** MD5, SHA-1 (git), SHA-256 and SHA-512 digests in hex. */
const HEX_DIGEST_LENGTHS = new Set([32, 40, 64, 128]);
/** MD5, SHA-1, SHA-256, SHA-512 digests in padded base64: 24 `==`, 28 `=`, 44 `=`, 88 `==`. */
const BASE64_DIGEST =
  /^[A-Za-z0-9+/]{22}==$|^[A-Za-z0-9+/]{27}=$|^[A-Za-z0-9+/]{43}=$|^[A-Za-z0-9+/]{86}==$/;
/** Subresource-integrity and lock-file hashes: `sha512-<base64>`. */
const INTEGRITY = /^sha(?:1|256|384|512)-/i;
/** The name a value is assigned to, just before it: `NAME=`, `"name": "`, `name: '`. */
const NAME_BEFORE = /([A-Za-z_$][\w.$-]{0,63})["']?\s*(?::|=|=>|:=)\s*["'`]?$/;

/** Entropy as detect-secrets' hex plugin measures it: all-digit values lose 1.2 / log2(len). */
function hexEntropy(v: string): number {
  const h = shannonEntropy(v);
  return /^\d+$/.test(v) ? h - 1.2 / Math.log2(v.length) : h;
}

/** Whether the value passes the entropy limit of its charset (hex first, as it is narrower). */
export function passesEntropyLimit(v: string): boolean {
  return HEX.test(v) ? hexEntropy(v) > HEX_LIMIT : shannonEntropy(v) > BASE64_LIMIT;
}

const nameBefore = (text: string, start: number): string | undefined =>
  NAME_BEFORE.exec(text.slice(Math.max(0, start - 80), start))?.[1];

function underSecretName(text: string, start: number): boolean {
  const name = nameBefore(text, start);
  return name !== undefined && secretNameKind(name) !== null;
}

/** `public_key = "..."`, `publicToken: "..."`, `publishableKey`: the name says it is public. */
const PUBLIC_NAME = /publi(?:c|shable)/i;

/**
 * Camel-case words (`TestBase64DetectorShouldNotDetectLongMethodNames`): no random value. Each
 * hump is matched whole (a lower-case run cannot split two ways), so the test is linear.
 */
const CAMEL_WORDS = /^(?:[A-Z]?[a-z]{2,}(?![a-z])|[A-Z]{2,}(?![A-Za-z])|\d{1,4}(?!\d))+$/;

/**
 * Base64 that decodes to printable text (`eyJ...` JSON, as in a JWT's parts, or a sentence)
 * is encoded text, not random bytes: 20 random bytes are all printable with odds of about
 * one in 10^11.
 */
function isEncodedText(v: string): boolean {
  if (HEX.test(v)) return false;
  const bytes = Buffer.from(v.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  if (bytes.length < 12) return false;
  let printable = 0;
  for (const b of bytes) if ((b >= 0x20 && b < 0x7f) || b === 0x0a || b === 0x09) printable++;
  return printable === bytes.length;
}

/**
 * Random-looking values that are not secrets: ids and digests of standard shapes (unless a
 * secret name stands before them: a 32-hex API key is common), paths and identifiers made of
 * words, base64 of text, values under a name saying they are public, and the typed stand-ins
 * the other secret rules drop.
 */
function isObviousNonSecret(v: string, text: string, start: number): boolean {
  if (UUID.test(v) || INTEGRITY.test(v)) return true;
  const digest = (HEX.test(v) && HEX_DIGEST_LENGTHS.has(v.length)) || BASE64_DIGEST.test(v);
  if (digest && !underSecretName(text, start)) return true;
  if (isIdentifier(v) || CAMEL_WORDS.test(v) || v.startsWith('/') || v.includes('//')) return true;
  if (isEncodedText(v) || PUBLIC_NAME.test(nameBefore(text, start) ?? '')) return true;
  return isPlaceholderValue(v) || isStandInValue(v) || hasTypedRun(v) || hasRepeatedChunk(v);
}

/**
 * A line of a PEM or PGP armored block (`-----BEGIN CERTIFICATE-----` ... `-----END`): the
 * base64 of a certificate or public key is public, and private keys have their own rules.
 */
function insideArmor(text: string, start: number): boolean {
  const begin = text.lastIndexOf('-----BEGIN ', start);
  return begin >= 0 && text.lastIndexOf('-----END ', start) < begin;
}

function scan(ctx: ScanContext, out: RawHit[]): void {
  const { text } = ctx;
  CANDIDATE.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = CANDIDATE.exec(text)) !== null) {
    const group = GROUPS.find((g) => m?.[g] !== undefined) ?? 2;
    const span = m.indices?.[group];
    if (!span) continue;
    const [start, end] = span;
    const value = text.slice(start, end);
    if (value.length < MIN_LENGTH || !passesEntropyLimit(value)) continue;
    if (isObviousNonSecret(value, text, start) || insideArmor(text, start)) continue;
    out.push({
      type: 'secret.generic_api_key',
      category: 'secret',
      detector: HIGH_ENTROPY_RULE_ID,
      score: SCORE,
      severity: 'medium',
      start,
      end,
    });
  }
}

export const highEntropySecret: Detector = {
  id: HIGH_ENTROPY_RULE_ID,
  category: 'secret',
  types: ['secret.generic_api_key'],
  patterns: [CANDIDATE, NAME_BEFORE, BASE64_DIGEST, CAMEL_WORDS],
  optIn: true,
  // No trigger: a random value holds no word to trigger on. The scan is one linear regex pass
  // and an entropy count per candidate, and it runs only in policies that enable it.
  scan,
};
