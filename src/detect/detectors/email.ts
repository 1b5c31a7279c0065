import { patternDetector, type Detector } from '../rule.js';
import { isPlaceholderEmail } from '../validators.js';

/** Email addresses, plain and bracket-obfuscated ("john [at] gmail [dot] com"). */

// Starts only where a local-part run starts (the lookbehind), so a long run without "@"
// is walked once, not once per character.
const EMAIL =
  /(?<![\w.%+-])[A-Za-z0-9][A-Za-z0-9._%+-]{0,63}@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,24}(?![\w-])/g;
const FILE_TLD =
  /\.(?:png|jpe?g|gif|svg|webp|ico|js|mjs|cjs|ts|tsx|jsx|css|scss|json|ya?ml|lock|map|txt|html?|xml|git)$/i;
const CODE_HOSTS =
  /^(?:git|hg|svn)@(?:github\.com|gitlab\.com|bitbucket\.org|ssh\.dev\.azure\.com)/i;

/** `scheme://user:` right before a local part: URL userinfo. */
const URL_USER_BEFORE = /[A-Za-z][A-Za-z0-9+.-]*:\/\/[^\s/@:]{0,64}:$/;
const EMAIL_AT = new RegExp(EMAIL.source.replace('(?<![\\w.%+-])', ''), 'y');

function localChar(c: number): boolean {
  return (
    (c >= 97 && c <= 122) ||
    (c >= 65 && c <= 90) ||
    (c >= 48 && c <= 57) ||
    c === 46 ||
    c === 95 ||
    c === 37 ||
    c === 43 ||
    c === 45
  );
}

function refineEmail(addr: string): number | null {
  if (isPlaceholderEmail(addr) || FILE_TLD.test(addr) || CODE_HOSTS.test(addr)) return null;
  if (/@\d+x\./i.test(addr)) return null; // logo@2x.png
  return 0.9;
}

/** Walks from each "@" to the start of its local part, then matches there (no regex scan). */
const email: Detector = {
  id: 'pii.email',
  category: 'pii',
  types: ['pii.email'],
  patterns: [EMAIL],
  triggers: [['#at']],
  scan(ctx, out) {
    const text = ctx.text;
    let last = 0;
    for (let at = text.indexOf('@'); at !== -1; at = text.indexOf('@', at + 1)) {
      if (at < last) continue;
      let start = at;
      while (start > 0 && at - start <= 64 && localChar(text.charCodeAt(start - 1))) start--;
      if (at - start > 64 || start === at) continue;
      while (start < at && !/[A-Za-z0-9]/.test(text[start] as string)) start++;
      // `scheme://user:password@host`: the run before `@` is a URL's password, not a mailbox
      // (round 14: a Sentry DSN's secret and a BrowserStack key were read as addresses).
      if (
        text.charCodeAt(start - 1) === 58 &&
        URL_USER_BEFORE.test(text.slice(Math.max(0, start - 80), start))
      )
        continue;
      EMAIL_AT.lastIndex = start;
      const m = EMAIL_AT.exec(text);
      if (!m) continue;
      last = start + m[0].length;
      const score = refineEmail(m[0]);
      if (score === null) continue;
      out.push({
        type: 'pii.email',
        category: 'pii',
        detector: 'pii.email',
        score,
        severity: 'medium',
        start,
        end: last,
      });
    }
  },
};

const OBFUSCATED_EMAIL =
  /(?<![\w.%+-])[A-Za-z0-9][A-Za-z0-9._%+-]{0,63}\s{0,3}[[({]\s{0,2}at\s{0,2}[\])}]\s{0,3}[A-Za-z0-9-]{1,63}(?:\s{0,3}[[({]\s{0,2}dot\s{0,2}[\])}]\s{0,3}[A-Za-z0-9-]{1,63}){1,4}/gi;

/** "john [at] gmail [dot] com": written to dodge scrapers, still an address. */
const obfuscatedEmail = patternDetector({
  id: 'pii.email:obfuscated',
  type: 'pii.email',
  category: 'pii',
  severity: 'medium',
  regex: OBFUSCATED_EMAIL,
  score: 0.85,
  triggers: [['at'], ['dot']],
  refine(m) {
    const addr = m[0]
      .replace(/\s*[[({]\s*at\s*[\])}]\s*/i, '@')
      .replace(/\s*[[({]\s*dot\s*[\])}]\s*/gi, '.');
    return refineEmail(addr) === null ? null : 0.85;
  },
});

export const EMAIL_DETECTORS: readonly Detector[] = [email, obfuscatedEmail];
