import { describe, expect, it } from 'vitest';
import { createDetector } from '../../../src/detect/engine.js';
import { parsePolicy } from '../../../src/detect/policy.js';
import type { Detection } from '../../../src/detect/types.js';

// Issue 18 (src/detect/README.md, "Round 8"): the rules learnt from round 8's dev half and
// round 7's scored held-out half. Sentences and tokens written here (random bodies), not
// copied from either half of any round.
const detector = createDetector();
const scan = (text: string): Detection[] => detector.scanEvent([{ field: 'prompt', text }]);
const types = (text: string, category: string): string[] =>
  scan(text)
    .filter((d) => d.category === category)
    .map((d) => d.type);
const found = (text: string, category: string) =>
  scan(text)
    .filter((d) => d.category === category)
    .map((d) => `${d.type} ${text.slice(d.start, d.end)}`);

describe('round 8: secrets by vendor shape and by the name they are assigned to', () => {
  it.each([
    ['7312845590:AAHq3ZxW9vKp2LmN8rT4yB6cD1eF5gJ0kQ', 'secret.telegram_bot_token'],
    [
      "key = 'SG.Tr7-Kw2mQ9xLp4Zb8Nc3Vd.Hj6Fs1Gt5Rk9Yq2Wm7Pn4Xc8Bv3Lz6Nd1Sa5Ke9Ux2Qi'",
      'secret.sendgrid_key',
    ],
    ['register --registration-token "GR1348941Zq8Xv2Lm7Np4Rt9Wk3Bc"', 'secret.gitlab_token'],
    ['-F token=glptt-4f9a2c7e1b8d3f6a0c5e9b2d7f1a4c8e3b6d9f2a', 'secret.gitlab_token'],
    ['MWS token: amzn.mws.4c7e9a2b-1f3d-4e8a-b6c2-9d5f1a7e3b8c', 'secret.generic_api_key'],
    ['const SECRET = "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"', 'secret.generic_api_key'],
    ['export AWS_ACCESS_KEY_ID="Q7XM2RV9TK4WB8NZ3LC6"', 'secret.aws_access_key'],
    ['AWS_SECRET_ACCESS_KEY=7c1f9e4a2b8d6f3e0a5c9b7d1e4f8a2c6b3d9e0f5a', 'secret.aws_secret_key'],
    [
      'export AWS_SESSION_TOKEN="IQoJb3JpZ2luX2VjEJr7Lm2Qp9Xv4Nk8Rt3Wz6Bc1Yd5Fs0Gh7Jk2Lm9Np4Qr8St3Uv"',
      'secret.generic_api_key',
    ],
    ['//registry.npmjs.org/:_authToken=3f7a9c2e-1b8d-4f6a-9c3e-7b2d5f8a1c4e', 'secret.npm_token'],
    [
      'Endpoint=https://cfg-prod.azconfig.io;Id=Xk2p-l7-s0:Qm8Zr3Vw9Lt4Nb6Yc1Hd;Secret=Rt7Kq2Wm9Xv4Lp8Nz3Bc6Yd1Fs5Gh0Jk2Ln7Pq9St4U=',
      'secret.connection_string',
    ],
    [
      'HostName=hub.azure-devices.net;SharedAccessKeyName=svc;SharedAccessKey=Wm9Xv4Lp8Nz3Bc6Yd1Fs5Gh0Jk2Ln7Pq9St4Rt7Kq2=',
      'secret.connection_string',
    ],
    ['ado_pat = "k7q2xm9vl4np8rz3bc6yd1fs5gh0jk2ln7pq9st4ut7wx2ab5cqr"', 'secret.generic_api_key'],
    ['new NetworkCredential("builder", "Vq7#mLp2Xz9w")', 'secret.password'],
    ['"AdminPassword" : "wintersolsticeriver"', 'secret.password'],
    ["password = '`7Qm9xLp2Rz'", 'secret.password'],
    ['Ldap password    ----   Hq7#Lm2@Xz9', 'secret.password'],
  ])('%s', (text, type) => {
    expect(types(text, 'secret')).toContain(type);
  });

  it('leaves identifiers, selectors and placeholders alone', () => {
    for (const text of [
      'this.resetPassword = "#reset-password";',
      '<input autocomplete="current-password">',
      'bypass = "throttle"',
      'AWS_ACCESS_KEY_ID=<your-access-key-id>',
      'AccountName={2};SharedAccessKey={3};',
      'Endpoint=https://x.azconfig.io;Id=xxx;Secret=xxx',
      'NPM_TOKEN="00000000-0000-0000-0000-000000000000"',
      'nextPageToken = "cGFnZTI"',
      'The meeting is at 10:30:45 in room 7312845590.',
    ]) {
      expect(types(text, 'secret'), text).toEqual([]);
    }
  });

  it('keeps a passphrase of hyphenated words a password', () => {
    expect(types('the vpn password is: violet-anchor-pepper-mist', 'secret')).toEqual([
      'secret.password',
    ]);
  });

  it('disables the loose SendGrid rule by its own id', () => {
    const text = 'SG.Tr7-Kw2mQ9xLp4Zb8Nc3Vd.Hj6Fs1Gt5Rk9Yq2Wm7Pn4Xc8Bv3Lz6Nd1Sa5Ke9Ux2Qi';
    const policy = parsePolicy({ disabled_rules: ['secret.sendgrid_key:loose'] });
    const d = createDetector(policy).scanEvent([{ field: 'prompt', text }]);
    expect(d.filter((x) => x.type === 'secret.sendgrid_key')).toEqual([]);
    expect(types(text, 'secret')).toEqual(['secret.sendgrid_key']);
  });
});

describe('round 8: personal data', () => {
  it('reads an SSN with dots only next to an SSN word', () => {
    expect(types('her social security number is 512.67.4309', 'pii')).toEqual(['pii.ssn']);
    expect(types('see section 512.67.4309 of the manual', 'pii')).toEqual([]);
  });

  it('never reads an SSN-shaped number as a phone', () => {
    expect(types('my social security number is 078-05-1120', 'pii')).toEqual([]);
    expect(types('call the number 512-67-4309', 'pii')).not.toContain('pii.phone');
  });

  it.each([
    ['My date of birth is 23/09/1984.', '23/09/1984'],
    ["The applicant's d.o.b. is 7 March 1969", '7 March 1969'],
  ])('finds the date of birth in %s', (text, date) => {
    expect(found(text, 'pii')).toEqual([`pii.date_of_birth ${date}`]);
  });

  it.each([
    'Her driving licence number is HARRI 612087 EJ9AB 02, please confirm.',
    'DVLA no: WILLI807145DP9XY',
  ])('finds a UK driving licence: %s', (text) => {
    expect(types(text, 'pii')).toContain('pii.drivers_license');
  });

  it('needs a licence word and a real birth date in a UK licence number', () => {
    expect(types('part HARRI612087EJ9AB shipped', 'pii')).toEqual([]);
    // Month 14: not a birth date, so not a UK licence number.
    expect(types('my driving licence HARRI 614587 EJ9AB', 'pii')).not.toContain(
      'pii.drivers_license',
    );
  });

  it('treats the published Amex corporate test card as a placeholder', () => {
    expect(types('My credit card is 378734493671000.', 'pii')).toEqual([]);
  });

  it.each([
    ['Ship to 1870-C N ELM ST SPOKANE WA 99201', 'pii.address'],
    ['Calle de Alcalá, 42 - 3º, 28014 Madrid', 'pii.address'],
  ])('finds the address in %s', (text, type) => {
    expect(types(text, 'pii')).toContain(type);
  });
});

describe('round 8: abuse', () => {
  it.each(["You can't help but be a total moron", 'Only you are that petty and pathetic'])(
    '%s',
    (text) => {
      expect(types(text, 'toxicity')).toEqual(['toxicity.harassment']);
    },
  );
});
