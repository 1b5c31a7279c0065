import { describe, expect, it } from 'vitest';
import {
  TEST_CARD_NUMBERS,
  ibanValid,
  isNonPersonalIPv4,
  isPlaceholderEmail,
  isPlaceholderValue,
  isTrivialDigits,
  luhnValid,
  shannonEntropy,
} from '../../../src/detect/validators.js';
import { hasOrderedRun } from '../../../src/detect/detectors/secret-value.js';

describe('luhnValid', () => {
  it.each(['4539 1488 0343 6467', '79927398713', '4242-4242-4242-4242', '378282246310005'])(
    'accepts %s',
    (n) => {
      expect(luhnValid(n)).toBe(true);
    },
  );
  it.each(['4539 1488 0343 6468', '79927398710', '1234567812345678', ''])('rejects %s', (n) => {
    expect(luhnValid(n)).toBe(false);
  });
  it('knows the processor test cards', () => {
    for (const n of TEST_CARD_NUMBERS) expect(luhnValid(n), n).toBe(true);
  });
});

describe('ibanValid (ISO 13616 mod 97)', () => {
  it.each([
    'DE89 3704 0044 0532 0130 00',
    'GB82WEST12345698765432',
    'FR1420041010050500013M02606',
    'NL91ABNA0417164300',
  ])('accepts %s', (iban) => expect(ibanValid(iban)).toBe(true));
  it.each([
    ['DE12 3456 7890 1234 5678 90', 'bad check digits'],
    ['DE89 3704 0044 0532 0130', 'wrong length for DE'],
    ['XX89370400440532013000', 'unknown country'],
    ['DE89-3704-0044-0532-0130-00', 'bad character'],
  ])('rejects %s (%s)', (iban) => expect(ibanValid(iban)).toBe(false));
});

describe('shannonEntropy', () => {
  it('is 0 for one repeated symbol and log2(n) for n distinct symbols', () => {
    expect(shannonEntropy('')).toBe(0);
    expect(shannonEntropy('aaaa')).toBe(0);
    expect(shannonEntropy('abcd')).toBeCloseTo(2);
  });
  it('ranks random tokens above words', () => {
    expect(shannonEntropy('q8Zt3LmR0xW2bN7vK1pY')).toBeGreaterThan(
      shannonEntropy('passwordpassword1234'),
    );
  });
});

describe('ordered runs (typed values)', () => {
  it.each(['xk12345678q', 'qwertyZ9', 'A1bC2dE3fG4hI5jK6', 'a1b2c3d4e5f6g7h8', 'Zyxwvu'])(
    '%s is typed',
    (v) => expect(hasOrderedRun(v)).toBe(true),
  );
  it.each(['q8Zt3LmR0xW2bN7vK1pY', '3f9a1c7e5b2d8f4a6c0e', 'AAAAAQJgxDgqsGNorpo'])(
    '%s is not',
    (v) => expect(hasOrderedRun(v)).toBe(false),
  );
});

describe('placeholders', () => {
  it.each([
    'YOUR_API_KEY',
    'xxxxxxxxxxxxxxxx',
    '${TOKEN}',
    '<password>',
    '********',
    'changeme',
    'AKIAIOSFODNN7EXAMPLE',
    '{{ vault_key }}',
    'ThisIsNotSecretChangeIt',
    'contoso',
    'CorrectHorseBatteryStaple',
    'sq0atp-blahBLAHblah',
  ])('value %s is a placeholder', (v) => expect(isPlaceholderValue(v)).toBe(true));
  it.each(['Tr0ub4dor&3', 'q8Zt3LmR0xW2bN7vK1pY', 'hunter2hunter2'])('value %s is not', (v) => {
    expect(isPlaceholderValue(v)).toBe(false);
  });
  it.each([
    'user@example.com',
    'a@b.example',
    'x@corp.test',
    'you@yourcompany.com',
    'noreply@acme.io',
    'ci@users.noreply.github.com',
  ])('email %s is a placeholder', (e) => expect(isPlaceholderEmail(e)).toBe(true));
  it.each(['maria.gonzalez@northwind-traders.com', 'k.tanaka@fujimoto.co.jp'])(
    'email %s is not',
    (e) => {
      expect(isPlaceholderEmail(e)).toBe(false);
    },
  );
  it('trivial digit strings', () => {
    expect(isTrivialDigits('0000000000')).toBe(true);
    expect(isTrivialDigits('1234567890')).toBe(true);
    expect(isTrivialDigits('4158672390')).toBe(false);
  });
});

describe('isNonPersonalIPv4', () => {
  it.each([
    '10.1.2.3',
    '192.168.0.10',
    '172.20.1.1',
    '127.0.0.1',
    '203.0.113.9',
    '198.51.100.7',
    '8.8.8.8',
    '224.0.0.1',
    '100.64.1.1',
  ])('%s is not personal data', (ip) =>
    expect(isNonPersonalIPv4(ip.split('.').map(Number))).toBe(true),
  );
  it.each(['81.2.69.160', '73.162.88.19', '185.220.101.47'])('%s may be', (ip) => {
    expect(isNonPersonalIPv4(ip.split('.').map(Number))).toBe(false);
  });
});
