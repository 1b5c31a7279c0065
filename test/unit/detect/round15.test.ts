import { describe, expect, it } from 'vitest';
import { isRowChunks, isStandInValue } from '../../../src/detect/detectors/secret-value.js';
import { secretFindings, seeded } from './secret-findings.js';

// Issue 18 (src/detect/README.md, "Round 15's errors, mended"): each rule learnt from round
// 15's two halves, tested on values typed (or derived from a seed) for this file, never a
// round's own values.
const secrets = (text: string) => secretFindings(text);

/** `n` base62 characters from a fixed seed: random-looking. */
const base62 = (n: number, seed: number) =>
  seeded(n, seed, 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789');
const b64url = (s: string) => Buffer.from(s).toString('base64url');

describe('round 15: a password typed into a password field', () => {
  it.each([
    ["cy.get('#password').type('Fen7!quartz#Loom')", 'Fen7!quartz#Loom'],
    ['cy.get(\'#confirmPassword\').type("Wq3$Harbor9Tide")', 'Wq3$Harbor9Tide'],
    ["$('[name=passwd]').setValue('Ob8%Lantern2Mist')", 'Ob8%Lantern2Mist'],
  ])('%s', (text, value) => {
    expect(secrets(text)).toEqual([`secret.password ${value}`]);
  });

  it('refuses stand-ins and fields that are not a password', () => {
    expect(secrets("cy.get('#password').type('password123')")).toEqual([]);
    expect(secrets("cy.get('#password').type('changeme')")).toEqual([]);
    expect(secrets("cy.get('#email').type('Fen7!quartz#Loom')")).toEqual([]);
  });
});

describe('round 15: a key literal given to an HMAC', () => {
  it('finds the key of createHmac and hmac.new', () => {
    expect(secrets("crypto.createHmac('sha512', 'Zr8vQk2LmX5tWp9N').update(body)")).toEqual([
      'secret.generic_api_key Zr8vQk2LmX5tWp9N',
    ]);
    expect(secrets("sig = hmac.new(b'Tg4HsW9qLc2Vx7Pk', msg, hashlib.sha256)")).toEqual([
      'secret.generic_api_key Tg4HsW9qLc2Vx7Pk',
    ]);
  });

  it('refuses a variable and a stand-in', () => {
    expect(secrets("crypto.createHmac('sha256', key).update(body)")).toEqual([]);
    expect(secrets("crypto.createHmac('sha256', 'your-secret-key').update(b)")).toEqual([]);
  });
});

describe("round 15: Vault's unseal keys", () => {
  const share = 'Qm7tZp2Lx9Vc4Rk8Wn1Hs6Jd3Fg5Yb0Ne+Ua/Oi2Tq7X';

  it('finds each share as vault operator init prints it', () => {
    expect(secrets(`Unseal Key 2: ${share}`)).toEqual([`secret.generic_api_key ${share}`]);
    expect(secrets(`Unseal Key: ${share}`)).toEqual([`secret.generic_api_key ${share}`]);
  });

  it('refuses a typed share', () => {
    expect(secrets(`Unseal Key 1: ${'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopq'}=`)).toEqual([]);
  });
});

describe('round 15: a private JWK', () => {
  const d = base62(86, 7);
  const jwk = (members: string) => `{"kty": "RSA", "e": "AQAB", ${members}}`;

  it('finds the private exponent beside kty', () => {
    expect(secrets(jwk(`"d": "${d}"`))).toEqual([`secret.private_key ${d}`]);
  });

  it('a public JWK holds no d', () => {
    expect(secrets(jwk(`"n": "${d}"`))).toEqual([]);
  });
});

describe("round 15: s3cmd's AWS pair and AWS_ACCESS_KEY_ID of another shape", () => {
  const id = 'Hq7vZt2WmK9pLx4RcN8bYs3J';
  const secret = 'nP5qT8wZ2vKx7LmR4cHs9YbJ3dFg6Wt1Ue0Qa8Xo';

  it('types the pair beside an amazonaws.com host_base as AWS', () => {
    const cfg = `[default]\naccess_key = ${id}\nsecret_key = ${secret}\nhost_base = s3.eu-central-1.amazonaws.com\n`;
    expect(secrets(cfg).sort()).toEqual([
      `secret.aws_access_key ${id}`,
      `secret.aws_secret_key ${secret}`,
    ]);
  });

  it('without the AWS host the pair is not typed AWS', () => {
    const cfg = `access_key = ${id}\nsecret_key = ${secret}\nhost_base = minio.local\n`;
    expect(secrets(cfg).filter((f) => f.startsWith('secret.aws'))).toEqual([]);
  });

  it('a random mixed-case value under AWS_ACCESS_KEY_ID is a key id', () => {
    expect(secrets(`export AWS_ACCESS_KEY_ID=${id}`)).toEqual([`secret.aws_access_key ${id}`]);
    expect(secrets('export AWS_ACCESS_KEY_ID=abcdefGHIJKL123456')).toEqual([]);
  });
});

describe('round 15: phrases of random words', () => {
  it('a diceware passphrase quoted under a password name', () => {
    expect(secrets("password: 'velvet anchor tundra pickle orbit'")).toEqual([
      'secret.password velvet anchor tundra pickle orbit',
    ]);
    // A sentence holds function words; the famous xkcd phrase is a stand-in.
    expect(secrets("password: 'is not set in this file'")).toEqual([]);
    expect(secrets("password: 'correct horse battery staple'")).toEqual([]);
  });

  it("a wallet's recovery phrase under mnemonic", () => {
    const phrase =
      'canyon orbit velvet mango sketch ladder pilot crisp amber thunder violin meadow';
    expect(secrets(`const mnemonic = '${phrase}'`)).toEqual([`secret.generic_api_key ${phrase}`]);
    expect(secrets(`const mnemonic = 'canyon orbit velvet mango'`)).toEqual([]);
  });
});

describe('round 15: a password element with attributes, a Django key, a hex key', () => {
  it('reads <Pass encoding="base64">', () => {
    const v = b64url('Kx9!harbor-Lamp7').replace(/-/g, '+');
    expect(secrets(`<User>ops</User>\n<Pass encoding="base64">${v}</Pass>`)).toEqual([
      `secret.password ${v}`,
    ]);
  });

  it('reads a quoted SECRET_KEY full of symbols', () => {
    const key = 'q8#v!m2(z^r7_k=w@t4)x+n9&p*j3-h6$b5c0yd!e1(f';
    expect(secrets(`SECRET_KEY = '${key}'`)).toEqual([`secret.generic_api_key ${key}`]);
    expect(secrets(`SECRET_KEY = '\${DJANGO_SECRET_KEY}'`)).toEqual([]);
  });

  it('reads a hex key under the bare name key, in a key file or a query', () => {
    const hex = '7C1E94B20AF35D68E4B9027A6C13F85D';
    expect(secrets(`key = ${hex}\niv = 4242\n`)).toEqual([`secret.generic_api_key ${hex}`]);
    const lower = hex.toLowerCase();
    expect(secrets(`GET https://api.example.net/v2/items?key=${lower}&page=2`)).toEqual([
      `secret.generic_api_key ${lower}`,
    ]);
    // Hex typed along the rows is a stand-in.
    expect(secrets('key = 0123456789ABCDEF0123456789ABCDEF')).toEqual([]);
  });
});

describe('round 15: TOTP secrets, Review Board tokens, hub, pretty-printed JWTs', () => {
  it('a TOTP secret in an otpauth URI or beside an authenticator', () => {
    expect(secrets('otpauth://totp/Acme:ann?secret=KQ4WZ7LM2RXP5TVN&issuer=Acme')).toEqual([
      'secret.generic_api_key KQ4WZ7LM2RXP5TVN',
    ]);
    expect(secrets("setupAuthenticator('KQ4WZ7LM2RXP5TVN')")).toEqual([
      'secret.generic_api_key KQ4WZ7LM2RXP5TVN',
    ]);
    // Capitals with no TOTP word near them are not read.
    expect(secrets("status('KQ4WZ7LM2RXP5TVN')")).toEqual([]);
  });

  it('a Review Board API token', () => {
    const token = `rbp_${base62(251, 3)}`;
    expect(secrets(`client = RBClient(url, api_token=None)\nuse(${token})`)).toEqual([
      `secret.generic_api_key ${token}`,
    ]);
  });

  it("hub's oauth_token under github.com is a GitHub token", () => {
    const hex = 'e41c9a07b3d58f2c6a19e0d4b7f38c52a9d61e07';
    expect(secrets(`github.com:\n- user: ann\n  oauth_token: ${hex}\n`)).toEqual([
      `secret.github_token ${hex}`,
    ]);
  });

  it('a JWT whose payload is pretty-printed JSON', () => {
    const header = b64url('{"alg":"HS256"}');
    const payload = b64url('{\r\n  "sub" : "ann",\r\n  "scope" : [ "read" ]\r\n}');
    const token = `${header}.${payload}.${base62(43, 11)}`;
    expect(payload.startsWith('ew0K')).toBe(true);
    expect(secrets(`token: ${token}`)).toContain(`secret.jwt ${token}`);
  });
});

describe('round 15: stand-ins', () => {
  it.each([
    'qwer1234',
    'asdf4321',
    '1234abcd',
    'p@ssw0r',
    'p@ssw0r)',
    'Passwo',
    'InvalidLength12345abbbb',
    'WrongToken_1',
    'pass-with-hyphen',
    'secret_with_special_chars',
    '{MONGO_ROOT_PASSWORD}',
  ])('%s is a stand-in', (v) => {
    expect(isStandInValue(v) || secretFindings(`db_password: ${v}`).length === 0).toBe(true);
  });

  it.each(['Summer2024', 'badf00d9c1e7a2', 'Harbor-with-7Lamps', 'Qz7pWm2k'])('%s is not', (v) => {
    expect(isStandInValue(v)).toBe(false);
  });

  it('row chunks joined by symbols, not a random key ending in a run', () => {
    expect(isRowChunks('0987654321/QWERTYUIOP/abcdefg')).toBe(true);
    expect(isRowChunks('Vn4pLq8ZtR2mXc7K+1234567890')).toBe(false);
  });

  it('vendor bodies typed along the rows', () => {
    expect(secrets('amzn.mws.4321dcba-98ab-cdef-0123-456789abcdef')).toEqual([]);
    expect(secrets('fedcba0987654321fedcba0987654321-us7')).toEqual([]);
    expect(secrets('aws_secret_access_key = 0987654321/ZYXWVUTSRQ/0987654321/ABCDEF')).toEqual([]);
  });
});
