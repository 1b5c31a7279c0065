import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../../src/errors.js';
import { createDetector } from '../../../src/detect/engine.js';
import { parsePolicy } from '../../../src/detect/policy.js';
import { DEFAULT_POLICY } from '../../../src/detect/policy.js';
import type { Detection } from '../../../src/detect/types.js';

// Issue 18 (src/detect/README.md, "Round 7"): secrets from secretlint's preset and vendor
// rules, personal data through libphonenumber-js and compromise's lexicon, and abuse aimed at
// a person. Sentences and tokens written here (random bodies), not copied from either half.
const detector = createDetector();
const scan = (text: string): Detection[] => detector.scanEvent([{ field: 'prompt', text }]);
const types = (text: string, category: string): string[] =>
  scan(text)
    .filter((d) => d.category === category)
    .map((d) => d.type);

const SENDGRID = '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';

describe('round 7: secrets from a maintained rule set, with visible ids', () => {
  it('reports a SendGrid key under secretlint rule id, masked', () => {
    const [d] = scan(`export SENDGRID=${SENDGRID}`).filter((x) => x.category === 'secret');
    expect(d).toMatchObject({ type: 'secret.sendgrid_key', detector: 'secretlint/sendgrid' });
    expect(d!.match_masked).not.toContain('aB3dE5fG7h');
    expect(d!.excerpt).not.toContain('aB3dE5fG7h');
  });

  it.each([
    [
      'pypi upload: pypi-AgEIcHlwaS5vcmcCJGQ4ZTNhMWI3LTk5ZjItNDQxZC1hZGU0LTZmN2E4YjljMGQxZQACKlszLCJ',
      'secret.pypi_token',
    ],
    ['mailchimp key 3f9a1c7e5b2d8f4a6c0e9b1d7f3a5c8e-us14', 'secret.mailchimp_key'],
    [
      'telegram bot token 7312845590:AAHq3ZxW9vKp2LmN8rT4yB6cD1eF5gJ0kQs',
      'secret.telegram_bot_token',
    ],
    [
      '<id>AKIAQX7R2M9T4V8K1B3N</id><secret>Zk8rT2pW9xQ4mL7vB3nC6yH1jF5gD0sA2eR8tU4i</secret>',
      'secret.aws_access_key',
    ],
    ['glpat token: glpat-Xq7Lm2Np9Rt4Vw8Yz3Bc', 'secret.gitlab_token'],
  ])('%s', (text, type) => {
    expect(types(text, 'secret')).toContain(type);
  });

  it('leaves typed placeholders and look-alikes alone', () => {
    for (const text of [
      'SENDGRID_API_KEY=SG.xxxxxxxxxxxxxxxxxxxxxx.xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
      'pypi-AgEIcHlwaS5vcmc is the start of every PyPI token',
      'commit 3f9a1c7e5b2d8f4a6c0e9b1d7f3a5c8e landed in us14 yesterday',
      'The meeting is at 10:30:45 in room 7312845590.',
    ]) {
      expect(types(text, 'secret'), text).toEqual([]);
    }
  });

  it('a policy disables one rule by its id, or a family by prefix', () => {
    const text = `key=${SENDGRID}`;
    // gitleaks' sendgrid-api-token rule reads the same key: a policy turns both off.
    for (const ids of [
      ['secretlint/sendgrid', 'gitleaks/sendgrid-api-token'],
      ['secretlint/*', 'gitleaks/*'],
    ]) {
      const policy = parsePolicy({ disabled_rules: ids });
      const found = createDetector(policy).scanEvent([{ field: 'prompt', text }]);
      expect(found.filter((d) => d.type === 'secret.sendgrid_key')).toEqual([]);
    }
    expect(DEFAULT_POLICY.disabled_rules).toBeUndefined();
  });

  it('refuses a rule id that names no built-in rule, naming the field', () => {
    try {
      parsePolicy({ disabled_rules: ['secretlint/sendgird'] });
      throw new Error('accepted');
    } catch (err) {
      expect(err).toBeInstanceOf(ValidationError);
      expect((err as Error).message).toContain('disabled_rules[0]');
    }
  });
});

describe('round 7: personal data through libraries', () => {
  it.each([
    ['Ring me on my mobile: 0612 345 678 after six.', 'pii.phone'],
    ['Office phone 030 2345 6789, ask for reception.', 'pii.phone'],
    ['Call me at:(312) 847-2291 tomorrow.', 'pii.phone'],
    ["Her driver's license number is D4821-3390-1177.", 'pii.drivers_license'],
    ['Ship it to 742 Evergreen Terrace, Springfield, OR 97477.', 'pii.address'],
    ['Flat 3, 18 Wellington Road, Leeds LS1 4AP', 'pii.address'],
    ['Wohnung: Lindenstraße 14, 10969 Berlin', 'pii.address'],
    ['We live in Rotterdam now.', 'pii.address'],
    ['The reviewer was Margaret Okafor from the audit team.', 'pii.person_name'],
    ['my name is Priya', 'pii.person_name'],
  ])('%s', (text, type) => {
    expect(types(text, 'pii')).toContain(type);
  });

  it('a name alone is low severity, an identifier ranks above it', () => {
    const found = scan('Margaret Okafor, SSN 536-22-8417');
    const name = found.find((d) => d.type === 'pii.person_name');
    const ssn = found.find((d) => d.type === 'pii.ssn');
    expect(name?.severity).toBe('low');
    expect(['high', 'critical']).toContain(ssn?.severity);
    expect(name!.match_masked).not.toContain('Okafor');
  });

  it.each([
    'Mock user: Jane Doe, phone 555-0142',
    'Grant Access to the Main Street repository.',
    'Will Power is a song, and Chase Bank is a bank.',
    'The build number was 2024.05.02.1187.',
    'Your tracking number is 7489 2310 5512.',
    'Paris, France',
    'Version 3.12 Main Road release notes',
  ])('stays quiet: %s', (text) => {
    expect(types(text, 'pii')).toEqual([]);
  });
});

describe('round 7: abuse aimed at a person', () => {
  it.each([
    ['You are an utter clown and a liar.', 'toxicity.harassment'],
    ['Honestly he is such a worthless scumbag.', 'toxicity.harassment'],
    ['I despise you and everything you stand for.', 'toxicity.harassment'],
    ['I am going to break your neck when I see you.', 'toxicity.violence'],
    ['We will make those refugees pay.', 'toxicity.violence'],
    ['He deserves to die for this.', 'toxicity.violence'],
    ['Someone should just shoot him.', 'toxicity.violence'],
  ])('%s', (text, type) => {
    expect(types(text, 'toxicity')).toContain(type);
  });

  it.each([
    'This compiler is garbage and the docs are worthless.',
    "Let's kill the stale processes and eradicate the weeds.",
    'I am going to murder this playlist tonight.',
    'The moderation report quoted "you are human garbage" as an example of harassment.',
    'I hate Mondays and I cannot stand cold coffee.',
  ])('stays quiet: %s', (text) => {
    expect(types(text, 'toxicity')).toEqual([]);
  });
});
