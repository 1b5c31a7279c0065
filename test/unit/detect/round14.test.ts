import { describe, expect, it } from 'vitest';
import { createDetector } from '../../../src/detect/engine.js';
import { ASSIGNMENT } from '../../../src/detect/detectors/secret-assignment.js';
import { mayHoldAssignment } from '../../../src/detect/detectors/secret-assignment-gate.js';
import { crc32 } from '../../../src/detect/detectors/secret-prefixed.js';
import { isStandInValue } from '../../../src/detect/detectors/secret-value.js';
import { secretFindings } from './secret-findings.js';

// Issue 18 (src/detect/README.md, "Round 14's errors, mended"): each rule learnt from round
// 14's two halves, tested on values typed (or derived from a seed) for this file from the
// vendor's documented format, never a round's own values.
const secrets = (text: string) => secretFindings(text);
const detector = createDetector();
/** `detector type span` for every finding, any category. */
const all = (text: string) =>
  detector
    .scanEvent([{ field: 'prompt', text }])
    .map((d) => `${d.detector} ${d.type} ${text.slice(d.start, d.end)}`);

/** A Cloudflare token with its CRC-32 suffix, for a 40-character body typed here. */
const cloudflare = (prefix: string, body: string) =>
  `${prefix}_${body}${crc32(body).toString(16).padStart(8, '0')}`;

describe('round 14: the assignment gate and `set :name, "v"`', () => {
  const capfile = 'set :deploy_api_key, "Vq7Lw2Nz9Rk4Tb8Xc3Md6Hp1Js5Gf0Ye"';

  it('the gate passes a comma after an unquoted name, as the regex matches it', () => {
    for (const text of [capfile, capfile.toUpperCase(), 'x = 1\n  set(:api_token, "k")']) {
      expect(new RegExp(ASSIGNMENT.source, ASSIGNMENT.flags).test(text)).toBe(true);
      expect(mayHoldAssignment(text)).toBe(true);
    }
  });

  it('reads a Ruby symbol given to set', () => {
    expect(secrets(capfile)).toEqual(['secret.generic_api_key Vq7Lw2Nz9Rk4Tb8Xc3Md6Hp1Js5Gf0Ye']);
    expect(secrets('  set :db_password, "Pl4tt3r!Wren"')).toEqual(['secret.password Pl4tt3r!Wren']);
  });

  it('an unquoted name before a comma elsewhere is no assignment', () => {
    for (const text of [
      'fetch :deploy_api_key, "Vq7Lw2Nz9Rk4Tb8Xc3Md6Hp1Js5Gf0Ye"',
      'reset :deploy_api_key, "Vq7Lw2Nz9Rk4Tb8Xc3Md6Hp1Js5Gf0Ye"',
      'log(api_key, "Vq7Lw2Nz9Rk4Tb8Xc3Md6Hp1Js5Gf0Ye")',
    ])
      expect(
        all(text).filter((f) => f.startsWith('secret.assigned_name')),
        text,
      ).toEqual([]);
  });
});

describe('round 14: vendor tokens with a prefix of their own, on a bare line', () => {
  const cfUser = cloudflare('cfut', 'zrMeoZ8aY0uMVrbc5WNU9ekdfv6ydUL6TECae77t');
  const cfAccount = cloudflare('cfat', 'dV3RkFAH96nZYL3PzCiyXHeARBHWfbmsmF7sWK4N');
  const cfGlobal = cloudflare('cfk', '18ZoES4CJofV45PlUl24N4LWOuvyrM1YgPq7XSoF');

  it.each([
    ['cloudflare_token', cfUser],
    ['cloudflare_token', cfAccount],
    ['cloudflare_token', cfGlobal],
    ['contentful_pat', 'CFPAT-uTULysGksHYyYT3QI1I0kuYwKuA5XIhAWGG6D5rZtO4'],
    [
      'airtable_pat',
      'patGP8d5oc9GAKXtL.9143f556c6c75a24fdef8eb884adf9474b33cf3d673890174ea08e77d1349738',
    ],
    [
      'temporal_cloud',
      'tmprl_g5WlFXYjCQYoEUoMMV5j4rFkq2R3lFDc_XCdaxIbLVVQ5Eht1lLdYe1LyVg4hzUc5I8Kyy10hjWCiIJ7lbgJolgErN5U4nNPh',
    ],
    ['midtrans_server_key', 'SB-Mid-server-B0YumoQbX7s2ZQPsKAi49fxf'],
    ['midtrans_server_key', 'Mid-server-ak6rFevBVRZn9BsGsuzXY8GJ'],
  ])('%s: %s', (rule, token) => {
    for (const text of [token, `- ${token}\n`, `"vendor": ["${token}"],`])
      expect(all(text)).toContain(`secret.generic_api_key:${rule} secret.generic_api_key ${token}`);
  });

  it("a Cloudflare token's checksum must hold", () => {
    expect(cfUser).toMatch(/^cfut_\w{40}[0-9a-f]{8}$/);
    // crc32 is zlib's: the check value of "123456789" is cbf43926.
    expect(crc32('123456789').toString(16)).toBe('cbf43926');
    const wrong = `${cfUser.slice(0, -8)}${cfUser.endsWith('0') ? '1' : '0'}${cfUser.slice(-7)}`;
    expect(all(wrong).filter((f) => f.includes('cloudflare_token'))).toEqual([]);
  });

  it('placeholders, runs and public client keys are none', () => {
    for (const text of [
      'CFPAT-uTULysGksHYyYT3QI1I0kuYwKuA5XIhAWGG6D5r-EXAMPLE',
      'SB-Mid-server-B0YumoQbX7s2ZQPsEXAMPLEf',
      'tmprl_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa_bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb',
      'SB-Mid-client-yeU02NU0R9Yp3mSL',
      'Mid-client-yeU02NU0R9Yp3mSL',
    ])
      expect(secrets(text), text).toEqual([]);
  });
});

describe('round 14: a URL whose password is the credential', () => {
  it.each([
    [
      'https://963084998f817492a1dd7c4e3f3b2a50:30a8cbd98aa4c424c28bcb2fced6af74@o12.ingest.sentry.io/42',
      '30a8cbd98aa4c424c28bcb2fced6af74',
    ],
    ['https://qa-team:DHviGOdZoSTuTWOGWn0m@hub.example-grid.net/wd/hub', 'DHviGOdZoSTuTWOGWn0m'],
    ['curl http://deploy:Wm3!tq8Zr@10.0.4.7:8080/api', 'Wm3!tq8Zr'],
  ])('%s', (text, password) => {
    // The password is the secret's span, not an e-mail address's local part.
    expect(all(text)).toEqual([
      `secret.connection_string:url_userinfo secret.connection_string ${password}`,
    ]);
  });

  it('stand-ins, templates, default logins and vendor tokens are left alone', () => {
    for (const text of [
      'https://login:password@example.net/',
      'http://hello:TESTSECRET1234@localhost/',
      'https://${GIT_USER}:${GIT_TOKEN}@git.example.net/repo.git',
      'https://guest:guest@rabbit.local/',
      'https://username:abcdef0123456789@host.local/',
      'https://ci:[masked]@gitlab.example.net/x.git',
    ])
      expect(secrets(text), text).toEqual([]);
    const token = 'ghp_Q7w2Lk9Rz4Tb8Xc3Md6Hp1Js5Gf0YeVq7Lw2';
    expect(secrets(`https://me:${token}@github.com/o/r.git`)).toEqual([
      `secret.github_token ${token}`,
    ]);
  });

  it('an address after a URL that is not userinfo is still an e-mail address', () => {
    expect(all('see https://lists.example.org/ or mail ops.lead@mailhost.io')).toEqual([
      'pii.email pii.email ops.lead@mailhost.io',
    ]);
  });
});

describe('round 14: types', () => {
  const picaticKey = 'sk_live_k3v9q2m8x7r1t6w4z0p5n8b2c7h4j9f3';

  it("a lower-case sk_live_ key beside Picatic's name is Picatic's, not Stripe's", () => {
    expect(picaticKey).toHaveLength(40);
    expect(all(`PICATIC_API_KEY: '${picaticKey}'`)).toEqual([
      `secret.generic_api_key:picatic secret.generic_api_key ${picaticKey}`,
    ]);
    // Without the name, the prefix is Stripe's.
    expect(secrets(`STRIPE_KEY=${picaticKey}`)).toEqual([`secret.stripe_key ${picaticKey}`]);
  });

  it("a SendGrid-named SG. key of another shape is SendGrid's", () => {
    const key = 'SG.Hq7Lw2Nz9Rk4Tb8Xc3Md6Hp1JsY.Gf0YeVq7Lw2Nz9Rk4Tb8Xc3Md6Hp1J';
    for (const name of ['SENDGRID_API_KEY', 'SEND_GRID_API_KEY'])
      expect(secrets(`${name}: '${key}'`)).toEqual([`secret.sendgrid_key ${key}`]);
    // Without SendGrid's name the shape is not SendGrid's: the generic rules type it.
    expect(secrets(`MAIL_API_KEY: '${key}'`)).toEqual([`secret.generic_api_key ${key}`]);
  });

  it('an age secret key is a private key', () => {
    // 58 bech32 characters drawn from a seed's hash (no checksum: the rules read the shape).
    const key = 'AGE-SECRET-KEY-19TD7JFDTPJSTRDFH6PCKRAL0R6M666QT430UY930PC38J7D5VNMZQ7X87S';
    expect(key).toHaveLength(74);
    expect(secrets(key)).toEqual([`secret.private_key ${key}`]);
    expect(all(key).map((f) => f.split(' ')[0])).toEqual(['secret.private_key:age']);
  });
});

describe('round 14: a password after the word for password in another language', () => {
  const pw = 'Tq8#Lm2vRz';
  it.each([
    ['Korean', `비밀번호:${pw}`],
    ['Korean', `암호 = ${pw}`],
    ['Japanese', `パスワード：${pw}`],
    ['Chinese (simplified)', `密码: ${pw}`],
    ['Chinese (traditional)', `密碼：${pw}`],
    ['Chinese', `口令=${pw}`],
    ['Spanish', `Contraseña: ${pw}`],
    ['Spanish, capitals', `CONTRASEÑA: ${pw}`],
    ['Portuguese', `senha: "${pw}"`],
    ['French', `Mot de passe : ${pw}`],
    ['German', `Kennwort=${pw}`],
    ['Russian', `Пароль: ${pw}`],
    ['Dutch', `wachtwoord: ${pw}`],
    ['Polish', `Hasło: ${pw}`],
    ['Swedish', `Lösenord: ${pw}`],
    ['Swedish, capitals', `LÖSENORD: ${pw}`],
    ['Norwegian', `passord: ${pw}`],
    ['Danish', `adgangskode: ${pw}`],
    ['Finnish', `salasana: ${pw}`],
    ['Czech', `heslo: ${pw}`],
    ['Turkish', `Şifre: ${pw}`],
    ['Turkish', `parola: ${pw}`],
  ])('%s: %s', (_language, text) => {
    expect(secrets(text)).toEqual([`secret.password ${pw}`]);
  });

  it('words, stand-ins, typed runs and sentences are no passwords', () => {
    for (const text of [
      '비밀번호: 12345678',
      'パスワード：password',
      '密码：请输入您的密码',
      'Contraseña: changeme',
      'Пароль: обязательное поле',
      'Mot de passe : oublié',
      'senha: ${SENHA_DB}',
      'hasło: qwertyuiop',
      '암호화: AES256-GCM',
    ])
      expect(secrets(text), text).toEqual([]);
  });
});

describe('round 14: stand-ins', () => {
  it.each([
    'Ch@ng3m3',
    'W3lc0m3',
    'l3tm31n',
    'correcthorsebatterystaple',
    'correct_horse_battery_staple',
  ])('%s is a stand-in', (v) => {
    expect(isStandInValue(v)).toBe(true);
    expect(secrets(`DB_PASSWORD: '${v}'`)).toEqual([]);
    expect(secrets(`<add key="password" value="${v}"/>`)).toEqual([]);
  });

  it('a passphrase in prose and a leet password that spells nothing famous stay passwords', () => {
    expect(isStandInValue('K3ttl3dRum')).toBe(false);
    expect(secrets("DB_PASSWORD: 'K3ttl3dRum'")).toEqual(['secret.password K3ttl3dRum']);
  });
});

describe('round 14: the symbol-value rules read the names their triggers select', () => {
  const value = 'w}r@ng#le(saw]tooth%moon';
  const symbols = (text: string) =>
    all(text).filter((f) => f.startsWith('secret.generic_api_key:symbols'));

  it('a camel-case or separated name, not an upper-case run-together one', () => {
    expect(symbols(`clientSecret = "${value}"`)).toEqual([
      `secret.generic_api_key:symbols secret.generic_api_key ${value}`,
    ]);
    expect(symbols(`CLIENT_SECRET = "${value}"`)).toHaveLength(1);
    expect(symbols(`CLIENTSECRET = "${value}"`)).toEqual([]);
  });
});
