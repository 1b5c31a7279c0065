import { patternDetector, type Detector } from '../rule.js';
import { isPlaceholderValue, shannonEntropy } from '../validators.js';
import { PUBLIC_SECRET_PREFIX } from './secret-prefix.js';
import {
  hasOrderedRun,
  hasTypedRun,
  isTypedTokenBody,
  secretValueVerdict,
} from './secret-value.js';

/**
 * Credential formats learnt in round 10 (src/detect/README.md, "Round 10"), each its own rule
 * id for `disabled_rules`: a `user:password` pair passed to a command-line flag, Azure AD
 * client secrets, Azure Data Factory runtime keys, private keys as bare DER in base64,
 * Terraform Cloud tokens and Heroku API keys.
 */

/**
 * `curl -u user:password`, `curl --user "user:password"`, `curl -u :token`, `http --auth
 * user:password`: the password half of the pair (a lone `-u user` prompts for it). With the
 * password left empty (`curl -u "<key>:"`, as Stripe's examples send an API key) the user
 * half is the credential, and must read as a key (a vendor's prefix leaves it to that vendor's
 * rule). A pair in `<...>` is a usage line
 * (`curl -u <user:password>`). Case-sensitive: `-U` is another flag.
 */
const userPasswordFlag = patternDetector({
  id: 'secret.password:user_flag',
  type: 'secret.password',
  category: 'secret',
  severity: 'high',
  regex:
    /(?<![\w-])(?:-u|--user|--proxy-user|--auth)(?:[ \t]+|=)(["']?)([^\s:"'$<>]{0,64}):(["']?)([^\s"'<>]{0,128})\3\1(?![^\s"'])/dg,
  group: 4,
  score: 0.85,
  triggers: [['u', 'user', 'auth'], ['#colon']],
  refine: (m, _ctx, c) => {
    const password = m[4] ?? '';
    // A password equal to its user (`-u guest:guest`) is a default login, not a secret.
    if (password !== '' && password.toLowerCase() === (m[2] ?? '').toLowerCase()) return null;
    if (password !== '') return secretValueVerdict(password, 'password', true).ok ? 0.85 : null;
    // A vendor's key there (`-u sk_test_...:`) is left to the vendor's rule and type.
    const user = m.indices?.[2];
    const key = m[2] ?? '';
    // A login (`ops@relay.local:`) is no key.
    if (!user || key.includes('@') || PUBLIC_SECRET_PREFIX.test(key)) return null;
    if (!secretValueVerdict(key, 'key', true).ok) return null;
    [c.start, c.end] = user;
    return 0.85;
  },
});

/**
 * Azure AD (Entra ID) client secrets: three characters, a digit and `Q~`, then 31-34 more
 * (`abc8Q~...`), in any syntax: the `Q~` infix is the format's own mark.
 */
const azureAdClientSecret = patternDetector({
  id: 'secret.generic_api_key:azure_ad_client_secret',
  type: 'secret.generic_api_key',
  category: 'secret',
  severity: 'high',
  regex: /(?<![A-Za-z0-9_~.-])[A-Za-z0-9_~.]{3}\dQ~[A-Za-z0-9_~.-]{31,34}(?![A-Za-z0-9_~.-])/g,
  score: 0.9,
  triggers: [['~Q~']],
  refine: (m) =>
    /[a-z]/.test(m[0]) && /[A-Z]/.test(m[0].slice(6)) && shannonEntropy(m[0]) >= 3.8 ? 0.9 : null,
});

/** Azure Data Factory self-hosted runtime keys: `IR@<uuid>@<factory>@<region>@<base64>`. */
const azureDataFactoryKey = patternDetector({
  id: 'secret.generic_api_key:azure_data_factory',
  type: 'secret.generic_api_key',
  category: 'secret',
  severity: 'high',
  regex: /\bIR@[0-9A-Za-z-]{36}@[^@\s]{1,64}@[0-9A-Za-z=-]{1,32}@[A-Za-z0-9+/]{43}=/g,
  score: 0.9,
  triggers: [['=IR'], ['#at']],
  refine: (m) => (shannonEntropy(m[0].slice(-44)) >= 4 ? 0.9 : null),
});

/**
 * A private key as bare DER in base64 (no PEM lines): the decoded head is a SEQUENCE holding
 * version 0 then a modulus (PKCS#1 RSA), an algorithm (PKCS#8), or version 1 and an octet
 * string (SEC1 EC). Public keys and certificates open their SEQUENCE with another one.
 */
function isPrivateKeyDer(b64: string): boolean {
  const head = Buffer.from(b64.slice(0, 16), 'base64');
  if (head[0] !== 0x30) return false;
  const len = head[1] ?? 0;
  const i = len & 0x80 ? 2 + (len & 0x7f) : 2;
  if (head[i] !== 0x02 || head[i + 1] !== 0x01) return false;
  const version = head[i + 2];
  const next = head[i + 3];
  return (version === 0 && (next === 0x02 || next === 0x30)) || (version === 1 && next === 0x04);
}
const derPrivateKey = patternDetector({
  id: 'secret.private_key:der',
  type: 'secret.private_key',
  category: 'secret',
  severity: 'critical',
  regex: /(?<![A-Za-z0-9+/])M[IH][A-Za-z0-9+/]{100,8000}={0,2}(?![A-Za-z0-9+/=])/g,
  score: 0.95,
  triggers: [['~MI', '~MH']],
  refine: (m) => (isPrivateKeyDer(m[0]) ? 0.95 : null),
});

/**
 * Vendor formats with a mark of their own, typed `secret.generic_api_key` as the corpus labels
 * them: Terraform Cloud tokens (`.atlasv1.`), Heroku's current API keys (`HRKU-AA`) and the
 * prefixes below. A
 * run of one repeated letter or digit is a placeholder.
 */
export const vendorFormat = (
  id: string,
  regex: RegExp,
  triggers: readonly string[],
  // A format's own check on top of the body checks (a checksum, the vendor's name near it).
  check: (token: string, text: string) => boolean = () => true,
) =>
  patternDetector({
    id: `secret.generic_api_key:${id}`,
    type: 'secret.generic_api_key',
    category: 'secret',
    severity: 'high',
    regex,
    score: 0.9,
    triggers: [triggers],
    // A keyboard run or a chunk typed over and over (a Braintree token of `1s2d3f4g...` and
    // `1b2b3c4a3a` three times, round 13's dev half) is typed, as for the other vendor rules.
    refine: (m) =>
      /([A-Za-z0-9])\1{5,}/.test(m[0]) ||
      !/\d/.test(m[0]) ||
      shannonEntropy(m[0]) < 3.5 ||
      hasOrderedRun(m[0]) ||
      !check(m[0], m.input)
        ? null
        : 0.9,
  });
const terraformCloudToken = vendorFormat(
  'terraform_cloud',
  /\b[A-Za-z0-9]{14}\.atlasv1\.[A-Za-z0-9_=-]{60,70}(?![A-Za-z0-9_=-])/g,
  ['atlasv1'],
);
const herokuApiKey = vendorFormat('heroku', /\bHRKU-AA[0-9A-Za-z_-]{58}(?![0-9A-Za-z_-])/g, [
  '=HRKU',
]);
// Round 11's held-out half: MongoDB Atlas service account secrets (`mdb_sa_sk_` and 40; the
// `mdb_sa_id_` client id is not a secret), Kolide API keys (`k2sk_v1_` and 24) and Braintree
// access tokens (`access_token$production$` or `$sandbox$`, a 16-character merchant id and 32
// lower-case alphanumerics, which scanners write as hex but their fixtures do not keep to).
// Each prefix is its vendor's own; the body checks are the ones above.
const mongodbAtlasServiceAccount = vendorFormat(
  'mongodb_atlas_service_account',
  /\bmdb_sa_sk_[A-Za-z0-9_-]{40}(?![A-Za-z0-9_-])/g,
  ['mdb'],
);
const kolideApiKey = vendorFormat('kolide', /\bk2sk_v1_[A-Za-z0-9]{24}(?![A-Za-z0-9])/g, ['k2sk']);
const braintreeAccessToken = vendorFormat(
  'braintree',
  /\baccess_token\$(?:production|sandbox)\$[0-9a-z]{16}\$[0-9a-z]{32}(?![0-9A-Za-z])/g,
  ['production', 'sandbox'],
);

// Round 13's dev half: Microsoft Teams incoming webhooks (Office 365 connectors), whose URL
// is the credential as a Slack webhook's is: `<tenant>.webhook.office.com/webhookb2/` (the
// tenant name may hold `_` and `-`, which gitleaks' rule leaves out) or the older
// `outlook.office.com/webhook/`, then the group and tenant UUIDs, `IncomingWebhook/`, 32 hex
// and the connector's UUID.
const UUID = '[0-9a-fA-F]{8}-(?:[0-9a-fA-F]{4}-){3}[0-9a-fA-F]{12}';
const teamsWebhook = vendorFormat(
  'teams_webhook',
  new RegExp(
    `\\bhttps://(?:[A-Za-z0-9_-]{1,63}\\.webhook\\.office\\.com/webhookb2|outlook\\.office(?:365)?\\.com/webhook)/${UUID}@${UUID}/IncomingWebhook/[0-9a-fA-F]{32}/${UUID}(?![0-9A-Za-z-])`,
    'g',
  ),
  ['webhookb2', 'webhook'],
);

/**
 * 1Password service account tokens: `ops_` and base64 JSON (`eyJ`), 250 characters and more.
 * secretlint's rule wants the JSON's closing brace at one alignment (`fQ`), so it misses
 * tokens whose JSON ends otherwise; a generic rule typing them by name would say
 * `secret.generic_api_key`, and this rule's higher score gives the span the vendor's type.
 */
const onePasswordServiceAccount = patternDetector({
  id: 'secret.onepassword_token:service_account',
  type: 'secret.onepassword_token',
  category: 'secret',
  severity: 'high',
  regex: /(?<![A-Za-z0-9_])ops_eyJ[A-Za-z0-9+/]{250,8000}={0,3}(?![A-Za-z0-9+/=])/g,
  score: 0.95,
  triggers: [['ops']],
  refine: (m) => (shannonEntropy(m[0]) >= 4.5 && !isPlaceholderValue(m[0]) ? 0.95 : null),
});

/**
 * 1Password account secret keys (`A3-` and six groups of upper-case letters and digits), typed
 * `secret.generic_api_key` as the corpus labels them; `A3-XXXXXX-...` is a placeholder.
 */
const onePasswordSecretKey = patternDetector({
  id: 'secret.generic_api_key:onepassword_secret_key',
  type: 'secret.generic_api_key',
  category: 'secret',
  severity: 'high',
  regex:
    /(?<![A-Za-z0-9-])A3-[A-Z0-9]{6}-(?:[A-Z0-9]{11}|[A-Z0-9]{6}-[A-Z0-9]{5})-[A-Z0-9]{5}-[A-Z0-9]{5}-[A-Z0-9]{5}(?![A-Za-z0-9-])/g,
  score: 0.9,
  triggers: [['=A3']],
  refine: (m) => {
    const body = m[0].slice(3).replace(/-/g, '');
    const mixed = /\d/.test(body) && /[A-Z]/.test(body);
    return mixed && !hasTypedRun(body) && shannonEntropy(body) >= 3.5 ? 0.9 : null;
  },
});

/**
 * An npm registry token in an `.npmrc` line, `//registry.host/path/:_authToken=<token>`: the
 * line is npm's own format, so the token is an npm token whatever its shape (legacy UUIDs,
 * `npm_` tokens and a private registry's own), where the generic rules would type it by name.
 */
const npmrcAuthToken = patternDetector({
  id: 'secret.npm_token:npmrc',
  type: 'secret.npm_token',
  category: 'secret',
  severity: 'high',
  regex:
    /(?<![\w:/])\/\/[A-Za-z0-9.-]{1,253}(?::\d{1,5})?(?:\/[\w.~%@-]{0,64}){0,8}\/?:_authToken=([^\s"'#]{1,512})/dg,
  group: 1,
  score: 0.9,
  triggers: [['authtoken']],
  refine: (m) => (secretValueVerdict(m[1] ?? '', 'key', false).ok ? 0.9 : null),
});

/**
 * A Discord webhook URL (round 12's dev half): anyone holding it can post to the channel, so
 * the token after the webhook's numeric id is a credential (68 base64url characters today).
 * A run or filler words (`abcdef...`, as scanners' fixtures write it) is typed; the finding is
 * the token, so the masked URL still shows the id.
 */
const discordWebhook = patternDetector({
  id: 'secret.generic_api_key:discord_webhook',
  type: 'secret.generic_api_key',
  category: 'secret',
  severity: 'high',
  regex:
    /\bhttps:\/\/(?:ptb\.|canary\.)?discord(?:app)?\.com\/api\/webhooks\/\d{17,20}\/([A-Za-z0-9_-]{60,68})(?![A-Za-z0-9_-])/dg,
  group: 1,
  score: 0.9,
  triggers: [['webhooks'], ['discord', 'discordapp']],
  refine(m) {
    const token = m[1] ?? '';
    if (isPlaceholderValue(token) || isTypedTokenBody(token)) return null;
    const mixed = /[a-z]/.test(token) && /[A-Z]/.test(token) && /\d/.test(token);
    return mixed && shannonEntropy(token) >= 4 ? 0.9 : null;
  },
});

/**
 * An AWS secret access key standing alone as a whole field: 40 base64 characters holding a
 * `/` or `+` (base64, not a hex or alphanumeric id), mixing case and digits, with the entropy
 * of random text. Only the whole field: inside text, a 40-character base64 run is as often a
 * digest or a nonce, and the context rules read AWS secrets there by their names.
 */
const AWS_SECRET_ALONE = /^\s*([A-Za-z0-9+/]{40})\s*$/d;
const awsSecretKeyAlone: Detector = {
  id: 'secret.aws_secret_key:alone',
  category: 'secret',
  types: ['secret.aws_secret_key'],
  patterns: [AWS_SECRET_ALONE],
  scan(ctx, out) {
    // Cheap before the regex: the field is at most 40 characters and some blanks.
    if (ctx.text.length < 40 || ctx.text.length > 48) return;
    const m = AWS_SECRET_ALONE.exec(ctx.text);
    const span = m?.indices?.[1];
    const v = m?.[1];
    if (!span || !v || !/[+/]/.test(v) || !/[a-z]/.test(v) || !/[A-Z]/.test(v) || !/\d/.test(v))
      return;
    if (isPlaceholderValue(v) || hasTypedRun(v) || shannonEntropy(v) < 4.2) return;
    out.push({
      type: 'secret.aws_secret_key',
      category: 'secret',
      detector: 'secret.aws_secret_key:alone',
      score: 0.8,
      severity: 'critical',
      start: span[0],
      end: span[1],
    });
  },
};

export const FORMAT_SECRET_DETECTORS: readonly Detector[] = [
  onePasswordServiceAccount,
  onePasswordSecretKey,
  npmrcAuthToken,
  discordWebhook,
  awsSecretKeyAlone,
  terraformCloudToken,
  herokuApiKey,
  mongodbAtlasServiceAccount,
  kolideApiKey,
  braintreeAccessToken,
  teamsWebhook,
  userPasswordFlag,
  azureAdClientSecret,
  azureDataFactoryKey,
  derPrivateKey,
];
