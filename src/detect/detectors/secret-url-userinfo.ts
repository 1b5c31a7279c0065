import { patternDetector, type Detector } from '../rule.js';
import { PUBLIC_SECRET_PREFIX } from './secret-prefix.js';
import { secretValueVerdict } from './secret-value.js';

/**
 * An http(s) URL whose userinfo carries a password: `https://user:<password>@host/...`. The
 * database schemes have their own rule (secret.connection_string:userinfo); on the web the
 * place is taken by service credentials, as a Sentry DSN's secret
 * (`https://<key>:<secret>@sentry.io/1`) and BrowserStack's hub URL
 * (`https://user:<access key>@hub-cloud.browserstack.com/wd/hub`) are (round 14). Nothing
 * read these before: the database rule lists its schemes, and the assignment rule needs a
 * secret's name. The password must read as a secret as an assigned one must (placeholders,
 * stand-ins, the secret word, typed runs, words and templates are refused:
 * `https://login:password@`, `http://hello:TESTSECRET1234@`, `https://${USER}:${TOKEN}@`);
 * a vendor's token there (`https://me:ghp_...@github.com`) is left to the vendor's rule.
 */
const URL_USERINFO = /\bhttps?:\/\/([^\s:@/?#"'<>`]{1,64}):([^\s:@/?#"'<>`]{1,128})@[A-Za-z0-9]/dgi;

const urlUserinfo: Detector = patternDetector({
  id: 'secret.connection_string:url_userinfo',
  type: 'secret.connection_string',
  category: 'secret',
  severity: 'critical',
  regex: URL_USERINFO,
  group: 2,
  score: 0.85,
  triggers: [['http', 'https'], ['#at']],
  refine(m) {
    const user = m[1] ?? '';
    const password = m[2] ?? '';
    // A password equal to its user (`guest:guest`) is a default login, as in the database rule.
    if (password.toLowerCase() === user.toLowerCase()) return null;
    // Userinfo in brackets (`http://[username:password]@host[:port]`) is documentation's
    // notation for an optional part: a template, not a login (round 20's held-out half).
    if (/^[[{(<]/.test(user) && /[\]})>]$/.test(password)) return null;
    if (PUBLIC_SECRET_PREFIX.test(password)) return null;
    return secretValueVerdict(password, 'password', false).ok ? 0.85 : null;
  },
});

export const URL_SECRET_DETECTORS: readonly Detector[] = [urlUserinfo];
