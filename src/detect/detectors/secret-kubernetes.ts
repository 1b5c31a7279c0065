import type { Detector, RawHit } from '../rule.js';
import { isPlaceholderValue } from '../validators.js';
import { secretNameKind } from './secret-name.js';
import { isStandInValue, isTypedSequence, secretValueVerdict } from './secret-value.js';

/**
 * The values of a Kubernetes `Secret` manifest (round 12's held-out half, read after its
 * scoring): every entry under `data:` is base64 of a secret, every entry under `stringData:`
 * the secret itself, whatever its key is called (`funnier: dGhp...`). The manifest says what
 * the value is, so no secret name is needed; the value, decoded, is judged as the generic rule
 * judges a value under a password's name (a typed stand-in, a word, a number or a
 * certificate is no secret). Only a document that declares `kind: Secret` is read: a
 * ConfigMap's `data:` holds configuration.
 */

const KIND_SECRET = /^kind:[ \t]*["']?Secret["']?[ \t]*\r?$/m;
const DOC_SEPARATOR = /^---[ \t]*\r?$/gm;
const BLOCK_START = /^([ \t]*)(data|stringData):[ \t]*\r?$/;
const ENTRY = /^([ \t]+)([\w.-]{1,253}):[ \t]*(["']?)([^\s"'#]{1,8192})\3[ \t]*\r?$/;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
/** Keys that name where or who, not a secret: a Secret often carries them beside one. */
const NOT_SECRET_KEY =
  /^(?:user(?:_?name)?|login|host(?:name)?|port|db|database|db_?name|name|email|namespace|region|endpoint|url|uri|[\w.-]*\.crt|[\w.-]*cert(?:ificate)?)$/i;
/** A phrase of a few words (`this is my passphrase`): a password typed as words. */
const PHRASE = /^[A-Za-z][A-Za-z',.!?-]*(?: [A-Za-z',.!?-]+){1,7}$/;

function decode(v: string): string | null {
  if (v.length % 4 !== 0 || !BASE64.test(v)) return null;
  const text = Buffer.from(v, 'base64').toString('utf8');
  // Binary (a keystore, a DER key) decodes to replacement or control characters.
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c < 32 && c !== 9 && c !== 10 && c !== 13) || c === 0xfffd) return null;
  }
  return text.replace(/\r?\n$/, '');
}

/** The finding's type for a decoded value under `key`, or null when it is no secret. */
function judge(key: string, value: string): 'secret.password' | 'secret.generic_api_key' | null {
  if (NOT_SECRET_KEY.test(key) || value.length < 6 || value.length > 4096) return null;
  if (isPlaceholderValue(value) || isStandInValue(value) || isTypedSequence(value)) return null;
  if (/\s/.test(value)) return PHRASE.test(value) && value.length <= 64 ? 'secret.password' : null;
  if (!secretValueVerdict(value, 'password', true).ok) return null;
  // Typed by the key's name; under a name that says nothing, a random value of unknown use is
  // a key, as bare keys are.
  return secretNameKind(key) === 'password' ? 'secret.password' : 'secret.generic_api_key';
}

function hit(type: string, start: number, end: number): RawHit {
  const password = type === 'secret.password';
  return {
    type,
    category: 'secret',
    detector: 'secret.assigned_name:kubernetes_secret',
    score: password ? 0.85 : 0.8,
    severity: 'high',
    start,
    end,
  };
}

/** Reads one YAML document starting at `offset` of the field. */
function scanDocument(doc: string, offset: number, out: RawHit[]): void {
  if (!KIND_SECRET.test(doc)) return;
  let block: { indent: number; encoded: boolean } | null = null;
  let at = 0;
  for (const line of doc.split('\n')) {
    const start = BLOCK_START.exec(line);
    if (start) {
      block = { indent: (start[1] ?? '').length, encoded: start[2] === 'data' };
    } else if (block) {
      const entry = ENTRY.exec(line);
      if (!entry || (entry[1] ?? '').length <= block.indent) {
        block = null;
      } else {
        const raw = entry[4] ?? '';
        const value = block.encoded ? decode(raw) : raw;
        const type = value === null ? null : judge(entry[2] ?? '', value);
        if (type !== null) {
          const from = offset + at + line.indexOf(raw, (entry[1] ?? '').length);
          out.push(hit(type, from, from + raw.length));
        }
      }
    }
    at += line.length + 1;
  }
}

const kubernetesSecret: Detector = {
  id: 'secret.assigned_name:kubernetes_secret',
  category: 'secret',
  types: ['secret.generic_api_key', 'secret.password'],
  patterns: [KIND_SECRET, DOC_SEPARATOR, BLOCK_START, ENTRY, BASE64, NOT_SECRET_KEY, PHRASE],
  triggers: [['secret'], ['data', 'stringdata']],
  scan(ctx, out) {
    const text = ctx.text;
    // `secret` and `data` are ordinary words in agent prose: one indexOf before the regex.
    if (!text.includes('kind:') || !KIND_SECRET.test(text)) return;
    let from = 0;
    DOC_SEPARATOR.lastIndex = 0;
    let sep: RegExpExecArray | null;
    while ((sep = DOC_SEPARATOR.exec(text)) !== null) {
      scanDocument(text.slice(from, sep.index), from, out);
      from = sep.index + sep[0].length;
    }
    scanDocument(text.slice(from), from, out);
  },
};

export const KUBERNETES_SECRET_DETECTORS: readonly Detector[] = [kubernetesSecret];
