import { describe, expect, it } from 'vitest';
import {
  decodesToSentence,
  isCryptHash,
  isEcPublicPoint,
  isStandInValue,
} from '../../../src/detect/detectors/secret-value.js';
import { secretFindings, seeded } from './secret-findings.js';

// Issue 18 (src/detect/README.md, "Round 17's errors, mended"): each rule learnt from round
// 17's two halves, tested on values typed (or derived from a seed) for this file, never a
// round's own values.
const secrets = (text: string) => secretFindings(text);

const B64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const B62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const hex = (n: number, seed: number) => seeded(n, seed, '0123456789abcdef');
const b64url = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
const uuid = (seed: number) => {
  const h = hex(32, seed);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
};

describe('round 17: JWTs as tests write them', () => {
  const header = b64url({ alg: 'HS384', typ: 'JWT' });
  const payload = b64url({ sub: 'svc-4471', scope: 'orders:read' });
  const sig = seeded(64, 17, B64URL);
  const token = `${header}.${payload}.${sig}`;

  it('a JWT with the empty payload e30 ({})', () => {
    const t = `${b64url({ alg: 'HS256' })}.e30.${seeded(43, 3, B64URL)}`;
    expect(secrets(`DecodedJWT jwt = JWT.decode("${t}");`)).toEqual([`secret.jwt ${t}`]);
  });

  it.each([
    [
      'Python, implicit concatenation',
      `tok = ('${header}'\n       '.${payload}'\n       '.${sig}')`,
    ],
    [
      'Python bytes, a comment and a signature over two literals',
      `tok = (\n    b'${header}'  # alg = HS384\n    b'.${payload}'\n    b'.${sig.slice(0, 30)}'\n    b'${sig.slice(30)}')`,
    ],
    [
      'Java and JavaScript, with +',
      `String tok = "${header}" +\n    ".${payload}" +\n    ".${sig}";`,
    ],
  ])('a JWT split over string literals: %s', (_name, text) => {
    const found = secrets(text);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/^secret\.jwt eyJ/);
    expect(found[0]?.replace(/["'+\s]|b'|#[^\n]*/g, '')).toBe(
      `secret.jwt${token}`.replace(/\s/g, ''),
    );
  });

  it('refuses split literals that join to no token', () => {
    // A header and a word: no payload, no signature.
    expect(secrets(`x = ('${header}'\n     '.notapayload')`)).toEqual([]);
    // The pieces join to one whose header carries no alg.
    const noAlg = b64url({ typ: 'JWT', kid: 'k1' });
    expect(secrets(`x = ('${noAlg}'\n     '.${payload}'\n     '.${sig}')`)).toEqual([]);
  });
});

describe('round 17: values that are no credential', () => {
  it('a value elided in its middle', () => {
    const key = `${seeded(30, 5, B62)}....${seeded(20, 6, B62)}==`;
    expect(isStandInValue(key)).toBe(true);
    expect(secrets(`{"transport_key" : "${key}"}`)).toEqual([]);
    expect(secrets(`{"transport_key" : "${key.replace('....', '')}"}`)).toHaveLength(1);
  });

  it("a secret's name in leetspeak, and ordered chunks taking turns", () => {
    for (const v of ['s3cr3t', 'p4ssw0rd', 't0k3n', 'Xyz789Abc', 'qwe123rty456']) {
      expect(isStandInValue(v)).toBe(true);
    }
    expect(secrets(`client.login(email='ops', password='p4ssw0rd')`)).toEqual([]);
    expect(secrets('postgresql://dana:Xyz789Abc@db.internal/app')).toEqual([]);
    // A random password of the same length stays one.
    expect(secrets('postgresql://dana:Vq7kR2mZp@db.internal/app')).toHaveLength(1);
  });

  it('base64 that decodes to a sentence', () => {
    const fake = Buffer.from('this value is only for the docs and grants nothing').toString(
      'base64',
    );
    expect(decodesToSentence(fake)).toBe(true);
    expect(secrets(`curl -H "Authorization: Bearer ${fake}" http://localhost/`)).toEqual([]);
    const real = seeded(64, 7, B62);
    expect(decodesToSentence(real)).toBe(false);
    expect(secrets(`curl -H "Authorization: Bearer ${real}" http://localhost/`)).toHaveLength(1);
  });

  it("a capitalised placeholder name and RFC 6749's sample client", () => {
    expect(
      secrets('curl -H "Authorization: token PERSONAL-ACCESS-TOKEN" https://api.x.io/'),
    ).toEqual([]);
    const rfc = Buffer.from('s6BhdRkqt3:gX1fBat3bV').toString('base64');
    expect(secrets(`curl -H "Authorization: Basic ${rfc}" https://auth.x.io/token`)).toEqual([]);
  });

  it('a body spelling three naming words', () => {
    const gcp = 'AIzaStripeSecretTokenForTesting0Only00000zz'.slice(0, 39);
    expect(secrets(`key = "${gcp}"`)).toEqual([]);
    const aws = 'Qz9+Amaz0nS3cr3tAcc3ssK3yT3stCas3Valu3x1';
    expect(secrets(`aws_secret_access_key = ${aws}`)).toEqual([]);
    // A random body of the same shape stays a key.
    const real = `AIza${seeded(35, 8, B64URL)}`;
    expect(secrets(`key = "${real}"`)).toEqual([`secret.gcp_api_key ${real}`]);
  });

  it("a password's stored hash and an EC public key", () => {
    const bcrypt = `$2b$12$${seeded(53, 9, './ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789')}`;
    expect(isCryptHash(bcrypt)).toBe(true);
    expect(secrets(`"hashed_password": "${bcrypt}",`)).toEqual([]);
    const point = Buffer.from(`04${hex(128, 10)}`, 'hex').toString('base64url');
    expect(isEcPublicPoint(point)).toBe(true);
    expect(secrets(`{"vapid_key": "${point}="}`)).toEqual([]);
    // The same 65 bytes not opening with 4 are no public point.
    expect(isEcPublicPoint(Buffer.from(`05${hex(128, 10)}`, 'hex').toString('base64url'))).toBe(
      false,
    );
  });

  it("an Authorization header's auth-params are no credential", () => {
    const sig = Buffer.from(hex(64, 11), 'hex').toString('base64');
    expect(
      secrets(
        `-H 'Authorization: hmac username="bob", algorithm="hmac-sha256", headers="date", signature="${sig}"'`,
      ),
    ).toEqual([]);
  });

  it('a quoted random key with a typed space is still a key; a phrase is not', () => {
    const key = 'Qw7/pZ2k# Lm9!vR$tX4^bN';
    expect(secrets(`app.secret_key = '${key}'`)).toEqual([`secret.generic_api_key ${key}`]);
    expect(secrets(`app.secret_key = 'this is my secret key'`)).toEqual([]);
  });
});

describe('round 17: credentials as products print them', () => {
  it('a JWK oct key, either member order', () => {
    const k = seeded(43, 12, B64URL);
    expect(secrets(`{"kty": "oct", "kid": "${uuid(1)}", "k": "${k}"}`)).toEqual([
      `secret.generic_api_key ${k}`,
    ]);
    expect(secrets(`{\n  "k": "${k}",\n  "alg": "HS512",\n  "kty": "oct"\n}`)).toEqual([
      `secret.generic_api_key ${k}`,
    ]);
    // Another key type's "k"-less members, and a "k" outside the oct object.
    expect(secrets(`{"kty": "EC", "crv": "P-256", "x": "${k}"}`)).toEqual([]);
    expect(secrets(`{"kty": "oct"}, {"k": "${k}"}`)).toEqual([]);
  });

  it("GitLab's PRIVATE-TOKEN header is GitLab's token", () => {
    const t = seeded(20, 13, B62);
    expect(secrets(`curl --header "PRIVATE-TOKEN: ${t}" https://git.x.io/api/v4/projects`)).toEqual(
      [`secret.gitlab_token ${t}`],
    );
    expect(secrets('curl --header "PRIVATE-TOKEN: <your_access_token>" https://git.x.io/')).toEqual(
      [],
    );
  });

  it("npm token create's table", () => {
    const t = uuid(14);
    const row = (a: string, b: string) => `| ${a.padEnd(14)} | ${b.padEnd(36)} |`;
    const rule = `+${'-'.repeat(16)}+${'-'.repeat(38)}+`;
    const table = [rule, row('token', t), rule, row('cidr_whitelist', ''), rule].join('\n');
    expect(secrets(table)).toEqual([`secret.npm_token ${t}`]);
    expect(secrets(table.replace('cidr_whitelist', 'owner         '))).toEqual([]);
  });

  it("a token confirmed by token_last_eight (Gitea's API)", () => {
    const t = hex(40, 15);
    expect(
      secrets(`{"id":3,"name":"ci","sha1":"${t}","token_last_eight":"${t.slice(32)}"}`),
    ).toEqual([`secret.generic_api_key ${t}`]);
    // Last eight that do not repeat the value's end: a digest beside something else.
    expect(secrets(`{"sha1":"${t}","token_last_eight":"${hex(8, 16)}"}`)).toEqual([]);
  });

  it("a key beside its consumer in a gateway's credential object", () => {
    const k = hex(32, 17);
    expect(secrets(`{\n  "consumer": { "id": "${uuid(2)}" },\n  "key": "${k}"\n}`)).toEqual([
      `secret.generic_api_key ${k}`,
    ]);
    expect(secrets(`{\n  "cache": { "id": "${uuid(2)}" },\n  "key": "${k}"\n}`)).toEqual([]);
  });

  it("a token whose scopes are GitLab's", () => {
    const t = seeded(20, 18, B62);
    const json = (scopes: string) =>
      `{\n  "id": 4,\n  "token": "${t}",\n  "revoked": false,\n  "scopes": [${scopes}]\n}`;
    expect(secrets(json('"read_registry", "read_repository"'))).toEqual([
      `secret.gitlab_token ${t}`,
    ]);
    // Other scope names leave it to the name rules, as a generic key.
    expect(secrets(json('"repo", "read:user"'))).toEqual([`secret.generic_api_key ${t}`]);
  });
});
