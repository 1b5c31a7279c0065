import { describe, expect, it } from 'vitest';
import { isStandInValue } from '../../../src/detect/detectors/secret-value.js';
import { secretFindings, seeded } from './secret-findings.js';

// Issue 18 (src/detect/README.md, "Round 19's errors, mended"): each rule learnt from round
// 19's two halves, tested on values typed (or derived from a seed) for this file, never a
// round's own values.
const secrets = (text: string) => secretFindings(text);

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const B64URL = `${ALNUM}-_`;
const hex = (n: number, seed: number) => seeded(n, seed, '0123456789abcdef');
const bytes64 = (n: number, seed: number) =>
  Buffer.from(hex(2 * n, seed), 'hex').toString('base64');

describe("round 19: a URL query's values", () => {
  it("'&' ends a password or a key in a query", () => {
    expect(secrets('"/login?pwd=p4ss&lang=en"')).toEqual([]);
    expect(secrets('GET /cb?password=12345&token=tok:99&mode=x')).toEqual([]);
    expect(secrets('"/hook?API_KEY=secret123&SIG=abc&PUBLIC_KEY=zz"')).toEqual([]);
    // The name may end in the word (`DB_PASSWORD`): the pair still opens with `?` or `&`.
    expect(secrets('GET /db?DB_PASSWORD=Kq8vTz2Lm&host=db.local')).toEqual([
      'secret.password Kq8vTz2Lm',
    ]);
    expect(secrets('"/q?a=1&password=something&b=%7B%22k%22%7D"')).toEqual([]);
    // A random password in a query is still one, up to its `&`.
    expect(secrets('GET /login?passwd=Xq7vR2mLp9Tz&next=home')).toEqual([
      'secret.password Xq7vR2mLp9Tz',
    ]);
  });

  it("a query's token inside a quoted URL is read up to the closing quote", () => {
    const t = hex(32, 1);
    expect(secrets(`assertRedacted("https://shop.test/pay?cart=7&token=${t}");`)).toEqual([
      `secret.generic_api_key ${t}`,
    ]);
    // Percent-encoded JSON in a query is text, not a key.
    expect(secrets('"/s?x=1&key=%7B%20%22sig%22%3A%20%22Ab12Cd%22%7D&y=2"')).toEqual([]);
  });
});

describe('round 19: passwords and what only looks like one', () => {
  it('a quoted password holding the other quote is read to its own quote', () => {
    const v = `Rk2'vQ9&zL!{m#W_`;
    expect(secrets(`static final String ADMIN_PASSWORD = "${v}";`)).toEqual([
      `secret.password ${v}`,
    ]);
    // Too short once read whole, or words: judged as any other value.
    expect(secrets(`String DB_PASSWORD = "a'b";`)).toEqual([]);
  });

  it('a digest compared with a password column in SQL is its stored hash', () => {
    for (const digest of [hex(32, 2), hex(40, 3), hex(64, 4)]) {
      expect(
        secrets(`SELECT id FROM members WHERE login = 'ana' AND password = '${digest}'`),
      ).toEqual([]);
      expect(secrets(`UPDATE members SET password = '${digest}' WHERE id = 4`)).toEqual([]);
    }
    // Given to PASSWORD(), the literal is the password it hashes.
    const d = hex(32, 2);
    expect(secrets(`SET PASSWORD FOR 'ana'@'%' = PASSWORD('${d}');`)).toEqual([
      `secret.password ${d}`,
    ]);
    // Not a digest's length: a password as before.
    expect(secrets(`WHERE login = 'ana' AND password = 'Vq8zLm2Rk7'`)).toEqual([
      'secret.password Vq8zLm2Rk7',
    ]);
  });

  it('a boasted credential word is a stand-in', () => {
    for (const v of ['supersecret', 'topsecret', 'Ultra_Password1', 'megatoken', 'very-secret!']) {
      expect(isStandInValue(v)).toBe(true);
    }
    expect(isStandInValue('superbrightlamp')).toBe(false);
    expect(secrets('    passwd = "topsecret"  # fixture')).toEqual([]);
    // A quoted run of lower-case letters that boasts of nothing stays a passphrase.
    expect(secrets('    passwd = "quasarlimpet"')).toEqual(['secret.password quasarlimpet']);
  });

  it("a URL's percent-encoded password is judged decoded", () => {
    expect(secrets('"mysql://%40ops:%21password@db.internal.test:3306/app"')).toEqual([]);
    expect(secrets('"mysql://ops:Zq%2F8vLm3Rt@db.internal.test:3306/app"')).toEqual([
      'secret.connection_string Zq%2F8vLm3Rt',
    ]);
  });

  it("a hashed key's name holds a digest", () => {
    const h = hex(100, 5);
    expect(secrets(`\tHashedToken: "${h}",`)).toEqual([]);
    expect(secrets(`hashedKey = "${h}"`)).toEqual([]);
    // The same value under the key's own name is key material (longer than any digest).
    expect(secrets(`\tSigningKey: "${h}",`)).toEqual([`secret.generic_api_key ${h}`]);
  });
});

describe('round 19: vendor formats', () => {
  it('Grafana service-account tokens with a short checksum', () => {
    const t = `glsa_${seeded(32, 6, ALNUM)}_0q7k2z`;
    expect(secrets(`Token: "${t}",`)).toEqual([`secret.grafana_token ${t}`]);
    expect(secrets(`Token: "glsa_InvaLidiNVALIDinvalidINVALIDinv_0f1e2d3c",`)).toEqual([]);
  });

  it('Hugging Face tokens whose body mixes in digits', () => {
    const t = `hf_${seeded(34, 7, ALNUM)}`;
    expect(secrets(`HF_TOKEN = "${t}"`)).toEqual([`secret.huggingface_token ${t}`]);
    // One case only: an identifier, not a token.
    expect(
      secrets(`model_id = "hf_${seeded(34, 7, 'abcdefghijklmnopqrstuvwxyz0123456789')}"`),
    ).toEqual([]);
  });

  it("Sentry's organisation token, split over string continuations, and its user token", () => {
    const claims = Buffer.from(
      JSON.stringify({ iat: 1712000000.5, url: 'https://errors.example.org', org: 'acme' }),
    ).toString('base64');
    const secret = seeded(43, 8, `${ALNUM}+/`);
    const whole = `sntrys_${claims}_${secret}`;
    expect(secrets(`SENTRY_AUTH_TOKEN=${whole}`)).toEqual([`secret.generic_api_key ${whole}`]);
    const split = `sntrys_\\\n        ${claims.slice(0, 40)}\\\n        ${claims.slice(40)}_${secret}`;
    expect(secrets(`let t = String::from(\n    "${split}",\n);`)).toEqual([
      `secret.generic_api_key ${split}`,
    ]);
    const user = `sntryu_${hex(64, 9)}`;
    expect(secrets(`auth.token=${user}`)).toEqual([`secret.generic_api_key ${user}`]);
    // The claims must be JSON: base64 of anything else is no such token.
    const bogus = `sntrys_${Buffer.from('not json at all, just words here').toString('base64')}_${secret}`;
    expect(secrets(`x ${bogus}`)).toEqual([]);
  });

  it('an Azure storage key under a storage key name', () => {
    const k = bytes64(64, 10);
    expect(k).toMatch(/^[A-Za-z0-9+/]{86}==$/);
    expect(secrets(`AZURE_STORAGE_ACCOUNT_KEY = "${k}"`)).toEqual([
      `secret.azure_storage_key ${k}`,
    ]);
    expect(secrets(`storageKey: '${k}'`)).toEqual([`secret.azure_storage_key ${k}`]);
    // The emulator's published key is an example wherever it stands.
    const emulator =
      'Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==';
    expect(secrets(`storageKey: '${emulator}'`)).toEqual([]);
  });
});

describe('round 19: values a wrapper holds', () => {
  it('a Lua long string of base64url lines under a secret name', () => {
    const lines = [seeded(64, 11, B64URL), seeded(64, 12, B64URL), seeded(22, 13, B64URL)];
    const text = `hs256_secret = u([[\n${lines.join('\n')}\n]], true),`;
    expect(secrets(text)).toEqual([`secret.generic_api_key ${lines.join('\n')}`]);
    expect(secrets(`local signing_key = [[\n${lines.join('\n')}\n]]`)).toEqual([
      `secret.generic_api_key ${lines.join('\n')}`,
    ]);
    // Prose, a typed run, or no secret name: nothing.
    expect(secrets('greeting_secret = [[\nhello there, this is text\n]]')).toEqual([]);
    expect(secrets(`hs256_secret = u([[\n${'AbCd'.repeat(12)}\n]])`)).toEqual([]);
    expect(secrets(`banner = u([[\n${lines.join('\n')}\n]])`)).toEqual([]);
  });

  it("Rust's String::from between a secret's name and its literal", () => {
    const t = hex(64, 14);
    expect(secrets(`let api_token =\n    String::from("${t}");`)).toEqual([
      `secret.generic_api_key ${t}`,
    ]);
    expect(secrets('let api_token: String = String::from("your-api-token-here");')).toEqual([]);
    expect(secrets(`let label = String::from("${t}");`)).toEqual([]);
  });

  it("Twilio's AccessToken: the third argument is the API key's secret", () => {
    const s = seeded(32, 15, ALNUM);
    expect(secrets(`const t = new twilio.jwt.AccessToken(accountSid, keySid, '${s}');`)).toEqual([
      `secret.generic_api_key ${s}`,
    ]);
    expect(secrets(`new AccessToken(accountSid, keySid, 'secret')`)).toEqual([]);
    expect(secrets(`creds = AccessToken('${s}', 3600)`)).toEqual([]);
  });
});
