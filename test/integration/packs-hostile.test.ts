/**
 * Issue 20 (hardening): a hostile pack must not exhaust the verifier. Crafted zips built
 * by hand (test/support/zip-craft.ts) from a genuine pack: a deflate bomb, an entry the
 * manifest does not list, a duplicated entry name, an oversized manifest. Both verifiers
 * (`audit evidence verify` and the pack's own verify.mjs) refuse each without inflating
 * what the manifest does not admit.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLES, ROOT, tempDataDir } from '../support/cli.js';
import { runCli } from '../support/io.js';
import { readPack, rehashManifest } from '../support/packs-tools.js';
import { craftZip, packEntries, type CraftedEntry } from '../support/zip-craft.js';

interface Verdict {
  ok: boolean;
  checks: Array<{ check: string; status: string; message: string }>;
}

const store = tempDataDir('evid-hostile-');
const scratch = mkdtempSync(join(tmpdir(), 'evid-hostile-out-'));
let genuine: Map<string, Buffer>;
let fingerprint: string;
/** Four MiB of zeros deflate to about four KiB: a small bomb that proves the refusal. */
const BOMB = Buffer.alloc(4 << 20);

beforeAll(async () => {
  const ingest = await runCli('evid', ['traces', 'ingest', join(EXAMPLES, 'support-bot.json')], {
    dataDir: store.dir,
  });
  expect(ingest.code, ingest.stderr).toBe(0);
  const built = await runCli('evid', ['pack', '--since', '2000-01-01', '--json'], {
    dataDir: store.dir,
  });
  expect(built.code, built.stderr).toBe(0);
  const pack = JSON.parse(built.stdout) as { path: string; key_fingerprint: string };
  genuine = readPack(pack.path);
  fingerprint = pack.key_fingerprint;
});

afterAll(() => {
  store.cleanup();
  rmSync(scratch, { recursive: true, force: true });
});

function crafted(name: string, change: (entries: CraftedEntry[]) => CraftedEntry[]): string {
  const out = join(scratch, name);
  writeFileSync(out, craftZip(change(packEntries(genuine))));
  return out;
}

function replace(entries: CraftedEntry[], name: string, entry: Partial<CraftedEntry>) {
  return entries.map((e) => (e.name === name ? { ...e, ...entry } : e));
}

async function verify(path: string) {
  const r = await runCli('audit', ['evidence', 'verify', path, '--json'], { dataDir: store.dir });
  return { ...r, verdict: r.stdout ? (JSON.parse(r.stdout) as Verdict) : undefined };
}

function offline(path: string) {
  const script = join(ROOT, 'templates', 'verify.mjs');
  return spawnSync(process.execPath, [script, path, '--fingerprint', fingerprint], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '' },
  });
}

function filesMessage(v: Verdict | undefined): string | undefined {
  return v?.checks.find((c) => c.check === 'files' && c.status === 'failed')?.message;
}

describe('hostile packs', () => {
  it('the crafted copy of a genuine pack verifies (the crafting itself is sound)', async () => {
    const path = crafted('same.zip', (entries) => entries);
    const r = await verify(path);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(offline(path).status).toBe(0);
  });

  it('an entry that declares more bytes than the manifest lists is never inflated', async () => {
    const path = crafted('bomb-honest.zip', (e) => replace(e, 'evidence.json', { content: BOMB }));
    const r = await verify(path);
    expect(r.code).toBe(1);
    const listed = genuine.get('evidence.json')!.length;
    expect(filesMessage(r.verdict)).toBe(
      `evidence.json does not match its manifest hash (the pack gives ${BOMB.length} bytes, the manifest lists ${listed})`,
    );
    const o = offline(path);
    expect(o.status).toBe(1);
    expect(o.stdout).toContain(
      `evidence.json does not match its manifest hash (the pack gives ${BOMB.length} bytes`,
    );
  });

  it.each(['evidence.json', 'records.ndjson'])(
    'an entry that inflates past the size it declares (and the manifest lists) stops there: %s',
    async (name) => {
      const listed = genuine.get(name)!.length;
      const path = crafted(`bomb-lying-${name}.zip`, (e) =>
        replace(e, name, { content: BOMB, declaredSize: listed }),
      );
      const r = await verify(path);
      expect(r.code).toBe(1);
      expect(filesMessage(r.verdict)).toBe(`${name} inflates to more than ${listed} bytes`);
      if (name === 'records.ndjson') {
        // Streamed records stop at the same size.
        const records = r.verdict!.checks.find((c) => c.check === 'records')!;
        expect(records.message).toBe(`${name} inflates to more than ${listed} bytes`);
      }
      const o = offline(path);
      expect(o.status).toBe(1);
      expect(o.stdout).toContain(`${name} inflates to more than ${listed} bytes`);
    },
  );

  it('an entry the manifest does not list is refused unread', async () => {
    // Not deflate data at all: reading it would fail with an inflate error instead.
    const path = crafted('unlisted.zip', (e) => [
      ...e,
      { name: 'extra.bin', content: BOMB, raw: Buffer.from('not deflate data') },
    ]);
    const r = await verify(path);
    expect(r.code).toBe(1);
    expect(filesMessage(r.verdict)).toBe(
      'extra.bin is in the pack but not in the manifest (not read)',
    );
    const o = offline(path);
    expect(o.status).toBe(1);
    expect(o.stdout).toContain('extra.bin is not in the manifest (not read)');
  });

  it('a duplicated entry name is not an evidence pack', async () => {
    const path = crafted('duplicate.zip', (e) => [
      ...e,
      { name: 'evidence.json', content: Buffer.from('{}') },
    ]);
    const r = await verify(path);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      `audit: ${path} is not an evidence pack: duplicate entry evidence.json\n`,
    );
    const o = offline(path);
    expect(o.status).toBe(1);
    expect(o.stderr).toContain('duplicate entry evidence.json');
  });

  it('a manifest larger than any real one is refused before it is parsed', async () => {
    const big = Buffer.concat([genuine.get('manifest.json')!, Buffer.alloc(2 << 20, 0x20)]);
    const path = crafted('big-manifest.zip', (e) => replace(e, 'manifest.json', { content: big }));
    const r = await verify(path);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      `audit: ${path} is not an evidence pack: manifest.json cannot be read (manifest.json inflates to more than 1048576 bytes)\n`,
    );
    const o = offline(path);
    expect(o.status).toBe(1);
    expect(o.stderr).toContain('manifest.json inflates to more than 1048576 bytes');
  });

  it('a manifest that lists a file without its size is not an evidence pack', async () => {
    const manifest = JSON.parse(genuine.get('manifest.json')!.toString('utf8')) as {
      files: Array<{ size?: number }>;
    };
    delete manifest.files[0]!.size;
    const path = crafted('no-size.zip', (e) =>
      replace(e, 'manifest.json', { content: Buffer.from(JSON.stringify(manifest)) }),
    );
    const r = await verify(path);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/is not an evidence pack: manifest\.json lists a file without .*size/);
    const o = offline(path);
    expect(o.status).toBe(1);
    expect(o.stderr).toContain('without a unique name, a SHA-256 and a size');
  });

  it('an unsigned manifest cannot make the verifier hold more than 64 MiB of one file', async () => {
    // A forger lists a 65 MiB records.ndjson with its true hash; without the trusted key's
    // signature over that manifest, the size is only the forger's word.
    const files = new Map(genuine);
    const padded = Buffer.concat([genuine.get('records.ndjson')!, Buffer.alloc(65 << 20, 0x20)]);
    files.set('records.ndjson', padded);
    files.set('manifest.json', Buffer.from(JSON.stringify(rehashManifest(files), null, 2)));
    const path = join(scratch, 'unsigned-big.zip');
    writeFileSync(path, craftZip(packEntries(files)));
    const r = await verify(path);
    expect(r.code).toBe(1);
    const status = Object.fromEntries(r.verdict!.checks.map((c) => [c.check, c]));
    expect(status.files!.status).toBe('ok');
    expect(status.manifest_signature!.status).toBe('failed');
    expect(status.records!.message).toBe(
      `records.ndjson was not read: ${padded.length} bytes, more than ${64 << 20} (manifest.json is not signed by the trusted key)`,
    );
    const o = offline(path);
    expect(o.status).toBe(1);
    expect(o.stdout).toContain(`records.ndjson was not read: ${padded.length} bytes`);
  });
});
