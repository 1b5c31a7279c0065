import { describe, expect, it } from 'vitest';
import { isStandInValue } from '../../../src/detect/detectors/secret-value.js';
import { secretFindings, seeded } from './secret-findings.js';

// Issue 18 (src/detect/README.md, "Round 18's errors, mended"): each rule learnt from round
// 18's two halves, tested on values typed (or derived from a seed) for this file, never a
// round's own values.
const secrets = (text: string) => secretFindings(text);

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const B64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const hex = (n: number, seed: number) => seeded(n, seed, '0123456789abcdef');
const bytes64 = (n: number, seed: number) =>
  Buffer.from(hex(2 * n, seed), 'hex').toString('base64');
const b64url = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');

describe('round 18: private keys in more layouts', () => {
  const body = Array.from({ length: 6 }, (_, i) => seeded(64, 40 + i, B64)).join('\n');
  const pem = (headers: string) =>
    `-----BEGIN EC PRIVATE KEY-----\n${headers}${body}\n-----END EC PRIVATE KEY-----`;
  const encrypted = `Proc-Type: 4,ENCRYPTED\nDEK-Info: AES-256-CBC,${hex(32, 3).toUpperCase()}\n\n`;

  it('an encrypted PEM key in a raw string literal (Go, JavaScript)', () => {
    for (const open of ['PEMBytes: []byte(`', 'const key = `']) {
      const found = secrets(`${open}${pem(encrypted)}\n\`)`);
      expect(found).toHaveLength(1);
      expect(found[0]).toMatch(/^secret\.private_key -----BEGIN EC PRIVATE KEY-----\nProc-Type/);
      expect(found[0]).toMatch(/-----END EC PRIVATE KEY-----$/);
    }
    // The headers with no body after them are no key.
    expect(secrets(`k := \`-----BEGIN EC PRIVATE KEY-----\n${encrypted}...\n\``)).toEqual([]);
  });

  it(".NET's XML RSA key with its private exponent; the public one is none", () => {
    const el = (name: string, n: number, seed: number) => `<${name}>${bytes64(n, seed)}</${name}>`;
    const pub = `${el('Modulus', 256, 4)}<Exponent>AQAB</Exponent>`;
    const priv = `<RSAKeyValue>${pub}${el('P', 128, 5)}${el('Q', 128, 6)}${el('D', 256, 7)}</RSAKeyValue>`;
    expect(secrets(`var xml = "${priv}";`)).toEqual([`secret.private_key ${priv}`]);
    expect(secrets(`<RSAKeyValue>${pub}</RSAKeyValue>`)).toEqual([]);
  });
});

describe('round 18: keys and tokens as PHP writes them', () => {
  it("lcobucci/jwt's InMemory keys; a line naming the key public holds none", () => {
    const k = bytes64(32, 8);
    expect(secrets(`$key = InMemory::base64Encoded('${k}');`)).toEqual([
      `secret.generic_api_key ${k}`,
    ]);
    const ed = bytes64(64, 9);
    expect(secrets(`'signing' => Key\\InMemory::base64Encoded(\n    "${ed}",\n),`)).toEqual([
      `secret.generic_api_key ${ed}`,
    ]);
    expect(secrets(`'public2' => Key\\InMemory::base64Encoded('${k}'),`)).toEqual([]);
    // A fixture's words are no key.
    expect(secrets(`InMemory::plainText('testing-secret-key-for-tests')`)).toEqual([]);
  });

  it("a JWT split over literals joined with PHP's '.'", () => {
    const header = b64url({ alg: 'HS512', typ: 'JWT' });
    const payload = b64url({ sub: 'svc-9031', aud: 'billing' });
    const sig = seeded(86, 18, B64URL);
    const text = `$jwt = '${header}.${payload}.'\n      . '${sig}';`;
    expect(secrets(text)).toEqual([`secret.jwt ${header}.${payload}.'\n      . '${sig}`]);
    expect(secrets(`$jwt = '${header}.' . 'notapayload';`)).toEqual([]);
  });
});

describe('round 18: other places a credential stands', () => {
  it("a JDBC URL's password field is a connection string's", () => {
    const url = 'jdbc:db2://dbhost:50000/sales:user=etl;password=mxqt_bk4zp';
    expect(secrets(`conn = DriverManager.getConnection("${url}");`)).toEqual([
      'secret.connection_string mxqt_bk4zp',
    ]);
    // Words in the field are a name, not a password.
    expect(secrets('String u = "jdbc:db2://h:1/d:user=etl;password=db_admin";')).toEqual([]);
  });

  it('hex longer than any digest under a bare KEY', () => {
    const k = hex(256, 19);
    expect(secrets(`private const val KEY = "${k}"`)).toEqual([`secret.generic_api_key ${k}`]);
    // SHA-512's length, or less, may be a content hash used as a key.
    expect(secrets(`private const val KEY = "${hex(128, 19)}"`)).toEqual([]);
  });
});

describe('round 18: values that are no credential', () => {
  it('a lower-case word and the number row (admin123 with any word)', () => {
    for (const v of ['harbor123', 'vault456', 'mypass1234', 'ciuser12345']) {
      expect(isStandInValue(v)).toBe(true);
    }
    // Capitalised, six digits, or digits that do not step: judged as they stand.
    for (const v of ['Harbor123', 'harbor123456', 'harbor193']) {
      expect(isStandInValue(v)).toBe(false);
    }
    expect(secrets('CI_REGISTRY_PASSWORD: harbor123')).toEqual([]);
    expect(secrets('CI_REGISTRY_PASSWORD: hXr8b0q2Lm')).toEqual(['secret.password hXr8b0q2Lm']);
  });

  it('a test word in leetspeak as a part of the value', () => {
    for (const v of ['w4lrus-k3y_t35t', 'otter_t3st$', 'd3mo-Kiwi-77']) {
      expect(isStandInValue(v)).toBe(true);
    }
    expect(secrets('Passphrase: "w4lrus-k3y_t35t",')).toEqual([]);
    // A hex part reading `test` through leetspeak (`7e57`) is a UUID's, not a word.
    expect(isStandInValue('0b1c9d2e-7e57-4a3f-9c1d-5e8f2a7b6c4d')).toBe(false);
    // A random passphrase of the same layout stays one.
    expect(secrets('Passphrase: "Hq7-vX2_pL9z",')).toEqual(['secret.password Hq7-vX2_pL9z']);
  });

  it('a value naming a credential twice', () => {
    for (const v of ['tokensecret2024', 'harbor9PasswordToken1', 'MySecretPassword!']) {
      expect(isStandInValue(v)).toBe(true);
    }
    expect(secrets('registry-password: harbor9PasswordToken1')).toEqual([]);
    expect(isStandInValue('harbor9Token1x7Qm')).toBe(false);
  });

  it('a camel-case setting name, a bind parameter, P@ssw0rd!', () => {
    expect(secrets('final String KEYSTORE_PASSWORD = "keyStorePassword";')).toEqual([]);
    expect(secrets('String q = "password=:secret_value";')).toEqual([]);
    expect(secrets('mysql://root:P@ssw0rd!@db.local:3306/app')).toEqual([]);
    expect(secrets('mysql://root:Vb8!x2Qk@db.local:3306/app')).toEqual([
      'secret.connection_string Vb8!x2Qk',
    ]);
  });

  it("a comment ending in 'password' does not name the next line's string", () => {
    const text = '    // user equals password\n    "https://ops:ops@web.local/a",';
    expect(secrets(text)).toEqual([]);
    expect(secrets('password "Zq8kLm2vPw"')).toEqual(['secret.password Zq8kLm2vPw']);
  });
});
