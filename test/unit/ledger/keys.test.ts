import { spawn } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KEY_FILE_NAME, loadOrCreateSigningKey, loadPublicKey } from '../../../src/ledger/keys.js';
import {
  keyFingerprint,
  signCheckpoint,
  verifyCheckpoint,
  formatCheckpoint,
} from '../../../src/ledger/tree-head.js';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'evid-keys-'));
});
afterEach(() => {
  vi.restoreAllMocks();
  fs.rmSync(dir, { recursive: true, force: true });
});

const keyDir = (): string => path.join(dir, 'data', 'nested');
const listing = (d: string): string[] => fs.readdirSync(d).sort();

describe('loadOrCreateSigningKey', () => {
  it('creates an Ed25519 key file with mode 0600 on first use, then reuses it', () => {
    const first = loadOrCreateSigningKey(keyDir());
    const file = path.join(keyDir(), KEY_FILE_NAME);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(file, 'utf8')).toMatch(/^-----BEGIN PRIVATE KEY-----\n/);
    expect(listing(keyDir())).toEqual([KEY_FILE_NAME]);
    expect(first.privateKey.asymmetricKeyType).toBe('ed25519');
    expect(first.fingerprint).toBe(keyFingerprint(first.publicKey));
    expect(first.publicKeyPem).toMatch(/^-----BEGIN PUBLIC KEY-----\n/);

    const second = loadOrCreateSigningKey(keyDir());
    expect(second.fingerprint).toBe(first.fingerprint);
    const note = signCheckpoint(
      formatCheckpoint({ origin: 'o', size: 0, root: Buffer.alloc(32) }),
      'o',
      first.privateKey,
    );
    expect(verifyCheckpoint(note, 'o', loadPublicKey(second.publicKeyPem)).size).toBe(0);
  });

  it("keeps the other process's key when it wins the race between write and link", () => {
    const winner = generateKeyPairSync('ed25519');
    const winnerPem = winner.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const realLink = fs.linkSync;
    vi.spyOn(fs, 'linkSync').mockImplementation((from, to) => {
      fs.writeFileSync(to, winnerPem, { mode: 0o600 }); // the other process links first
      realLink(from, to);
    });
    const loaded = loadOrCreateSigningKey(keyDir());
    expect(loaded.fingerprint).toBe(keyFingerprint(winner.publicKey));
    expect(listing(keyDir())).toEqual([KEY_FILE_NAME]); // our temp file is gone
  });

  it('cleans up and rethrows when linking fails for another reason', () => {
    vi.spyOn(fs, 'linkSync').mockImplementation(() => {
      throw Object.assign(new Error('operation not permitted'), { code: 'EPERM' });
    });
    expect(() => loadOrCreateSigningKey(keyDir())).toThrow(/not permitted/);
    expect(listing(keyDir())).toEqual([]);
  });

  it('refuses a key file that is not Ed25519', () => {
    const rsa = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    fs.mkdirSync(keyDir(), { recursive: true });
    fs.writeFileSync(
      path.join(keyDir(), KEY_FILE_NAME),
      rsa.privateKey.export({ type: 'pkcs8', format: 'pem' }),
    );
    expect(() => loadOrCreateSigningKey(keyDir())).toThrow(/not an Ed25519/);
  });

  it('ends with one key when several processes create it at once', async () => {
    // The children run the real module: transpile src/ledger, src/secret-file.ts and
    // src/lazy-crypto.ts (node:* imports only) to JS, in the same layout.
    const ts = await import('typescript');
    const root = path.join(dir, 'js');
    const out = path.join(root, 'ledger');
    fs.mkdirSync(out, { recursive: true });
    fs.writeFileSync(path.join(root, 'package.json'), '{"type":"module"}');
    const transpile = (from: URL, to: string): void => {
      const js = ts.transpileModule(fs.readFileSync(from, 'utf8'), {
        compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
      }).outputText;
      fs.writeFileSync(to, js);
    };
    const srcDir = new URL('../../../src/ledger/', import.meta.url);
    for (const name of fs.readdirSync(srcDir).filter((f) => f.endsWith('.ts'))) {
      transpile(new URL(name, srcDir), path.join(out, name.replace(/\.ts$/, '.js')));
    }
    transpile(new URL('../secret-file.ts', srcDir), path.join(root, 'secret-file.js'));
    transpile(new URL('../lazy-crypto.ts', srcDir), path.join(root, 'lazy-crypto.js'));
    const startAt = Date.now() + 1500;
    const script = `
      import { loadOrCreateSigningKey } from ${JSON.stringify(path.join(out, 'keys.js'))};
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, Math.max(0, ${startAt} - Date.now()));
      process.stdout.write(loadOrCreateSigningKey(${JSON.stringify(keyDir())}).fingerprint);
    `;
    const run = (): Promise<string> =>
      new Promise((resolve, reject) => {
        const child = spawn(process.execPath, ['--input-type=module', '-e', script]);
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
        child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
        child.on('error', reject);
        child.on('close', (code) => (code === 0 ? resolve(stdout) : reject(new Error(stderr))));
      });
    const fingerprints = await Promise.all(Array.from({ length: 6 }, run));
    expect(new Set(fingerprints).size).toBe(1);
    expect(fingerprints[0]).toMatch(/^[0-9a-f]{64}$/);
    expect(listing(keyDir())).toEqual([KEY_FILE_NAME]);
    expect(loadOrCreateSigningKey(keyDir()).fingerprint).toBe(fingerprints[0]);
  });
});

describe('loadPublicKey', () => {
  it('accepts PEM text, a public key file, or a private key file', () => {
    const key = loadOrCreateSigningKey(dir);
    const pubFile = path.join(dir, 'ledger-key.pub.pem');
    fs.writeFileSync(pubFile, key.publicKeyPem);
    for (const source of [key.publicKeyPem, pubFile, path.join(dir, KEY_FILE_NAME)]) {
      expect(keyFingerprint(loadPublicKey(source))).toBe(key.fingerprint);
    }
  });

  it('refuses other key types and missing files', () => {
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    expect(() =>
      loadPublicKey(ec.publicKey.export({ type: 'spki', format: 'pem' }).toString()),
    ).toThrow(TypeError);
    expect(() => loadPublicKey(path.join(dir, 'missing.pem'))).toThrow(/ENOENT/);
  });
});
