import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createDetector } from '../../../src/detect/engine.js';
import { parsePolicy } from '../../../src/detect/policy.js';
import {
  hasRepeatedChunk,
  isStandInBasicCredential,
} from '../../../src/detect/detectors/secret-value.js';
import { secretFindings } from './secret-findings.js';

// Issue 18 (src/detect/README.md, "Round 13's dev half"): typed fill, stand-in Basic pairs,
// jwt.io's example token, key files, Teams webhooks, positional AWS pairs and numbered names.
// Every value here was typed (or derived from a seed) for this file, not copied from a round.
const secrets = (text: string) => secretFindings(text);
const b64 = (s: string) => Buffer.from(s).toString('base64');
const b64url = (s: string) => Buffer.from(s).toString('base64url');
/** Random-looking base64 lines from a seed: a key body no round holds. */
function keyBody(seed: string, lines: number): string {
  const out: string[] = [];
  for (let i = 0; i < lines; i++)
    out.push(createHash('sha512').update(`${seed}${i}`).digest('base64').slice(0, 64));
  return out.join('\n');
}
const offBy = (id: string, text: string) =>
  secretFindings(text, createDetector(parsePolicy({ disabled_rules: [id] })));

describe('round 13: a chunk typed over and over is no secret', () => {
  it.each([
    'AIza0c0ffee00c0ffee00c0ffee00c0ffee00c0',
    'sk_live_7f3a9c7f3a9c7f3a9c7f3a9c',
    'sq0csp-9k2m4t7t7t7-8h3jq5ZRZRZRZRw',
    'x9deadbeefQ2',
  ])('%s', (value) => {
    expect(hasRepeatedChunk(value)).toBe(true);
  });

  it.each([
    'q8Vd2LmZ0rTwKx7Vb1Rw8Ny5Lp3HdJ4m',
    // base64 of zero bytes with one set byte, as issued tokens hold: the chunk has 2 symbols
    'hvb.AAAAAQAAAQAAAQAAAQAAAQAAAQ',
    // one two-character repeat alone is chance in hex
    '9f1c4b4b4b07e2d8a6c35f90',
  ])('%s is no fill', (value) => {
    expect(hasRepeatedChunk(value)).toBe(false);
  });

  it('drops filled vendor values and keeps random ones', () => {
    expect(secrets('GOOGLE_KEY = "AIza0c0ffee00c0ffee00c0ffee00c0ffee00c0"')).toEqual([]);
    expect(secrets('stripe.api_key = "sk_live_7f3a9c7f3a9c7f3a9c7f3a9c"')).toEqual([]);
    expect(
      secrets('token: access_token$production$9q2w3e4r5t6y7u8i$4c2d9e4c2d9e4c2d9e4c2d9e4c2d9e4c'),
    ).toEqual([]);
    expect(
      secrets('token: access_token$production$h7x2q9vk4m1zt8pw$r3k9x2m7q4v8t1z6w5y0p3n8b2c7d4f9'),
    ).toEqual([
      'secret.generic_api_key access_token$production$h7x2q9vk4m1zt8pw$r3k9x2m7q4v8t1z6w5y0p3n8b2c7d4f9',
    ]);
  });
});

describe('round 13: a Basic credential whose password is a stand-in', () => {
  it.each(['Aladdin:open sesame', 'ali:OpenSesame', 'svc:password', 'svc:changeme', 'ci:hunter2'])(
    '%s',
    (pair) => {
      expect(isStandInBasicCredential(b64(pair))).toBe(true);
      expect(secrets(`Authorization: Basic ${b64(pair)}`)).toEqual([]);
    },
  );

  it('reports a real pair, and text that is no pair', () => {
    const real = b64('svc-billing:Vq8r2LmZ0sTw');
    expect(isStandInBasicCredential(real)).toBe(false);
    expect(secrets(`curl -H "Authorization: Basic ${real}" https://api.internal`)).toEqual([
      `secret.generic_api_key ${real}`,
    ]);
    expect(isStandInBasicCredential('k4Zt9QmW2xLp7RvN8sYb')).toBe(false);
  });
});

describe("round 13: jwt.io's example token", () => {
  const header = b64url('{"alg":"HS256","typ":"JWT"}');
  const sig = 'Xq4v9LmZ0rTwKx7Vb1Rw8Ny5Lp3HdJ4mS9eXa0Cq2Y';
  it('is not reported, whatever key signed it', () => {
    const payload = b64url('{"sub":"9876543210","name":"Jane Doe","iat":1700000000}');
    expect(secrets(`token=${header}.${payload}.${sig}`)).toEqual([]);
  });

  it('a token for a named subject is', () => {
    const payload = b64url('{"sub":"user-4821","name":"Rita Okafor","iat":1700000000}');
    const token = `${header}.${payload}.${sig}`;
    expect(secrets(`token=${token}`)).toContain(`secret.jwt ${token}`);
    const doe = b64url('{"sub":"u-83f2k","name":"John Doe"}');
    expect(secrets(`token=${header}.${doe}.${sig}`)).toContain(
      `secret.jwt ${header}.${doe}.${sig}`,
    );
  });
});

describe('round 13: key files', () => {
  it('finds a PGP key whose armor headers hold symbols', () => {
    const key = [
      '-----BEGIN PGP PRIVATE KEY BLOCK-----',
      'Version: Example Tool C# v2.0 (build #7)',
      'Comment: ops signing key',
      '',
      keyBody('pgp', 6),
      '-----END PGP PRIVATE KEY BLOCK-----',
    ].join('\n');
    expect(secrets(key)).toEqual([`secret.private_key ${key}`]);
  });

  const putty = (privateLines: string) =>
    [
      'PuTTY-User-Key-File-3: ssh-ed25519',
      'Encryption: none',
      'Comment: deploy@build-7',
      'Public-Lines: 2',
      keyBody('putty-public', 2),
      privateLines,
    ].join('\n');

  it('finds a PuTTY private key (secret.private_key:putty)', () => {
    const text = putty(
      `Private-Lines: 2\n${keyBody('putty-private', 2)}\nPrivate-MAC: 4be1c09a77e2d85f31a0c6b9e4d2f8a17c3b5e90`,
    );
    expect(secrets(text)).toEqual([`secret.private_key ${text}`]);
    expect(offBy('secret.private_key:putty', text)).toEqual([]);
  });

  it('leaves a PuTTY file without its private lines', () => {
    expect(secrets(putty('Private-Lines: 2\n(removed)'))).toEqual([]);
  });
});

describe('round 13: Microsoft Teams incoming webhooks (secret.generic_api_key:teams_webhook)', () => {
  const tail =
    '3f6c2a91-7d4e-4b8a-9c15-2e7f0b6d4a83@8d1e5b27-c4a9-46f3-b0e2-91a7c3d58f64/IncomingWebhook/' +
    '5a9e3c71d08b4f26a1c7e94b3d2f6085/0c7b4e92-1f5a-4d3c-8e6b-a29f71d0c5e8';
  it.each([
    `notify: https://ops_team-2.webhook.office.com/webhookb2/${tail}`,
    `"url": "https://outlook.office.com/webhook/${tail}"`,
  ])('%s', (text) => {
    const url = /https:\S+?(?="|$)/.exec(text)?.[0];
    expect(secrets(text)).toEqual([`secret.generic_api_key ${url}`]);
    expect(offBy('secret.generic_api_key:teams_webhook', text)).toEqual([]);
  });

  it('needs the whole URL', () => {
    expect(
      secrets('post to https://ops.webhook.office.com/webhookb2/<group>@<tenant>/...'),
    ).toEqual([]);
  });
});

describe('round 13: an AWS pair passed positionally (secret.aws_secret_key:pair)', () => {
  const secret = 'q8Vd2LmZ0rTw/Kx7Vb1Rw8Ny5Lp3HdJ4mS9eXa0C';
  it('finds the secret after the id', () => {
    const text = `s3 = storage.connect("AKIA2Q7ZK5MXR4TNVB6W", "${secret}")`;
    expect(secrets(text)).toEqual([
      'secret.aws_access_key AKIA2Q7ZK5MXR4TNVB6W',
      `secret.aws_secret_key ${secret}`,
    ]);
    expect(offBy('secret.aws_secret_key:pair', text)).toEqual([
      'secret.aws_access_key AKIA2Q7ZK5MXR4TNVB6W',
    ]);
  });

  it.each([
    // a hex digest after the id, AWS's documented id
    'connect("AKIA2Q7ZK5MXR4TNVB6W", "9f1c4b7a2e07e2d8a6c35f90d3b1e8c47a2f6d05")',
    `connect('AKIAIOSFODNN7EXAMPLE', '${secret}')`,
  ])('%s stays quiet', (text) => {
    expect(secrets(text).filter((f) => f.startsWith('secret.aws_secret_key'))).toEqual([]);
  });
});

describe('round 13: a numbered secret name is the word', () => {
  it.each([
    ['final String pass2 = "r7#Kq}!v~2Lw<&M@";', 'secret.password r7#Kq}!v~2Lw<&M@'],
    ['token3: "k4Zt9QmW2xLp7RvN8sYb"', 'secret.generic_api_key k4Zt9QmW2xLp7RvN8sYb'],
  ])('%s', (text, finding) => {
    expect(secrets(text)).toEqual([finding]);
  });

  it('metadata names stay metadata', () => {
    expect(secrets('token2_type = "k4Zt9QmW2xLp7RvN8sYb"')).toEqual([]);
    // a vendor's name with a number of its own
    expect(secrets('AUTH0_AUDIENCE = "k4Zt9QmW2xLp7RvN8sYb"')).toEqual([]);
  });
});
