import { describe, expect, it } from 'vitest';
import {
  isSelfDescribedValue,
  isStandInValue,
} from '../../../src/detect/detectors/secret-value.js';
import { secretFindings, seeded } from './secret-findings.js';

// Issue 18 (src/detect/README.md, "Round 16's errors, mended"): each rule learnt from round
// 16's two halves, tested on values typed (or derived from a seed) for this file, never a
// round's own values.
const secrets = (text: string) => secretFindings(text);

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const hex = (n: number, seed: number) => seeded(n, seed, '0123456789abcdef');
/** A random-looking UUID (version and variant bits as HashiCorp's docs print them: any). */
const uuid = (seed: number) => {
  const h = hex(32, seed);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
};
/** A 32-byte gossip key: base64 of 32 seeded bytes, 44 characters ending `=`. */
const gossip = (seed: number) => Buffer.from(hex(64, seed), 'hex').toString('base64');

describe('round 16: a PEM private key written one string literal per line', () => {
  const lines = [0, 1, 2, 3].map((i) => seeded(64, 100 + i, BASE64));
  const cKey = (kind: string, headers: string[] = []) =>
    [
      'static const char test_key[] =',
      `        "-----BEGIN ${kind}PRIVATE KEY-----\\n"`,
      ...headers.map((h) => `        "${h}\\n"`),
      ...lines.map((l) => `        "${l}\\n"`),
      `        "-----END ${kind}PRIVATE KEY-----\\n";`,
    ].join('\n');

  it.each(['RSA ', 'EC ', 'OPENSSH ', 'ENCRYPTED ', ''])(
    'finds a %sPRIVATE KEY in C literals',
    (k) => {
      const found = secrets(cKey(k));
      expect(found).toHaveLength(1);
      expect(found[0]).toMatch(new RegExp(`^secret\\.private_key -----BEGIN ${k}PRIVATE KEY`));
      expect(found[0]).toContain(lines[3]);
    },
  );

  it('skips the Proc-Type and DEK-Info headers of an encrypted key inside literals', () => {
    const text = cKey('RSA ', ['Proc-Type: 4,ENCRYPTED', 'DEK-Info: AES-128-CBC,9E2B7A40C1D3F856']);
    expect(secrets(text)).toHaveLength(1);
  });

  it('a header with no body, or a public key, is still no private key', () => {
    expect(
      secrets('"-----BEGIN RSA PRIVATE KEY-----\\n"\n"-----END RSA PRIVATE KEY-----\\n"'),
    ).toEqual([]);
    const pub = `"-----BEGIN PUBLIC KEY-----\\n"\n"${lines[0]}\\n"\n"-----END PUBLIC KEY-----\\n"`;
    expect(secrets(pub)).toEqual([]);
  });
});

describe('round 16: a UUID under a secret id name', () => {
  const secret = uuid(7);
  const accessor = uuid(8);

  it.each([
    [`AccessorID:   ${accessor}\nSecretID:     ${secret}\nDescription:  ops token`],
    [`Accessor ID  = ${accessor}\nSecret ID    = ${secret}\nName         = ops`],
    [`{\n  "AccessorID": "${accessor}",\n  "SecretID": "${secret}"\n}`],
    [`Key          Value\naccessor_id  ${accessor}\nsecret_id    ${secret}`],
    [`vault write auth/approle/login role_id=${accessor} secret_id=${secret}`],
  ])('%s', (text) => {
    expect(secrets(text)).toEqual([`secret.generic_api_key ${secret}`]);
  });

  it('refuses an id that is no secret, a typed UUID and a name in AWS style', () => {
    expect(secrets(`AccessorID:   ${accessor}\nPolicy ID:    ${secret}`)).toEqual([]);
    expect(secrets('SecretID:     00000000-0000-0000-0000-000000000002')).toEqual([]);
    expect(secrets('SecretID:     12345678-1234-1234-1234-123456789abc')).toEqual([]);
    expect(secrets('aws secretsmanager get-secret-value --secret-id prod/db/creds')).toEqual([]);
    expect(secrets(`secret_id_accessor   ${accessor}`)).toEqual([]);
  });
});

describe("round 16: Vault's UUID-shaped tokens", () => {
  const token = uuid(21);
  const accessor = uuid(22);

  it('a token row followed by token_accessor, as the vault CLI prints it', () => {
    const table = `Key                Value\n---                -----\ntoken              ${token}\ntoken_accessor     ${accessor}\ntoken_duration     768h\n`;
    expect(secrets(table)).toEqual([`secret.vault_token ${token}`]);
  });

  it('client_token in a login response', () => {
    const json = `{\n  "auth": {\n    "accessor": "${accessor}",\n    "client_token": "${token}"\n  }\n}`;
    expect(secrets(json)).toEqual([`secret.vault_token ${token}`]);
  });

  it('a token UUID with no Vault context stays a generic key; an accessor alone is an id', () => {
    expect(secrets(`token: ${token}\n`)).toEqual([`secret.generic_api_key ${token}`]);
    expect(secrets(`token_accessor     ${accessor}\n`)).toEqual([]);
  });
});

describe('round 16: more credentials HashiCorp tools print', () => {
  it("Vault's SSH one-time password: key beside key_type otp", () => {
    const otp = uuid(31);
    expect(secrets(`key            \t${otp}\nkey_type       \totp\n`)).toEqual([
      `secret.generic_api_key ${otp}`,
    ]);
    expect(secrets(`key            \t${otp}\nkey_type       \tdynamic\n`)).toEqual([]);
  });

  it("consul acl set-agent-token's token", () => {
    const t = uuid(41);
    expect(secrets(`$ consul acl set-agent-token agent ${t}`)).toEqual([
      `secret.generic_api_key ${t}`,
    ]);
  });

  it('gossip encryption keys: the encrypt setting, keyring install, keygen output', () => {
    const [a, b, c] = [gossip(51), gossip(52), gossip(53)];
    expect(secrets(`encrypt = "${a}"`)).toEqual([`secret.generic_api_key ${a}`]);
    expect(secrets(`{"encrypt": "${a}"}`)).toEqual([`secret.generic_api_key ${a}`]);
    expect(secrets(`$ consul keyring -install ${b}`)).toEqual([`secret.generic_api_key ${b}`]);
    expect(secrets(`$ nomad operator gossip keyring install ${b}`)).toEqual([
      `secret.generic_api_key ${b}`,
    ]);
    expect(secrets(`$ consul keygen\n${c}\n`)).toEqual([`secret.generic_api_key ${c}`]);
  });

  it('refuses a gossip key of another length and one that encodes typed text', () => {
    expect(secrets(`encrypt = "${Buffer.from(seeded(16, 9, BASE64)).toString('base64')}"`)).toEqual(
      [],
    );
    expect(
      secrets(`encrypt = "${Buffer.from('abcdefghijklmnopqrstuvwxyz012345').toString('base64')}"`),
    ).toEqual([]);
  });
});

describe('round 16: stand-ins', () => {
  it('a possessive phrase ending in a secret name', () => {
    for (const v of [
      'my-deploy-token',
      'myverystrongpassword',
      'your_service_key',
      'our-api-secret',
    ])
      expect(isStandInValue(v), v).toBe(true);
    expect(secrets('--header "X-Consul-Token: my-bootstrap-token"')).toEqual([]);
    expect(secrets('password = "myveryownpassword"')).toEqual([]);
    // A sentence stays a passphrase (earlier rounds label it a password).
    expect(isStandInValue('thisismypassword')).toBe(false);
  });

  it('a value stating its own length', () => {
    expect(isSelfDescribedValue('Your32CharacterSecretGoesHere')).toBe(true);
    expect(isSelfDescribedValue('64-chars-random-key')).toBe(true);
    expect(isSelfDescribedValue(seeded(40, 3, BASE64))).toBe(false);
    expect(
      secrets(
        'aws_access_key_id=Your20CharacterKeyId\naws_secret_access_key=Your40CharacterSecret',
      ),
    ).toEqual([]);
  });

  it('an SSH public key blob under a key name, a token elided with ...', () => {
    const blob = `AAAAB3NzaC1yc2EAAAADAQABAAABAQ${seeded(60, 61, BASE64)}`;
    expect(secrets(`PrivateKeyWithPassphraseBlob = "${blob}"`)).toEqual([]);
    expect(secrets('curl -H "Authorization: Bearer eyJhbGciOiJFUzI1NiJ9.eyJzdWIi..."')).toEqual([]);
  });

  it("a connection string's password ends at the next ;name= (found, as a connection string)", () => {
    expect(
      secrets(
        "connection_url='server=db.local;user id=sa;password=Passw0rd;database=orders-eu2;app name=svc;'",
      ),
    ).toEqual([]);
    const pw = 'Kq7#vR2!mT9$wX4%';
    expect(
      secrets(`connection_url='server=db.local;user id=sa;password=${pw};database=app;'`),
    ).toEqual([`secret.connection_string ${pw}`]);
  });
});

describe('round 16: a generated password opening with ?', () => {
  it('reads a long random value after ? as a password, a query as no value', () => {
    const pw = `?@09AZ${seeded(58, 71, BASE64)}`;
    expect(secrets(`password                ${pw}\nusername   svc-ops\n`)).toEqual([
      `secret.password ${pw}`,
    ]);
    expect(secrets(`password                ?page=${seeded(30, 72, BASE64)}\n`)).toEqual([]);
  });
});
