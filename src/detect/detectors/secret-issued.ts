import { patternDetector, type Detector } from '../rule.js';
import { isPlaceholderValue, shannonEntropy } from '../validators.js';
import { hasOrderedRun, isStandInValue } from './secret-value.js';

/**
 * Credentials as a product prints them when it issues one, learnt from round 16
 * (src/detect/README.md, "Round 16's errors, mended"): HashiCorp's tools hand out UUID-shaped
 * secrets in CLI tables (`SecretID:   <uuid>`, `Secret ID  = <uuid>`, `token   <uuid>`) and
 * JSON (`"SecretID": "<uuid>"`, `"client_token": "<uuid>"`), and 32-byte gossip keys. A UUID
 * is an id by default (the accessor, lease, role and policy ids beside these stay ids): only
 * the name the product gives the value makes it a secret. Each is its own rule id for
 * `disabled_rules`.
 */

const UUID = '[0-9a-fA-F]{8}-(?:[0-9a-fA-F]{4}-){3}[0-9a-fA-F]{12}(?![0-9A-Za-z-])';

/** A UUID typed for the page rather than issued: zeros, runs, a chunk repeated. */
function issuedUuid(v: string): boolean {
  const hex = v.replace(/-/g, '');
  return !isPlaceholderValue(v) && !hasOrderedRun(hex) && shannonEntropy(hex) >= 3;
}

/**
 * A UUID under a secret id's name: Consul's and Nomad's ACL tokens (`SecretID:` in the CLI,
 * `Secret ID    =` in Nomad's, `"SecretID":` in the API) and Vault's AppRole `secret_id`
 * (`secret_id=<uuid>` on the login command, a table row or a JSON member). The name says the
 * value is the secret half of the pair; its `AccessorID` is the public half and is not read.
 * AWS's `--secret-id` names a secret (an ARN or a name), never a UUID, so it stays out.
 */
const secretIdUuid = patternDetector({
  id: 'secret.generic_api_key:secret_id',
  type: 'secret.generic_api_key',
  category: 'secret',
  severity: 'high',
  regex: new RegExp(
    `\\bsecret[ _-]?id"?(?:[ \\t]{0,40}[:=][ \\t]{0,40}"?|[ \\t]{1,40})(${UUID})`,
    'dgi',
  ),
  group: 1,
  score: 0.85,
  // `secret` alone is a common word: the id's word too (`secret_id`, `Secret ID`, `SecretID`).
  triggers: [
    ['secret', 'secretid'],
    ['id', 'secretid'],
  ],
  refine: (m) => (issuedUuid(m[1] ?? '') ? 0.85 : null),
});

/**
 * Vault's UUID-shaped tokens (service tokens before the `hvs.` prefix, and dev servers'):
 * `"client_token": "<uuid>"` in a login's JSON response (`auth.client_token`, Vault's own
 * member name), or `token   <uuid>` in a `vault` table whose next row is `token_accessor`
 * (the CLI prints a token's fields in that order). Typed as Vault tokens, as the labels do;
 * elsewhere a `token` UUID is left to the name rules as a generic key.
 */
const vaultUuidToken = patternDetector({
  id: 'secret.vault_token:uuid',
  type: 'secret.vault_token',
  category: 'secret',
  severity: 'critical',
  regex: new RegExp(
    `(?:\\bclient_token"?(?:[ \\t]{0,8}:[ \\t]{0,8}"|[ \\t]{1,40})|^[ \\t]{0,8}token[ \\t]{1,40}(?=[0-9a-fA-F]{8}-[0-9a-fA-F-]{27}[ \\t]{0,40}\\r?\\n[ \\t]{0,8}token_accessor\\b))(${UUID})`,
    'dgm',
  ),
  group: 1,
  score: 0.9,
  triggers: [['client', 'accessor'], ['token']],
  refine: (m) => (issuedUuid(m[1] ?? '') ? 0.9 : null),
});

/**
 * Vault's SSH one-time password: `vault write ssh/creds/<role>` prints it under `key`, with
 * `key_type   otp` on the next row. The row after says what the key is; a `key` UUID
 * elsewhere is an id.
 */
const sshOneTimePassword = patternDetector({
  id: 'secret.generic_api_key:ssh_otp',
  type: 'secret.generic_api_key',
  category: 'secret',
  severity: 'high',
  regex: new RegExp(
    `^[ \\t]{0,8}key[ \\t]{1,40}(${UUID})[ \\t]{0,40}\\r?\\n[ \\t]{0,8}key_type[ \\t]{1,40}otp\\b`,
    'dgm',
  ),
  group: 1,
  score: 0.85,
  triggers: [['otp']],
  refine: (m) => (issuedUuid(m[1] ?? '') ? 0.85 : null),
});

/**
 * A UUID given to `consul acl set-agent-token <kind> <token>`: the command's second argument
 * is the token the agent will use.
 */
const agentTokenCommand = patternDetector({
  id: 'secret.generic_api_key:set_agent_token',
  type: 'secret.generic_api_key',
  category: 'secret',
  severity: 'high',
  regex: new RegExp(`\\bset-agent-token[ \\t]{1,8}[a-z_]{1,30}[ \\t]{1,8}(${UUID})`, 'dg'),
  group: 1,
  score: 0.85,
  // `agent` and `token` fill agent traces; `set` is rarer beside them.
  triggers: [['set'], ['agent'], ['token']],
  refine: (m) => (issuedUuid(m[1] ?? '') ? 0.85 : null),
});

/**
 * Serf's gossip encryption key (Consul, Nomad): 32 random bytes in base64 (44 characters
 * ending `=`), as the agent's `encrypt` setting (`encrypt = "..."`, `"encrypt": "..."`), given
 * to `consul keyring -install` or `nomad operator gossip keyring install`, or printed alone on
 * the line after `consul keygen` / `nomad operator gossip keyring generate`. Whoever holds it
 * reads and joins the cluster's gossip. A key that decodes to printable text was typed.
 */
const gossipKey = patternDetector({
  id: 'secret.generic_api_key:gossip_key',
  type: 'secret.generic_api_key',
  category: 'secret',
  severity: 'high',
  regex:
    /(?:\bencrypt"?[ \t]{0,8}[:=][ \t]{0,8}"|\bkeyring[ \t]{1,8}-?install[= \t]{1,8}|\b(?:keygen|keyring[ \t]{1,8}generate)[ \t]{0,8}\r?\n)([A-Za-z0-9+/]{43}=)(?![A-Za-z0-9+/=])/dg,
  group: 1,
  score: 0.85,
  triggers: [['encrypt', 'keyring', 'keygen']],
  refine(m) {
    const v = m[1] ?? '';
    const bytes = Buffer.from(v, 'base64');
    if (bytes.length !== 32) return null;
    // 32 random bytes are never all printable: such a key encodes typed text.
    if (/^[\x20-\x7e]*$/.test(bytes.toString('latin1'))) return null;
    return isStandInValue(v) || hasOrderedRun(v) || shannonEntropy(v) < 4 ? null : 0.85;
  },
});

/**
 * Rules learnt from round 17's halves (src/detect/README.md, "Round 17's errors, mended"):
 * credentials as more products print them, each named by its place in the product's format.
 */

/** An issued key's text: not a stand-in, not a typed run, random enough. */
function issuedKey(v: string, minEntropy = 3.2): boolean {
  return (
    !isPlaceholderValue(v) &&
    !isStandInValue(v) &&
    !hasOrderedRun(v) &&
    shannonEntropy(v) >= minEntropy
  );
}

/**
 * A JSON Web Key of type `oct` (RFC 7518 6.4): a symmetric key, its bytes in base64url under
 * `"k"`. Whoever holds it signs tokens as the issuer. The member order varies; the key must
 * sit in the same object as `"kty": "oct"` (no brace between).
 */
const jwkSymmetricKey = patternDetector({
  id: 'secret.generic_api_key:jwk_oct',
  type: 'secret.generic_api_key',
  category: 'secret',
  severity: 'high',
  regex:
    /"kty"[ \t]{0,8}:[ \t]{0,8}"oct"[^{}]{0,400}?"k"[ \t]{0,8}:[ \t]{0,8}"([A-Za-z0-9_-]{16,512})"|"k"[ \t]{0,8}:[ \t]{0,8}"([A-Za-z0-9_-]{16,512})"[^{}]{0,400}?"kty"[ \t]{0,8}:[ \t]{0,8}"oct"/dg,
  score: 0.85,
  triggers: [['oct'], ['kty']],
  refine(m, _ctx, c) {
    const span = m.indices?.[1] ?? m.indices?.[2];
    if (span === undefined || !issuedKey(m[1] ?? m[2] ?? '', 3.5)) return null;
    [c.start, c.end] = span;
    return 0.85;
  },
});

/**
 * GitLab's API takes a personal, project or group access token in its own header,
 * `PRIVATE-TOKEN: <token>` (any case, as HTTP headers go): the header's name says whose
 * token it is, prefix or not (tokens issued before `glpat-` are 20 characters). Typed
 * `secret.gitlab_token`, as the convention types GitLab's tokens.
 */
const gitlabPrivateTokenHeader = patternDetector({
  id: 'secret.gitlab_token:private_token_header',
  type: 'secret.gitlab_token',
  category: 'secret',
  severity: 'high',
  regex: /\bprivate-token["']?[ \t]{0,8}:[ \t]{0,8}([A-Za-z0-9_-]{20,64})(?![A-Za-z0-9_-])/dgi,
  group: 1,
  score: 0.9,
  triggers: [['private'], ['token']],
  refine(m) {
    const v = m[1] ?? '';
    if (v.startsWith('glpat-')) return null; // the GitLab token rule's
    return issuedKey(v) && /\d/.test(v) && /[A-Za-z]/.test(v) ? 0.9 : null;
  },
});

/**
 * `npm token create` prints the new token in a table: a `| token | <uuid> |` row, then
 * npm's `cidr_whitelist` row. The convention types a legacy UUID npm token `npm_token`.
 */
const npmTokenTable = patternDetector({
  id: 'secret.npm_token:token_table',
  type: 'secret.npm_token',
  category: 'secret',
  severity: 'high',
  regex: new RegExp(
    `^\\|[ \\t]{0,4}token[ \\t]{1,40}\\|[ \\t]{0,4}(${UUID})[ \\t]{0,40}\\|[ \\t]*\\r?\\n(?:[+-]{3,200}\\r?\\n)?\\|[ \\t]{0,4}cidr_whitelist\\b`,
    'dgm',
  ),
  group: 1,
  score: 0.9,
  triggers: [['cidr'], ['token']],
  refine: (m) => (issuedUuid(m[1] ?? '') ? 0.9 : null),
});

/**
 * Gitea's and Forgejo's API return a new access token as `"sha1": "<40 hex>"` with
 * `"token_last_eight"` beside it: when the last eight repeat the value's end, the value is
 * the token (the name `sha1` says digest, which it is not).
 */
const lastEightToken = patternDetector({
  id: 'secret.generic_api_key:token_last_eight',
  type: 'secret.generic_api_key',
  category: 'secret',
  severity: 'high',
  regex:
    /"(?:sha1|token)"[ \t]{0,8}:[ \t]{0,8}"([0-9a-f]{40})"[^{}]{0,200}?"token_last_eight"[ \t]{0,8}:[ \t]{0,8}"([0-9a-f]{8})"/dg,
  group: 1,
  score: 0.9,
  triggers: [['eight']],
  refine: (m) => ((m[1] ?? '').endsWith(m[2] ?? '-') && issuedKey(m[1] ?? '') ? 0.9 : null),
});

/**
 * A credential object an API gateway issues to a consumer (Kong's key-auth credentials:
 * `"consumer": { "id": ... }` beside `"key": "<key>"`): the key is what the consumer sends.
 * The name rules leave an all-lower-case `key` alone (a dictionary's key); beside the
 * consumer it is the credential. The consumer must be within the same object's reach (no
 * `[` or `]` between, 300 characters either way).
 */
const consumerKey = patternDetector({
  id: 'secret.generic_api_key:consumer_key',
  type: 'secret.generic_api_key',
  category: 'secret',
  severity: 'high',
  regex: /"key"[ \t]{0,8}:[ \t]{0,8}"([A-Za-z0-9_-]{20,128})"/dg,
  group: 1,
  score: 0.85,
  triggers: [['consumer'], ['key']],
  refine(m, ctx) {
    const before = ctx.text.slice(Math.max(0, m.index - 300), m.index);
    const after = ctx.text.slice(m.index, m.index + m[0].length + 300);
    const near = (t: string) => /"consumer"[ \t]{0,8}:/.test(t) && !/[[\]]/.test(t);
    const beside =
      near(before.slice(before.lastIndexOf('"consumer"'))) ||
      near(after.slice(0, after.indexOf('"consumer"') + 12));
    return beside && issuedKey(m[1] ?? '', 3.3) && /\d/.test(m[1] ?? '') ? 0.85 : null;
  },
});

/**
 * A token in a JSON object whose `"scopes"` list names GitLab's scopes (`read_repository`,
 * `read_registry`, `write_package_registry`, `read_api`, `read_user`: GitLab's own names, with
 * underscores where GitHub writes `read:user`): the scopes say the token is GitLab's, as
 * GitLab's API returns a new deploy, project or personal token. No brace between the token
 * and the list (the same object).
 */
const GITLAB_SCOPES =
  /"scopes"[ \t]{0,8}:[ \t\r\n]{0,8}\[[^\]{}]{0,300}?"(?:read|write)_(?:repository|registry|package_registry|api|user)"/;
const gitlabScopedToken = patternDetector({
  id: 'secret.gitlab_token:scoped_token',
  type: 'secret.gitlab_token',
  category: 'secret',
  severity: 'high',
  regex: /"token"[ \t]{0,8}:[ \t]{0,8}"([A-Za-z0-9_-]{20,64})"/dg,
  group: 1,
  score: 0.9,
  triggers: [['scopes'], ['token']],
  refine(m, ctx) {
    const v = m[1] ?? '';
    if (v.startsWith('glpat-') || !issuedKey(v) || !/\d/.test(v)) return null;
    const after = ctx.text.slice(m.index + m[0].length, m.index + m[0].length + 600);
    const before = ctx.text.slice(Math.max(0, m.index - 600), m.index);
    const list = before.lastIndexOf('"scopes"');
    const sameObject = (t: string) => !/[{}]/.test(t);
    const afterAt = after.search(GITLAB_SCOPES);
    if (afterAt >= 0 && sameObject(after.slice(0, afterAt))) return 0.9;
    return list >= 0 && GITLAB_SCOPES.test(before.slice(list)) && sameObject(before.slice(list))
      ? 0.9
      : null;
  },
});

export const ISSUED_SECRET_DETECTORS: readonly Detector[] = [
  gitlabScopedToken,
  jwkSymmetricKey,
  gitlabPrivateTokenHeader,
  npmTokenTable,
  lastEightToken,
  consumerKey,
  secretIdUuid,
  vaultUuidToken,
  sshOneTimePassword,
  agentTokenCommand,
  gossipKey,
];
