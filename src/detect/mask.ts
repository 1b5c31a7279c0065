import { PUBLIC_SECRET_PREFIX } from './detectors/secret.js';
import type { Category } from './types.js';

/**
 * Masking for display. Personal data and secrets never appear raw: only the parts that
 * identify the kind of value (an email's domain, a card's last four digits, a token's
 * public prefix). Behavioural findings (injection, jailbreak, toxicity, tool misuse) show
 * the matched phrase, which is the evidence a reviewer needs; sensitive spans inside it are
 * masked by the excerpt builder.
 */

export const SENSITIVE_CATEGORIES: ReadonlySet<Category> = new Set(['pii', 'secret', 'policy']);

const MAX_PHRASE = 100;
const INVISIBLE = /[\u200B-\u200D\u2060-\u2064\uFEFF\u180E]|\uDB40[\uDC00-\uDC7F]/g;

/** Shows zero-width and tag characters as `\u{...}` escapes; collapses whitespace. */
export function visible(s: string): string {
  return s
    .replace(INVISIBLE, (ch) => `\\u{${(ch.codePointAt(0) ?? 0).toString(16)}}`)
    .replace(/\s+/g, ' ');
}

const star = (s: string) => s.replace(/[\p{L}\p{N}]/gu, '*');

function keepLast(raw: string, keep: number): string {
  let digits = 0;
  for (const ch of raw) if (/\d/.test(ch)) digits++;
  let seen = 0;
  let out = '';
  for (const ch of raw) {
    if (/\d/.test(ch)) {
      seen++;
      out += seen > digits - keep ? ch : '*';
    } else out += /[A-Za-z]/.test(ch) ? '*' : ch;
  }
  return out;
}

export function maskValue(type: string, category: Category, raw: string): string {
  if (!SENSITIVE_CATEGORIES.has(category)) {
    const v = visible(raw);
    return v.length > MAX_PHRASE ? `${v.slice(0, MAX_PHRASE)}…` : v;
  }
  switch (type) {
    case 'pii.email': {
      // "john [at] gmail [dot] com" is shown in its plain form.
      const plainForm = raw
        .replace(/\s*[[({]\s*at\s*[\])}]\s*/i, '@')
        .replace(/\s*[[({]\s*dot\s*[\])}]\s*/gi, '.');
      const at = plainForm.lastIndexOf('@');
      return at === -1 ? star(plainForm) : `${plainForm[0] ?? ''}***@${plainForm.slice(at + 1)}`;
    }
    case 'pii.credit_card':
      return keepLast(raw, 4);
    case 'pii.phone':
      return keepLast(raw, 2);
    case 'pii.iban':
      return raw.slice(0, 2) + star(raw.slice(2));
    case 'pii.ipv4':
      return raw.replace(/\.\d+\.\d+\.\d+$/, '.*.*.*');
    case 'pii.ipv6':
      return `${raw.split(':')[0] ?? ''}:****`;
    default:
      break;
  }
  if (category === 'secret') {
    const prefix = PUBLIC_SECRET_PREFIX.exec(raw)?.[0] ?? '';
    return `${prefix}********`;
  }
  const masked = star(visible(raw));
  return masked.length > 40 ? `${masked.slice(0, 40)}…` : masked;
}
