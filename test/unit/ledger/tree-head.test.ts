import { createHash, createPrivateKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { hashLeaf } from '../../../src/ledger/hasher.js';
import {
  formatVerifierKey,
  keyId,
  parseVerifierKey,
  signNote,
  verifyNote,
} from '../../../src/ledger/signed-note.js';
import {
  formatCheckpoint,
  keyFingerprint,
  parseCheckpoint,
  rawPublicKey,
  SignatureError,
  signCheckpoint,
  verifyCheckpoint,
} from '../../../src/ledger/tree-head.js';

const { privateKey, publicKey } = generateKeyPairSync('ed25519');
const other = generateKeyPairSync('ed25519');
const root = hashLeaf(Buffer.from('root'));
const body = formatCheckpoint({ origin: 'evid.example/ledger', size: 12345, root });
const note = signCheckpoint(body, 'evid.example/ledger', privateKey);

function reasonOf(run: () => unknown): string {
  try {
    run();
  } catch (err) {
    expect(err).toBeInstanceOf(SignatureError);
    return (err as SignatureError).reason;
  }
  throw new Error('expected a SignatureError');
}
const verifyAs = (text: string, name = 'evid.example/ledger', key: KeyObject = publicKey) =>
  reasonOf(() => verifyCheckpoint(text, name, key));
const [sigName, sigBlob] = note
  .slice(body.length + 1)
  .slice(2, -1)
  .split(' ');
const withBlob = (blob: Buffer): string =>
  `${body}\n\u2014 ${sigName} ${blob.toString('base64')}\n`;

describe('checkpoints (C2SP tlog-checkpoint in a signed note)', () => {
  it('formats the body and signature line exactly', () => {
    expect(body).toBe(`evid.example/ledger\n12345\n${root.toString('base64')}\n`);
    expect(note.startsWith(`${body}\n\u2014 evid.example/ledger `)).toBe(true);
    expect(note.endsWith('\n')).toBe(true);
    const blob = Buffer.from(sigBlob, 'base64');
    expect(blob).toHaveLength(68);
    const raw = rawPublicKey(publicKey);
    const id = createHash('sha256')
      .update('evid.example/ledger\n')
      .update(Buffer.of(1))
      .update(raw)
      .digest();
    expect(blob.subarray(0, 4)).toEqual(id.subarray(0, 4));
  });

  it('round-trips sign and verify', () => {
    const checkpoint = verifyCheckpoint(note, 'evid.example/ledger', publicKey);
    expect(checkpoint).toEqual({ origin: 'evid.example/ledger', size: 12345, root });
    expect(parseCheckpoint(body)).toEqual(checkpoint);
  });

  it('reports bad_signature when any byte of the body changes', () => {
    for (let i = 0; i < body.length - 1; i++) {
      if (body[i] === '\n') continue;
      const changed = body[i] === 'A' ? 'B' : 'A';
      const tampered = body.slice(0, i) + changed + note.slice(i + 1);
      expect(verifyAs(tampered), `byte ${i}`).toBe('bad_signature');
    }
  });

  it('reports bad_signature when any byte of the signature changes', () => {
    const blob = Buffer.from(sigBlob, 'base64');
    for (let i = 4; i < blob.length; i++) {
      const flipped = Buffer.from(blob);
      flipped[i] ^= 0x01;
      expect(verifyAs(withBlob(flipped)), `byte ${i}`).toBe('bad_signature');
    }
    expect(verifyAs(withBlob(blob.subarray(0, 67)))).toBe('bad_signature');
  });

  it('reports unknown_key for another name, another key, or a changed key id', () => {
    expect(verifyAs(note, 'someone.else')).toBe('unknown_key');
    expect(verifyAs(note, 'evid.example/ledger', other.publicKey)).toBe('unknown_key');
    const blob = Buffer.from(sigBlob, 'base64');
    blob[0] ^= 0x80;
    expect(verifyAs(withBlob(blob))).toBe('unknown_key');
  });

  it('ignores other signatures (cosignatures) and checks ours', () => {
    const cosigned = signNote(body, 'witness.example', other.privateKey);
    const both = `${note}${cosigned.slice(body.length + 1)}`;
    expect(verifyCheckpoint(both, 'evid.example/ledger', publicKey).size).toBe(12345);
    expect(verifyNote(both, 'witness.example', other.publicKey)).toBe(body);
  });

  it.each<[string, unknown]>([
    ['empty', ''],
    ['not a string', 42],
    ['no blank line', note.replace('\n\n', '\n')],
    ['no signatures', `${body}\n`],
    ['no final newline', note.slice(0, -1)],
    ['CRLF line ends', note.replaceAll('\n', '\r\n')],
    ['a control character', note.replace('evid', 'ev\u0001d')],
    ['hyphen instead of em dash', note.replace('\u2014', '-')],
    ['signature not base64', withBlob(Buffer.alloc(68)).replace(/ \S+\n$/, ' !!!!\n')],
    ['non-canonical base64', note.replace(/=?\n$/, '\n')],
    ['signature too short for a key id', withBlob(Buffer.alloc(4))],
    ['blank line inside the signatures', `${note}\n${note.slice(body.length + 1)}`],
    ['extra spaces', note.replace('\u2014 ', '\u2014  ')],
  ])('reports malformed for %s', (_name, text) => {
    expect(verifyAs(text as string)).toBe('malformed');
  });

  it('reports malformed for a validly signed body that is not a checkpoint', () => {
    for (const bad of [
      'origin\n',
      'origin\n012\nAAAA\n',
      `o\n1\n${root.toString('base64').slice(0, -4)}\n`,
    ]) {
      const signed = signNote(bad, 'evid.example/ledger', privateKey);
      expect(verifyAs(signed), JSON.stringify(bad)).toBe('malformed');
    }
    const extended = signNote(`${body}extension line\n`, 'evid.example/ledger', privateKey);
    expect(verifyCheckpoint(extended, 'evid.example/ledger', publicKey).size).toBe(12345);
  });

  it('refuses to format or sign invalid checkpoints', () => {
    expect(() => formatCheckpoint({ origin: '', size: 1, root })).toThrow(TypeError);
    expect(() => formatCheckpoint({ origin: 'a\nb', size: 1, root })).toThrow(TypeError);
    expect(() => formatCheckpoint({ origin: 'a', size: -1, root })).toThrow(TypeError);
    expect(() => formatCheckpoint({ origin: 'a', size: 1, root: root.subarray(1) })).toThrow(
      TypeError,
    );
    expect(() => signCheckpoint('a\n1\n', 'k', privateKey)).toThrow(TypeError);
    expect(() => signCheckpoint(body, 'has space', privateKey)).toThrow(TypeError);
    expect(() => signCheckpoint(body, 'has+plus', privateKey)).toThrow(TypeError);
    expect(() => signCheckpoint(body, 'k', publicKey)).toThrow(TypeError);
  });
});

describe('key helpers', () => {
  it('gives the raw 32-byte key and its SHA-256 fingerprint', () => {
    const raw = rawPublicKey(publicKey);
    const spki = publicKey.export({ type: 'spki', format: 'der' });
    expect(raw).toHaveLength(32);
    expect(raw).toEqual(spki.subarray(spki.length - 32));
    expect(rawPublicKey(privateKey)).toEqual(raw);
    expect(keyFingerprint(publicKey)).toBe(createHash('sha256').update(raw).digest('hex'));
    expect(keyFingerprint(publicKey)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('round-trips verifier keys, including base64 with a +', () => {
    for (let i = 0; i < 16; i++) {
      const key = generateKeyPairSync('ed25519').publicKey;
      const parsed = parseVerifierKey(formatVerifierKey('k', key));
      expect(rawPublicKey(parsed.publicKey)).toEqual(rawPublicKey(key));
    }
    const vkey = formatVerifierKey('evid.example/ledger', publicKey);
    const parsed = parseVerifierKey(vkey);
    expect(parsed.keyName).toBe('evid.example/ledger');
    expect(rawPublicKey(parsed.publicKey)).toEqual(rawPublicKey(publicKey));
    expect(verifyCheckpoint(note, parsed.keyName, parsed.publicKey).root).toEqual(root);
    const wrongId = vkey.replace(
      /\+([0-9a-f]{8})\+/,
      (_m, id: string) => `+${id === '00000000' ? '00000001' : '00000000'}+`,
    );
    for (const bad of ['', 'a+b', 'name+zzzzzzzz+AAAA', wrongId, `${vkey}+x`]) {
      expect(() => parseVerifierKey(bad), bad).toThrow(SignatureError);
    }
  });
});

describe('interop with golang.org/x/mod/sumdb/note (test/vectors/signed-note)', () => {
  const vector = JSON.parse(
    readFileSync(new URL('../../vectors/signed-note/go-sumdb-note.json', import.meta.url), 'utf8'),
  ) as {
    signer_key: string;
    verifier_key: string;
    plus_verifier_key: string;
    key_name: string;
    text: string;
    note: string;
  };
  // The Go signer key is PRIVATE+KEY+<name>+<id>+base64(0x01 || 32-byte seed).
  const seed = Buffer.from(vector.signer_key.split('+').slice(4).join('+'), 'base64').subarray(1);
  const goPrivate = createPrivateKey({
    key: Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), seed]),
    format: 'der',
    type: 'pkcs8',
  });

  it('reproduces the Go note byte for byte and verifies it with the Go verifier key', () => {
    expect(signNote(vector.text, vector.key_name, goPrivate)).toBe(vector.note);
    const { keyName, publicKey: goPublic } = parseVerifierKey(vector.verifier_key);
    expect(keyName).toBe(vector.key_name);
    expect(verifyNote(vector.note, keyName, goPublic)).toBe(vector.text);
    expect(formatVerifierKey(keyName, goPrivate)).toBe(vector.verifier_key);
    expect(keyId(keyName, goPublic).toString('hex')).toBe('c74f20a3');
    const plus = parseVerifierKey(vector.plus_verifier_key);
    expect(formatVerifierKey(plus.keyName, plus.publicKey)).toBe(vector.plus_verifier_key);
  });
});
