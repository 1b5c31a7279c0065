import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createDetector } from '../../../src/detect/engine.js';
import { DEFAULT_POLICY, compilePolicy, parsePolicy } from '../../../src/detect/policy.js';
import { ValidationError } from '../../../src/errors.js';
import {
  HIGH_ENTROPY_RULE_ID,
  passesEntropyLimit,
} from '../../../src/detect/detectors/secret-entropy.js';

// Issue 18's opt-in entropy rule (src/detect/detectors/secret-entropy.ts). Random values are
// derived from fixed seeds, so every run sees the same bytes; none is copied from a round.
const random = (seed: string, encoding: 'base64' | 'base64url' | 'hex', length: number) =>
  createHash('sha512').update(seed).digest(encoding).slice(0, length);

const enabled = createDetector(parsePolicy({ enabled_rules: [HIGH_ENTROPY_RULE_ID] }));
const byDefault = createDetector();

/** The spans the entropy rule reports in a prompt, with its finding type. */
function entropyFindings(text: string, detector = enabled): string[] {
  return detector
    .scanEvent([{ field: 'prompt', text }])
    .filter((d) => d.detector === HIGH_ENTROPY_RULE_ID)
    .map((d) => `${d.type} ${text.slice(d.start, d.end)}`);
}

/** Whether the rule itself proposes the value (before other rules compete for the span). */
const proposes = (text: string, value: string) =>
  enabled
    .candidates(text)
    .some((h) => h.detector === HIGH_ENTROPY_RULE_ID && text.slice(h.start, h.end) === value);

const b64Line = random('bare line', 'base64', 40);
const urlSafe = random('under FOO_BAR', 'base64url', 32);
const hex36 = random('hex token', 'hex', 36);

describe('secret.high_entropy when a policy enables it', () => {
  it('the seeded values pass detect-secrets limits (base64 > 4.5, hex > 3.0)', () => {
    for (const v of [b64Line, urlSafe, hex36]) expect(passesEntropyLimit(v), v).toBe(true);
  });

  it.each([
    ['a bare base64 line', `not matched\n${b64Line}\nanother line\n`, b64Line],
    ['a quoted value under a name that says nothing', `{\n  "FOO_BAR": "${urlSafe}",\n}`, urlSafe],
    ['a quoted hex token', `const x = '${hex36}';`, hex36],
    ['an indented list item with a comma', `[\n    "${urlSafe}",\n]`, urlSafe],
    ['the unquoted value of an env line', `REGION=eu\nFOO_BAR=${b64Line}\n`, b64Line],
    ['the unquoted value of a YAML line', `service:\n  opaque: ${urlSafe}\n`, urlSafe],
  ])('reports %s as secret.generic_api_key', (_name, text, value) => {
    expect(entropyFindings(text)).toEqual([`secret.generic_api_key ${value}`]);
  });

  it('masks the value like any secret', () => {
    const [d] = enabled
      .scanEvent([{ field: 'prompt', text: `token line\n${b64Line}\n` }])
      .filter((f) => f.detector === HIGH_ENTROPY_RULE_ID);
    expect(d?.match_masked).not.toContain(b64Line.slice(4, 20));
    expect(d?.excerpt).not.toContain(b64Line.slice(4, 20));
  });
});

describe('secret.high_entropy is off by default', () => {
  it.each([
    ['a bare base64 line', `not matched\n${b64Line}\nanother line\n`],
    ['a quoted value under FOO_BAR', `{ "FOO_BAR": "${urlSafe}" }`],
    ['a quoted hex token', `const x = '${hex36}';`],
  ])('the default policy reports nothing for %s', (_name, text) => {
    expect(entropyFindings(text, byDefault)).toEqual([]);
    expect(byDefault.candidates(text).some((h) => h.detector === HIGH_ENTROPY_RULE_ID)).toBe(false);
  });

  it('is not among the default policy detectors (the engine never calls it)', () => {
    const ids = compilePolicy(DEFAULT_POLICY).detectors.map((d) => d.id);
    expect(ids).not.toContain(HIGH_ENTROPY_RULE_ID);
    expect(compilePolicy(parsePolicy({})).detectors.map((d) => d.id)).not.toContain(
      HIGH_ENTROPY_RULE_ID,
    );
  });

  it('disabled_rules wins over enabled_rules', () => {
    const both = createDetector(
      parsePolicy({ enabled_rules: [HIGH_ENTROPY_RULE_ID], disabled_rules: ['secret.high_*'] }),
    );
    expect(entropyFindings(`x\n${b64Line}\n`, both)).toEqual([]);
  });

  it('enabled_rules refuses a rule that is not opt-in, naming the field', () => {
    for (const id of ['secret.high_entropi', 'secret.password:assignment']) {
      expect(() => parsePolicy({ enabled_rules: [id] })).toThrow(ValidationError);
      expect(() => parsePolicy({ enabled_rules: [id] })).toThrow(
        /enabled_rules\[0\]: must name an opt-in built-in rule \(secret\.high_entropy\)/,
      );
    }
    expect(() => parsePolicy({ enabled_rules: 'secret.high_entropy' })).toThrow(
      /enabled_rules: must be an array/,
    );
  });
});

describe('secret.high_entropy skips random values that are not secrets', () => {
  const sha1 = createHash('sha1').update('commit').digest('hex');
  const sha256 = createHash('sha256').update('file').digest('hex');
  const md5 = createHash('md5').update('etag').digest('hex');
  const sha512 = createHash('sha512').update('blob').digest('hex');
  const sha256b64 = createHash('sha256').update('file').digest('base64');
  const md5b64 = createHash('md5').update('etag').digest('base64');
  const sha512b64 = createHash('sha512').update('blob').digest('base64');

  const sha1b64 = createHash('sha1').update('etag').digest('base64');
  const integrity = `sha512-${sha512b64}`;
  const randomPath = '/srv/Q7x/k9Zp/Lm3W/aB4c/Rt8Y/uV2n/Hj6F/dE5g/Ns1K';
  const identifier = 'ConnectionString_B2B_PrimaryEndpoint_WestUS2_Replica9_Kq';
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  const sentence = Buffer.from('a perfectly ordinary payload, nothing secret in it').toString(
    'base64',
  );
  const json = Buffer.from(
    JSON.stringify({ sub: 'Zq9-user', iat: 1716239022, scope: 'read:xyz write:abc', n: 'K7' }),
  ).toString('base64url');
  const camel = 'QuickBrownFoxJumpsOverTheLazyDogVexingWizardsPlayKickball2024';

  // Each value passes the entropy limit: the skip, not the limit, keeps it quiet.
  it.each([
    ['a git SHA', sha1, `commit ${sha1}\n${sha1}\n"${sha1}"`],
    ['a SHA-256 hex digest', sha256, `"checksum": "${sha256}"`],
    ['an MD5 hex digest', md5, `"etag": "${md5}"`],
    ['a SHA-512 hex digest', sha512, `"${sha512}"`],
    ['a SHA-1 digest in base64', sha1b64, `"digest": "${sha1b64}"`],
    ['a SHA-256 digest in base64', sha256b64, `"digest": "${sha256b64}"`],
    ['a SHA-512 digest in base64', sha512b64, `'${sha512b64}'`],
    ['a subresource-integrity hash', integrity, `"integrity": "${integrity}"`],
    ['a path', randomPath, `"${randomPath}"`],
    ['an identifier of words and tags', identifier, `"${identifier}"`],
    ['an alphabet run', alphabet, `"${alphabet}"`],
    ['base64 of a sentence', sentence, `const data = "${sentence}";`],
    ['base64 of JSON', json, `${json}`],
    ['camel-case words', camel, `"${camel}"`],
    ['a value under a name saying it is public', urlSafe, `publicToken = "${urlSafe}"`],
    [
      'a line of a certificate',
      b64Line,
      `-----BEGIN CERTIFICATE-----\n${b64Line}\n-----END CERTIFICATE-----`,
    ],
  ])('%s', (_name, value, text) => {
    expect(passesEntropyLimit(value)).toBe(true);
    expect(entropyFindings(text)).toEqual([]);
  });

  it.each([
    ['a UUID', '"6f1c2a9e-4b7d-4e21-9c3a-8d5f0b7e2a41"'],
    ['an MD5 digest in base64', `"content-md5": "${md5b64}"`],
    ['a camel-case identifier', `"getAuthenticatedUserProfileSettingsFromCache"`],
    ['a placeholder', `"YOUR_API_KEY_GOES_HERE_0123456789"`],
    ['a value shorter than 20 characters', `"${urlSafe.slice(0, 19)}"`],
    ['a token inside prose, not quoted nor alone on its line', `see ${b64Line} here`],
  ])('%s (below the limit or not a candidate)', (_name, text) => {
    expect(entropyFindings(text)).toEqual([]);
  });

  it('a digest-length hex value under a secret name is proposed', () => {
    const key = random('api key', 'hex', 32);
    const text = `API_KEY="${key}"`;
    expect(proposes(text, key)).toBe(true);
    expect(proposes(`checksum="${key}"`, key)).toBe(false);
  });
});
