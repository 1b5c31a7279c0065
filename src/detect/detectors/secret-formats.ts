import { patternDetector, type Detector } from '../rule.js';
import { shannonEntropy } from '../validators.js';
import { secretValueVerdict } from './secret-value.js';

/**
 * Credential formats learnt in round 10 (src/detect/README.md, "Round 10"), each its own rule
 * id for `disabled_rules`: a `user:password` pair passed to a command-line flag, Azure AD
 * client secrets, Azure Data Factory runtime keys, private keys as bare DER in base64,
 * Terraform Cloud tokens and Heroku API keys.
 */

/**
 * `curl -u user:password`, `curl --user "user:password"`, `curl -u :token`, `http --auth
 * user:password`: the password half of the pair (a lone `-u user` prompts for it).
 * Case-sensitive: `-U` is another flag.
 */
const userPasswordFlag = patternDetector({
  id: 'secret.password:user_flag',
  type: 'secret.password',
  category: 'secret',
  severity: 'high',
  regex:
    /(?<![\w-])(?:-u|--user|--proxy-user|--auth)(?:[ \t]+|=)(["']?)[^\s:"'$]{0,64}:(["']?)([^\s"']{1,128})\2\1(?![^\s"'])/dg,
  group: 3,
  score: 0.85,
  triggers: [['u', 'user', 'auth'], ['#colon']],
  refine: (m) => (secretValueVerdict(m[3] ?? '', 'password', true).ok ? 0.85 : null),
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
 * them: Terraform Cloud tokens (`.atlasv1.`) and Heroku's current API keys (`HRKU-AA`). A
 * run of one repeated letter or digit is a placeholder.
 */
const vendorFormat = (id: string, regex: RegExp, triggers: readonly string[]) =>
  patternDetector({
    id: `secret.generic_api_key:${id}`,
    type: 'secret.generic_api_key',
    category: 'secret',
    severity: 'high',
    regex,
    score: 0.9,
    triggers: [triggers],
    refine: (m) =>
      /([A-Za-z0-9])\1{5,}/.test(m[0]) || !/\d/.test(m[0]) || shannonEntropy(m[0]) < 3.5
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

export const FORMAT_SECRET_DETECTORS: readonly Detector[] = [
  terraformCloudToken,
  herokuApiKey,
  userPasswordFlag,
  azureAdClientSecret,
  azureDataFactoryKey,
  derPrivateKey,
];
