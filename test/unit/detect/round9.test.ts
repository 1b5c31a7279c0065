import { describe, expect, it } from 'vitest';
import { createDetector } from '../../../src/detect/engine.js';
import { parsePolicy } from '../../../src/detect/policy.js';
import { secretFindings } from './secret-findings.js';

// Issue 18 (src/detect/README.md, "Round 9"): the rules learnt from round 9's dev half and
// round 8's scored held-out half. Tokens and lines written here (random bodies), not copied
// from either half of any round.
const found = (text: string) => secretFindings(text);

describe('round 9: secret shapes and the names they are assigned to', () => {
  it.each([
    [
      'AGE-SECRET-KEY-1KQH8UASWQ8SPNY82RQZF0VCYDF0KXKMPU5QT46UQYQ3GTKSQL9SGKA8HNY',
      'secret.private_key AGE-SECRET-KEY-1KQH8UASWQ8SPNY82RQZF0VCYDF0KXKMPU5QT46UQYQ3GTKSQL9SGKA8HNY',
    ],
    [
      'UID=u-s4t2af-1 SECRET=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',
      'secret.generic_api_key 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',
    ],
    [
      '"refresh": "ghr_8wcaQ8QV5ZSWhOsXWE7QUpWvqkTwShlPEKpTncfTixIlNFeADnVAUWfpGA55cWblVG0SZ5ZwWyGn"',
      'secret.github_token ghr_8wcaQ8QV5ZSWhOsXWE7QUpWvqkTwShlPEKpTncfTixIlNFeADnVAUWfpGA55cWblVG0SZ5ZwWyGn',
    ],
    [
      `buildConfigField "String", "MAPS_TOKEN", '"fe9c8bc593e7cb3476c47a89669c85d1"'`,
      'secret.generic_api_key fe9c8bc593e7cb3476c47a89669c85d1',
    ],
    ['<add key="SmtpPassword" value="Kettle#Drum77"/>', 'secret.password Kettle#Drum77'],
    [
      'Data Source=db01;Initial Catalog=Orders;User Id=app;Password=T0ast!er9;',
      'secret.connection_string T0ast!er9',
    ],
    [
      'client_credential = "SvO1oFFOeS7D6Zs3Wb9ILPhkjoO5"',
      'secret.generic_api_key SvO1oFFOeS7D6Zs3Wb9ILPhkjoO5',
    ],
    [
      'uploadSecretKey := "U21odbjl6rj7hZr4zlaMI6ZFwDSWStwP"',
      'secret.generic_api_key U21odbjl6rj7hZr4zlaMI6ZFwDSWStwP',
    ],
    [
      'cfg["map_key"] = "U21odbjl6rj7hZr4zlaMI6ZFwDSWStwP"',
      'secret.generic_api_key U21odbjl6rj7hZr4zlaMI6ZFwDSWStwP',
    ],
    ['myapikey = @"w}r@ng#le(saw]tooth%moon"', 'secret.generic_api_key w}r@ng#le(saw]tooth%moon'],
    ['db_password = q]uiet{river$stone#dusk', 'secret.password q]uiet{river$stone#dusk'],
    [
      'Access key: AKIAQ7XM2RV9TK4WB8NZ\nsecret key: 7Xk2Lp9Nt4Rk8Wz3Bc6Yd1Fs5Gh0Jk2Lm9Np4Qr8',
      'secret.aws_secret_key 7Xk2Lp9Nt4Rk8Wz3Bc6Yd1Fs5Gh0Jk2Lm9Np4Qr8',
    ],
  ])('%s', (text, finding) => {
    expect(found(text)).toContain(finding);
  });

  it('leaves placeholders, labels, ARNs, code and templates alone', () => {
    for (const text of [
      'AKIADEADBEEFDEADBEEF',
      'aws_access_key_id = AKIAEXAMPLEEXAMPLE12',
      'ManagedPolicy = "arn:aws:iam::aws:policy/ReadOnlyAccessPassword"',
      'loginLabel:"Login:",passwordLabel:"Password:",submitLabel:"Send"',
      'apikey := config.get(section)[name]',
      'password: ${SMTP_PASSWORD_FROM_VAULT}',
      'the_secret = "{{ vault_lookup_secret_here }}"',
      '<add key="PasswordMinLength" value="12"/>',
      '"key": "order_20240117"',
      'buildConfigField "String", "BASE_URL", "\\"https://api.example.org\\""',
    ]) {
      expect(found(text), text).toEqual([]);
    }
  });

  it('disables a round-9 rule by its own id', () => {
    const text = 'AGE-SECRET-KEY-1KQH8UASWQ8SPNY82RQZF0VCYDF0KXKMPU5QT46UQYQ3GTKSQL9SGKA8HNY';
    // gitleaks' age-secret-key rule finds the same key: it goes too.
    const scan = (ids: string[]) =>
      createDetector(parsePolicy({ disabled_rules: ids }))
        .scanEvent([{ field: 'prompt', text }])
        .filter((x) => x.category === 'secret');
    expect(scan(['secret.private_key:age']).map((x) => x.detector)).toEqual([
      'gitleaks/age-secret-key',
    ]);
    expect(scan(['secret.private_key:age', 'gitleaks/age-secret-key'])).toEqual([]);
  });
});
