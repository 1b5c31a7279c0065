import { describe, expect, it } from 'vitest';
import { createDetector } from '../../../src/detect/engine.js';
import { parsePolicy } from '../../../src/detect/policy.js';
import { isStandInValue } from '../../../src/detect/detectors/secret-value.js';
import { secretFindings } from './secret-findings.js';

// Issue 18 (src/detect/README.md, "Round 12's dev half"): stand-in values documentation and
// tests type for a secret. Every value here was typed for this file, not copied from a round.
const secrets = (text: string) => secretFindings(text);

describe('round 12: stand-ins are not secrets', () => {
  it.each([
    'Welcome2024',
    'qwerty99',
    'Pa$$w0rd',
    'zxcvzxcv',
    '321321321',
    'TestPassword77',
    'DUMMYTOKEN2025==',
    'sample_api_key_9',
    '$APP_PASS$',
    '$dbpass',
    '%DB_PASSWORD%',
    '$(SECRET)',
    '(.+)',
    '[^:]+.*',
    // read from round 12's held-out half after its scoring: interpolations, a setting's name
    '{db_pass}',
    "{os.environ['REDIS_PASS']}",
    '$env{redis_pwd}',
    '#{settings.pass}',
    'REDIS_PASSWORD',
  ])('%s', (value) => {
    expect(isStandInValue(value)).toBe(true);
  });

  it.each([
    // weak but plausible passwords stay secrets, as the earlier rounds label them
    'super$ecret',
    'thisismypassword',
    'Secret123',
    'hunter2hunter2',
    's3cr3tP@ssw0rd',
    'Tr0ub4dor&3x',
    'q8Vd2LmZ0rTw',
    'kx7kx7kx7',
    '{Vq8r2LmZ0sTwQe4=}',
  ])('%s is no stand-in', (value) => {
    expect(isStandInValue(value)).toBe(false);
  });

  it('leaves stand-ins in URLs and assignments unreported, and reports a real value there', () => {
    expect(secrets('DB_URL=postgres://app:$DB_PASSWORD$@db.internal/app')).toEqual([]);
    expect(secrets('amqp://svc:%RABBIT_PASS%@mq.internal')).toEqual([]);
    expect(secrets('uri = f"redis://app:{os.environ[\'REDIS_PASS\']}@cache.internal/0"')).toEqual(
      [],
    );
    expect(secrets('db_password = "Welcome2024"')).toEqual([]);
    expect(secrets('<entry password="TESTPASSWORD2025" />')).toEqual([]);
    expect(secrets('amqp://svc:Vq8r2LmZ0sTw@mq.internal')).toEqual([
      'secret.connection_string Vq8r2LmZ0sTw',
    ]);
    expect(secrets('db_password = "Vq8r2LmZ0sTw"')).toHaveLength(1);
  });
});

describe('round 12: a secret as a name/value pair (secret.assigned_name:name_value)', () => {
  it.each([
    [
      'env:\n  - name: ORDERS_DB_PASSWORD\n    value: "Vq8r2LmZ0sTw"',
      'secret.password Vq8r2LmZ0sTw',
    ],
    [
      '  name3  = "BILLING_API_TOKEN"\n  value3 = "k4Zt9QmW2xLp7RvN8sYb"',
      'secret.generic_api_key k4Zt9QmW2xLp7RvN8sYb',
    ],
    [
      '{"name": "STRIPE_WEBHOOK_KEY", "value": "Qm7vR2xK9pLw4ZtN8sYb"}',
      'secret.generic_api_key Qm7vR2xK9pLw4ZtN8sYb',
    ],
  ])('%s', (text, finding) => {
    expect(secrets(text)).toEqual([finding]);
  });

  it.each([
    // not a secret name, a reference, a template, a stand-in, a pair that does not pair up
    '- name: LOG_LEVEL\n  value: "k4Zt9QmW2xLp7RvN8sYb"',
    '- name: DB_PASSWORD\n  valueFrom:\n    secretKeyRef: {name: db, key: password}',
    '- name: DB_PASSWORD\n  value: "${DB_PASSWORD}"',
    '- name: DB_PASSWORD\n  value: Welcome2024',
    'name1 = "DB_PASSWORD"\nvalue2 = "Vq8r2LmZ0sTw"',
  ])('%s stays quiet', (text) => {
    expect(secrets(text)).toEqual([]);
  });

  it('is switched off by its id', () => {
    const off = createDetector(
      parsePolicy({ disabled_rules: ['secret.assigned_name:name_value'] }),
    );
    const text = 'env:\n  - name: ORDERS_DB_PASSWORD\n    value: "Vq8r2LmZ0sTw"';
    expect(
      off.scanEvent([{ field: 'prompt', text }]).filter((d) => d.category === 'secret'),
    ).toEqual([]);
  });
});
