import { describe, expect, it } from 'vitest';
import {
  hasRepeatedChunk,
  isClassMask,
  isStandInValue,
  isWordFilledToken,
} from '../../../src/detect/detectors/secret-value.js';
import { secretFindings } from './secret-findings.js';

// Issue 18 (src/detect/README.md, "Round 13's held-out errors, mended"): rules read from the
// families of round 13's held-out errors after its one scoring. Every value here was typed or
// generated for this file, not copied from a round; the one exception is the Azure Storage
// emulator's key, which Microsoft publishes and the rule names.
const secrets = (text: string) => secretFindings(text);

const EMULATOR_KEY =
  'Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==';
const RANDOM_ACCOUNT_KEY =
  '5bg8JL+jzB5PsbShN5wYQWzc3pC5XvaRGxngYkrf4pAmTesxb59GxrxZWp0uwFeReMlGosankqoLLuP/HEbSpg==';
const HEX64 = 'e19461c14e53d2e47ead08060d09b4bd100373c1b684d509743ff17bfd66bac8';
const HEADER = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9';

describe('round 13 held out: published and typed stand-ins', () => {
  it("drops the Azure Storage emulator's published key under every rule that finds it", () => {
    expect(
      secrets(
        `DefaultEndpointsProtocol=http;AccountName=devstoreaccount1;AccountKey=${EMULATOR_KEY}`,
      ),
    ).toEqual([]);
    expect(secrets(`storage_key = "${EMULATOR_KEY}"`)).toEqual([]);
    expect(secrets(`AZURE_STORAGE_KEY=${EMULATOR_KEY}`)).toEqual([]);
    // any other account key is still one
    expect(secrets(`AccountKey=${RANDOM_ACCOUNT_KEY}`)).toEqual([
      `secret.azure_storage_key ${RANDOM_ACCOUNT_KEY}`,
    ]);
  });

  it('reads a filler word typed twice, or next to four of one digit, as filler', () => {
    expect(isWordFilledToken('beef0000beef22227c3e9a15')).toBe(true);
    expect(isWordFilledToken('98be8f3f8e63dead2222a997')).toBe(true);
    // one `dead` by chance stays a key
    expect(isWordFilledToken('98be8f3fdead4006928a9979')).toBe(false);
    expect(secrets('PMAK-beef0000beef22227c3e9a15-4e8b2f06a1d93c57e0b4a86f2d19c3e7b5')).toEqual([]);
    const real = 'PMAK-98be8f3fdead4006928a9979-75841440cec04f2e3442acd99c69807f02';
    expect(secrets(real)).toEqual([`secret.generic_api_key ${real}`]);
  });

  it('reads a chunk of six or more typed twice in a row as filler', () => {
    expect(hasRepeatedChunk('mPzQkLmPzQkL4tRv8')).toBe(true);
    expect(hasRepeatedChunk('mPzQkL7sW2xB9nD4tRv8yH3c')).toBe(false);
    expect(secrets('stripe_key = "rk_live_mPzQkLmPzQkL4tRv8mPzQkL"')).toEqual([]);
    expect(secrets('x rk_live_mPzQkL7sW2xB9nD4tRv8yH3c')).toEqual([
      'secret.stripe_key rk_live_mPzQkL7sW2xB9nD4tRv8yH3c',
    ]);
  });

  it('reads a character-class mask (only A, a and 0) as a format, not a key', () => {
    expect(isClassMask('a0aAA0aa-AAaa-aaAA-AAaa-aA00aaAA0a0a')).toBe(true);
    expect(isClassMask('ce652511-647e-48f5-9977-88a1c00955e5')).toBe(false);
    expect(secrets("heroku_api_key: 'a0aAA0aa-AAaa-aaAA-AAaa-aA00aaAA0a0a'")).toEqual([]);
    expect(secrets("heroku_api_key: 'ce652511-647e-48f5-9977-88a1c00955e5'")).toEqual([
      'secret.generic_api_key ce652511-647e-48f5-9977-88a1c00955e5',
    ]);
  });

  it('reads a dotted setting name given as the value as a name', () => {
    expect(secrets("client_secret_key : 'v3.payments.api.signing.key'")).toEqual([]);
    const v = 'bM02-CsNj5ZepHkFrLV8b6HW5WZRVXC9bND7la3_rwI';
    expect(secrets(`client_secret_key : '${v}'`)).toEqual([`secret.generic_api_key ${v}`]);
  });

  it('drops a run of one JWT header pasted as every segment', () => {
    expect(secrets(`t = ${HEADER}.${HEADER}.${HEADER}`)).toEqual([]);
    const token = `${HEADER}.eyJzdWIiOiJ1LTQ4MjEiLCJpYXQiOjE3MDAwMDAwMDB9.bM02-CsNj5ZepHkFrLV8b6HW5WZRVXC9bND7la3_rwI`;
    expect(secrets(`t = ${token}`)).toEqual([`secret.jwt ${token}`]);
  });

  it('reads famous passwords with a number, and default logins, as stand-ins', () => {
    for (const v of ['P@ssw0rd7', 'MyPassw0rd42', 'admin2024', 'mysecretpassword1', 'Bb1234567'])
      expect(isStandInValue(v), v).toBe(true);
    expect(secrets('password = "P@ssw0rd7"\nadmin_password = "admin2024"')).toEqual([]);
    expect(secrets('POSTGRES_PASSWORD="mysecretpassword2"')).toEqual([]);
    // weak passwords earlier rounds label secrets stay found
    expect(secrets('password = "Secret123"')).toEqual(['secret.password Secret123']);
    expect(secrets('password = "Summer123456"')).toEqual(['secret.password Summer123456']);
    expect(secrets('password = "Tr7kz!Pw0rd"')).toEqual(['secret.password Tr7kz!Pw0rd']);
  });

  it('reads numbered fixture logins as stand-ins', () => {
    const ado = (user: string, pass: string) =>
      `db = "Data Source=dbhost4;Initial Catalog=app4;User ID=${user};Password=${pass};"`;
    expect(secrets(ado('username12', 'password12'))).toEqual([]);
    expect(secrets(ado('svc_app', 'Kq7zL2vX9w'))).toEqual(['secret.connection_string Kq7zL2vX9w']);
    const cred = (user: string) =>
      `$c = @{\n  UserName = "${user}",\n  Password = "Blue_tiger7",\n}`;
    expect(secrets(cred('user7'))).toEqual([]);
    // a real user's name, or another number, leaves the password a password
    expect(secrets(cred('alice7'))).toEqual(['secret.password Blue_tiger7']);
    expect(secrets(cred('user8'))).toEqual(['secret.password Blue_tiger7']);
  });

  it('reads format-string fields and names with trailing underscores as code', () => {
    expect(secrets("login(password='format_{}_value')")).toEqual([]);
    expect(secrets("login(password='careless__')")).toEqual([]);
  });
});

describe('round 13 held out: misses that generalise', () => {
  it('reads `Bearer:` with a colon as the scheme', () => {
    expect(secrets('auth = "Bearer: 9fkq2lmx83hd7wq0vbz4ntp1"')).toEqual([
      'secret.generic_api_key 9fkq2lmx83hd7wq0vbz4ntp1',
    ]);
  });

  it("reads an XML element's text on the line after its tag", () => {
    const hex = '6fb1f7a937e797089385a2b1be7a3b1ca24f74fc';
    expect(secrets(`<GithubToken>\n\t${hex}\n</GithubToken>`)).toEqual([
      `secret.github_token ${hex}`,
    ]);
    expect(secrets('<Password>\n  Xk9#mQ2vLp7wRt\n</Password>')).toEqual([
      'secret.password Xk9#mQ2vLp7wRt',
    ]);
    // without the closing tag on the next line it is text, not the element's value
    expect(secrets(`<GithubToken>\n\t${hex}\nmore text`)).toEqual([]);
  });

  it('reads a UUID under the name npm as a legacy npm token, and not a bare UUID', () => {
    const uuid = 'ce652511-647e-48f5-9977-88a1c00955e5';
    expect(secrets(`npm: "${uuid}"`)).toEqual([`secret.npm_token ${uuid}`]);
    expect(secrets(`request_id: "${uuid}"`)).toEqual([]);
  });

  it('reads a Python triple-quoted keyword argument as a password literal', () => {
    expect(secrets("connect(password='''Vq7#k2!Lm9$xR4^z<3''')")).toEqual([
      'secret.password Vq7#k2!Lm9$xR4^z<3',
    ]);
    expect(secrets("connect(password='''{db_password}''')")).toEqual([]);
  });

  it('reads pw as a password name', () => {
    expect(secrets('pw = "Zr8Kq2Lx9Vt4Nw7"')).toEqual(['secret.password Zr8Kq2Lx9Vt4Nw7']);
    expect(secrets('pw = page_width')).toEqual([]);
  });

  it('types hex under an S3 secret name that does not say AWS as a generic key', () => {
    expect(secrets(`MINIO_S3_SECRET_ACCESS_KEY=${HEX64}`)).toEqual([
      `secret.generic_api_key ${HEX64}`,
    ]);
    expect(secrets(`AWS_SECRET_ACCESS_KEY=${HEX64}`)).toEqual([`secret.aws_secret_key ${HEX64}`]);
  });
});
