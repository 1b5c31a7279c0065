import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeNdjson } from '../../scripts/gen-traces.mjs';
import { EXAMPLES, tempDataDir } from '../support/cli.js';
import { runCli } from '../support/io.js';
import { AppContext } from '../../src/context.js';
import { buildPack } from '../../src/packs/build.js';
import {
  forgePack,
  packItems,
  readPack,
  recordLines,
  rehashManifest,
  writePack,
  type PackFiles,
} from '../support/packs-tools.js';
import { copyDataDir, withDb } from '../support/tamper.js';

interface Built {
  pack_id: string;
  path: string;
  key_fingerprint: string;
  tree_size: number;
  empty: boolean;
  counts: { traces: number; events: number; findings: number; finding_updates: number };
}

interface Verdict {
  ok: boolean;
  reason: string | null;
  message: string;
  trusted_key: { source: string; fingerprint: string };
  checks: Array<{ check: string; status: string; message: string }>;
  counts: { records: number; proofs: number };
  verifier: { sha256: string | null; same_as_installed: boolean };
}

const store = tempDataDir('evid-packs-');
const scratch = mkdtempSync(join(tmpdir(), 'evid-packs-out-'));
const cleanups: string[] = [scratch];
let html: Built;
/** The same selection written as evid-pack/v1 (proofs.json, a PATH per record). */
let htmlV1: Built;
/** Both format versions: v2 is what the CLI writes, v1 must still verify. */
const VERSIONS: Array<[string, () => Built]> = [
  ['evid-pack/v2', () => html],
  ['evid-pack/v1', () => htmlV1],
];

async function evid(args: string[], dataDir = store.dir) {
  return runCli('evid', args, { dataDir });
}
async function audit(args: string[], dataDir = store.dir) {
  return runCli('audit', args, { dataDir });
}
async function verifyJson(args: string[], dataDir = store.dir) {
  const r = await audit(['evidence', 'verify', ...args, '--json'], dataDir);
  return { ...r, verdict: JSON.parse(r.stdout) as Verdict };
}
function failedChecks(v: Verdict): string[] {
  return v.checks.filter((c) => c.status === 'failed').map((c) => c.check);
}
function tempPath(name: string): string {
  return join(scratch, name);
}

beforeAll(async () => {
  for (const file of ['support-bot.json', 'research-agents.json', 'coding-agent.ndjson']) {
    const r = await evid(['traces', 'ingest', join(EXAMPLES, file)]);
    expect(r.code, r.stderr).toBe(0);
  }
  const more = await runCli('evid', ['traces', 'ingest', '-'], {
    dataDir: store.dir,
    stdin: makeNdjson(20, 4, { prefix: 'sess_pk', textBytes: 120 }),
  });
  expect(more.code, more.stderr).toBe(0);
  const findings = JSON.parse((await evid(['findings', 'list', '--json'])).stdout) as {
    findings: Array<{ id: string }>;
  };
  expect(findings.findings.length).toBeGreaterThan(0);
  const upd = await evid([
    'findings',
    'update',
    findings.findings[0]!.id,
    '--status',
    'reviewing',
    '--comment',
    'looking, "carefully", <b>now</b>',
  ]);
  expect(upd.code, upd.stderr).toBe(0);
  const r = await evid([
    'pack',
    '--since',
    '2000-01-01',
    '--format',
    'html',
    '--include-controls',
    '--json',
  ]);
  expect(r.code, r.stderr).toBe(0);
  html = JSON.parse(r.stdout) as Built;
  const app = AppContext.fromEnv({ dataDir: store.dir, env: { EVID_ACTOR: 'test' } });
  try {
    htmlV1 = (await buildPack(app.store, {
      filter: { since: '2000-01-01T00:00:00.000Z', until: null, session: null },
      format: 'html',
      includeControls: true,
      output: scratch,
      now: new Date(),
      generator: 'evid test',
      packFormat: 1,
    })) as unknown as Built;
  } finally {
    app.close();
  }
});

afterAll(() => {
  store.cleanup();
  for (const dir of cleanups) rmSync(dir, { recursive: true, force: true });
});

describe('building a pack', () => {
  it('writes a zip that unzip -t accepts, under <data dir>/packs by default', () => {
    expect(html.path).toBe(join(store.dir, 'packs', `${html.pack_id}.zip`));
    const out = execFileSync('unzip', ['-t', html.path], { encoding: 'utf8' });
    expect(out).toContain('No errors detected');
    for (const name of [
      'manifest.json',
      'manifest.sig',
      'evidence.json',
      'records.ndjson',
      'report.html',
      'verify.mjs',
      'ledger-public-key.pem',
      'README.txt',
    ]) {
      expect(out).toContain(name);
    }
  });

  it('lists every file in the manifest with a matching SHA-256', () => {
    const files = readPack(html.path);
    const manifest = JSON.parse(files.get('manifest.json')!.toString('utf8')) as {
      files: Array<{ name: string; sha256: string; size: number }>;
      tree_head: { tree_size: number; checkpoint: string };
      filters: Record<string, unknown>;
    };
    expect(manifest.files.map((f) => f.name).sort()).toEqual(
      [...files.keys()].filter((n) => !n.startsWith('manifest.')).sort(),
    );
    for (const f of manifest.files) {
      const bytes = files.get(f.name)!;
      expect(createHash('sha256').update(bytes).digest('hex'), f.name).toBe(f.sha256);
      expect(bytes.length).toBe(f.size);
    }
    expect(manifest.tree_head.tree_size).toBe(html.tree_size);
    expect(manifest.tree_head.checkpoint).toContain('\u2014 evid/');
    expect(manifest.filters).toMatchObject({
      since: '2000-01-01T00:00:00.000Z',
      include_controls: true,
    });
  });

  it('has one record per included trace, event, finding and status change, in ledger order, under one batch proof', () => {
    const files = readPack(html.path);
    const evidence = JSON.parse(files.get('evidence.json')!.toString('utf8'));
    expect(evidence.format).toBe('evid-evidence/v2');
    const lines = recordLines(files);
    const [header, end] = [lines[0], lines[lines.length - 1]];
    expect(header).toMatchObject({ format: 'evid-records/v2', tree_size: html.tree_size });
    const items = lines.slice(1, -1);
    const count = (section: string) => items.filter((l) => l.section === section).length;
    expect(count('traces')).toBe(html.counts.traces);
    expect(count('events')).toBe(html.counts.events);
    expect(count('findings')).toBe(html.counts.findings);
    expect(count('finding_updates')).toBe(1);
    expect(html.counts.traces).toBe(25);
    expect(end).toMatchObject({ end: true, records: items.length });
    const seqs = items.map((l) => l.seq as number);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    // One proof for all: far fewer nodes than records (v1 stores a whole PATH per record).
    const nodes = items.reduce((n, l) => n + l.nodes.length, end.nodes.length);
    expect(nodes).toBeLessThan(items.length);
    expect(evidence.controls.length).toBeGreaterThan(0);
    expect(evidence.controls[0]).toHaveProperty('finding_ids');

    const v1 = readPack(htmlV1.path);
    const proofs = JSON.parse(v1.get('proofs.json')!.toString('utf8'));
    expect(proofs.entries).toHaveLength(items.length);
    expect(
      packItems(v1)
        .map((i) => i.seq)
        .sort((a, b) => a - b),
    ).toEqual(seqs);
  });

  it('renders a self-contained, escaped HTML report', () => {
    const report = readPack(html.path).get('report.html')!.toString('utf8');
    expect(report).toContain(html.pack_id);
    expect(report).toContain(html.key_fingerprint);
    expect(report).toContain('Control mappings');
    expect(report).not.toMatch(/\{\{|<script|src="http|href="http/);
  });

  it('is recorded in the store and ledgered (audit the auditor)', async () => {
    const list = JSON.parse((await audit(['evidence', 'list', '--json'])).stdout) as {
      packs: Array<{ pack_id: string; sha256: string; path: string }>;
    };
    const row = list.packs.find((p) => p.pack_id === html.pack_id)!;
    expect(row.sha256).toBe(createHash('sha256').update(readFileSync(html.path)).digest('hex'));
    const ledger = withDb(store.dir, (db) =>
      db
        .prepare("SELECT kind FROM ledger WHERE subject_id = ? AND kind = 'pack.built'")
        .all(html.pack_id),
    );
    expect(ledger).toHaveLength(1);
    const verify = await audit(['verify', '--json']);
    expect(verify.code, verify.stdout).toBe(0);
  });

  it('builds json and pdf packs through audit evidence build', async () => {
    const pdfOut = tempPath('q.zip');
    const pdf = await audit([
      'evidence',
      'build',
      '--pack-id',
      'q1-2026',
      '--format',
      'pdf',
      '--window-days',
      '3650',
      '-o',
      pdfOut,
      '--json',
    ]);
    expect(pdf.code, pdf.stderr).toBe(0);
    const files = readPack(pdfOut);
    expect(files.get('report.pdf')!.subarray(0, 5).toString()).toBe('%PDF-');
    const again = await audit([
      'evidence',
      'build',
      '--pack-id',
      'q1-2026',
      '-o',
      tempPath('q2.zip'),
    ]);
    expect(again.code).toBe(4);
    expect(again.stderr).toContain('already exists');

    const json = await evid([
      'pack',
      '--session',
      'sess_support_0001',
      '--format',
      'json',
      '--output',
      scratch,
      '--json',
    ]);
    expect(json.code, json.stderr).toBe(0);
    const built = JSON.parse(json.stdout) as Built;
    expect(built.path).toBe(join(scratch, `${built.pack_id}.zip`));
    expect(built.counts.traces).toBe(1);
    const packFiles = readPack(built.path);
    expect(packFiles.has('report.html')).toBe(false);
    const evidence = JSON.parse(packFiles.get('evidence.json')!.toString('utf8'));
    expect(evidence.summary.counts.traces).toBe(1);
    expect((await verifyJson([built.path])).code).toBe(0);
  });
});

describe.each(VERSIONS)('audit evidence verify, %s', (version, pack) => {
  const tag = version.slice(-2);
  it('passes on an intact pack, taking the latest pack when none is named', async () => {
    const named = await verifyJson([pack().path]);
    expect(named.code, named.stdout).toBe(0);
    expect(named.verdict.ok).toBe(true);
    expect(named.verdict.trusted_key).toEqual({
      source: 'store',
      fingerprint: pack().key_fingerprint,
    });
    expect(named.verdict.checks.every((c) => c.status === 'ok')).toBe(true);
    expect(named.verdict.verifier.same_as_installed).toBe(true);
    const latest = await audit(['evidence', 'verify']);
    expect(latest.code, latest.stdout + latest.stderr).toBe(0);
    expect(latest.stdout).toContain('consistency');
    expect(latest.stdout).toContain(pack().key_fingerprint);
  });

  it('fails when any file in the zip is changed', async () => {
    const original = readPack(pack().path);
    for (const name of original.keys()) {
      const files: PackFiles = new Map(original);
      const bytes = Buffer.from(files.get(name)!);
      // Flip a byte in the middle (keeps JSON parseable more often than not).
      const at = Math.floor(bytes.length / 2);
      bytes[at] = bytes[at] === 0x31 ? 0x32 : 0x31;
      files.set(name, bytes);
      const out = tempPath(`${tag}-changed-${name}.zip`);
      await writePack(out, files);
      const r = await audit(['evidence', 'verify', out, '--json']);
      expect(r.code, `${name}: ${r.stdout}${r.stderr}`).toBe(1);
      if (r.stdout) expect((JSON.parse(r.stdout) as Verdict).ok).toBe(false);
    }
  });

  it('fails when a changed file is re-hashed into the manifest (manifest signature)', async () => {
    const files: PackFiles = new Map(readPack(pack().path));
    const report = files
      .get('report.html')!
      .toString('utf8')
      .replace('Evidence pack', 'Clean pack');
    files.set('report.html', Buffer.from(report));
    files.set('manifest.json', Buffer.from(JSON.stringify(rehashManifest(files), null, 2)));
    const out = tempPath(`${tag}-rehashed.zip`);
    await writePack(out, files);
    const r = await verifyJson([out]);
    expect(r.code).toBe(1);
    // The signature catches it offline; the store also knows the manifest it recorded.
    expect(failedChecks(r.verdict)).toEqual(['manifest_signature', 'pack_record']);
  });

  it('fails when the tree head signature is changed, printing the whole verdict first', async () => {
    const files: PackFiles = new Map(readPack(pack().path));
    const manifest = JSON.parse(files.get('manifest.json')!.toString('utf8'));
    const cp: string = manifest.tree_head.checkpoint;
    const sig = cp.slice(cp.lastIndexOf(' ') + 1, -1);
    const bad = Buffer.from(sig, 'base64');
    bad[bad.length - 1]! ^= 1;
    manifest.tree_head.checkpoint = cp.replace(sig, bad.toString('base64'));
    files.set('manifest.json', Buffer.from(JSON.stringify(manifest, null, 2)));
    const out = tempPath(`${tag}-badsig.zip`);
    await writePack(out, files);
    const r = await verifyJson([out]);
    expect(r.code).toBe(1);
    expect(failedChecks(r.verdict)).toContain('tree_head_signature');
    expect(r.verdict.checks).toHaveLength(9);
    expect(r.stderr).toMatch(/^audit: pack verification failed: /);
    const human = await audit(['evidence', 'verify', out]);
    expect(human.code).toBe(1);
    expect(human.stdout).toContain('FAILED');
    expect(human.stdout).toContain('tree_head_signature');
  });

  it('fails after a record covered by the pack is altered in the store', async () => {
    const eventId: string = packItems(readPack(pack().path)).find(
      (i) => i.section === 'events' && i.record,
    ).record.event_id;
    const copy = copyDataDir(store.dir);
    cleanups.push(copy);
    withDb(copy, (db) =>
      db.prepare("UPDATE events SET prompt = 'edited' WHERE event_id = ?").run(eventId),
    );
    const r = await verifyJson([pack().path], copy);
    expect(r.code).toBe(1);
    expect(failedChecks(r.verdict)).toEqual(['store_records']);
    expect(r.verdict.message).toContain(eventId);

    // And a new pack is refused rather than built with evidence it cannot prove.
    const packsBefore = withDb(copy, (db) => db.prepare('SELECT COUNT(*) AS n FROM packs').get());
    const out = join(copy, 'refused.zip');
    const refused = await evid(['pack', '--since', '2000-01-01', '--output', out], copy);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(
      /event\.ingested at seq \d+ no longer matches its ledger digest/,
    );
    expect(withDb(copy, (db) => db.prepare('SELECT COUNT(*) AS n FROM packs').get())).toEqual(
      packsBefore,
    );
    expect(existsSync(out)).toBe(false);
  });

  it('fails when the store ledger was rewritten or rolled back behind the pack', async () => {
    const copy = copyDataDir(store.dir);
    cleanups.push(copy);
    withDb(copy, (db) => db.prepare("UPDATE ledger SET actor = 'mallory' WHERE seq = 2").run());
    const r = await verifyJson([pack().path], copy);
    expect(r.code).toBe(1);
    expect(failedChecks(r.verdict)).toContain('consistency');
  });

  it('rejects a pack re-signed with another key, against the store key and a pinned fingerprint', async () => {
    const forged = forgePack(readPack(pack().path));
    const out = tempPath(`${tag}-forged.zip`);
    await writePack(out, forged.files);
    const keyFile = tempPath(`${tag}-forger.pem`);
    writeFileSync(keyFile, forged.key.export({ type: 'spki', format: 'pem' }).toString());

    const againstStore = await verifyJson([out]);
    expect(againstStore.code).toBe(1);
    expect(failedChecks(againstStore.verdict)).toEqual(
      expect.arrayContaining(['key', 'manifest_signature', 'tree_head_signature']),
    );
    const away = tempDataDir('evid-packs-away-');
    cleanups.push(away.dir);
    const pinned = await verifyJson([out, '--fingerprint', pack().key_fingerprint], away.dir);
    expect(pinned.code).toBe(1);
    expect(pinned.verdict.trusted_key.source).toBe('fingerprint');
    expect(failedChecks(pinned.verdict)).toContain('key');
    // The forgery is internally consistent: only the trust root gives it away.
    const forgerKey = await verifyJson([out, '--key', keyFile], away.dir);
    expect(forgerKey.code, forgerKey.stdout).toBe(0);
    // ... and the genuine pack passes away from the store with the right fingerprint.
    const genuine = await verifyJson(
      [pack().path, '--fingerprint', pack().key_fingerprint],
      away.dir,
    );
    expect(genuine.code, genuine.stdout).toBe(0);
    expect(
      genuine.verdict.checks.filter((c) => c.status === 'skipped').map((c) => c.check),
    ).toEqual(['consistency', 'store_records', 'pack_record']);
  });

  it('refuses to verify with no trust root', async () => {
    const away = tempDataDir('evid-packs-none-');
    cleanups.push(away.dir);
    const r = await audit(['evidence', 'verify', pack().path], away.dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--fingerprint');
  });

  it('verifies an unzipped pack directory too', async () => {
    const dir = tempPath(`${tag}-unzipped-cli`);
    mkdirSync(dir);
    execFileSync('unzip', ['-q', pack().path, '-d', dir]);
    expect((await verifyJson([dir])).code).toBe(0);
  });
});

describe.each(VERSIONS)('verify.mjs (offline, Node only), %s', (version, pack) => {
  const tag = version.slice(-2);
  const node = (args: string[]) =>
    spawnSync(process.execPath, args, { encoding: 'utf8', env: { PATH: process.env.PATH ?? '' } });

  it('passes on an extracted pack and on the zip, and fails on a changed file', () => {
    const dir = tempPath(`${tag}-unzipped`);
    mkdirSync(dir);
    execFileSync('unzip', ['-q', pack().path, '-d', dir]);
    const ok = node([join(dir, 'verify.mjs'), '--fingerprint', pack().key_fingerprint]);
    expect(ok.status, ok.stdout + ok.stderr).toBe(0);
    expect(ok.stdout).toContain('VERIFIED');
    const zip = node([
      join(dir, 'verify.mjs'),
      pack().path,
      '--fingerprint',
      pack().key_fingerprint,
    ]);
    expect(zip.status, zip.stdout + zip.stderr).toBe(0);

    const evidencePath = join(dir, 'evidence.json');
    writeFileSync(evidencePath, `${readFileSync(evidencePath, 'utf8')} `);
    const bad = node([join(dir, 'verify.mjs'), dir, '--fingerprint', pack().key_fingerprint]);
    expect(bad.status).toBe(1);
    expect(bad.stdout).toContain('FAILED');
    expect(bad.stdout).toContain('evidence.json does not match its manifest hash');
  });

  it('fails on a forged pack with the genuine fingerprint and needs a pinned trust root', async () => {
    const forged = forgePack(readPack(pack().path));
    const out = tempPath(`${tag}-forged-offline.zip`);
    await writePack(out, forged.files);
    const script = tempPath(`${tag}-verify-forged.mjs`);
    writeFileSync(script, forged.files.get('verify.mjs')!);
    const r = node([script, out, '--fingerprint', pack().key_fingerprint]);
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(/FAILED {2}key/);
    const self = node([script, out, '--fingerprint', forged.fingerprint]);
    expect(self.status, self.stdout).toBe(0);
    const unpinned = node([script, out]);
    expect(unpinned.status).toBe(2);
    expect(unpinned.stderr).toContain('pin the trust root');
  });
});

describe('bad input', () => {
  it('an empty window gives a valid, empty pack whose report says so', async () => {
    const r = await evid([
      'pack',
      '--since',
      '2001-01-01',
      '--until',
      '2001-02-01',
      '--format',
      'html',
      '--json',
    ]);
    expect(r.code, r.stderr).toBe(0);
    const built = JSON.parse(r.stdout) as Built;
    expect(built.empty).toBe(true);
    expect(built.counts).toMatchObject({ traces: 0, events: 0, findings: 0, finding_updates: 0 });
    expect(execFileSync('unzip', ['-t', built.path], { encoding: 'utf8' })).toContain('No errors');
    const files = readPack(built.path);
    expect(files.get('report.html')!.toString('utf8')).toContain('No evidence in this period');
    const evidence = JSON.parse(files.get('evidence.json')!.toString('utf8'));
    expect(evidence.summary.empty).toBe(true);
    expect(recordLines(files)).toHaveLength(2); // the header and the end line
    expect(packItems(files)).toEqual([]);
    expect((await verifyJson([built.path])).code).toBe(0);
    const human = await evid(['pack', '--since', '2001-01-01', '--until', '2001-02-01']);
    expect(human.stderr).toContain('no evidence in this period');
  });

  it('a missing store is not created by a pack; an empty one is a conflict, not a missing key', async () => {
    const fresh = tempDataDir('evid-packs-fresh-');
    try {
      const none = await evid(['pack'], fresh.dir);
      expect(none.code).toBe(1);
      expect(none.stderr).toContain('no evidence store');
      expect(existsSync(join(fresh.dir, 'evid.db'))).toBe(false);
      // A store created by another command (here as `evid serve` does) with nothing in it.
      AppContext.fromEnv({ dataDir: fresh.dir, createStore: true }).store.db.close();
      const r = await evid(['pack'], fresh.dir);
      expect(r.code).toBe(4);
      expect(r.stderr).toContain('the store holds no evidence yet (its ledger is empty)');
      expect(r.stderr).not.toContain('restore the key');
      expect(existsSync(join(fresh.dir, 'packs'))).toBe(false);
    } finally {
      fresh.cleanup();
    }
  });

  it('an output path in a missing directory is a clear usage error', async () => {
    const r = await evid(['pack', '--output', join(scratch, 'no', 'such', 'dir', 'p.zip')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^evid: --output: directory .* does not exist/);
    const b = await audit(['evidence', 'build', '-o', join(scratch, 'missing', 'p.zip')]);
    expect(b.code).toBe(2);
  });

  it('a file that is not a pack is a clear error, exit 1', async () => {
    const text = tempPath('notes.txt');
    writeFileSync(text, 'hello, this is a text file and not a zip archive at all\n');
    const a = await audit(['evidence', 'verify', text]);
    expect(a.code).toBe(1);
    expect(a.stderr).toBe(
      `audit: ${text} is not an evidence pack: not a zip archive (no end of central directory record)\n`,
    );
    const zip = tempPath('plain.zip');
    await writePack(zip, new Map([['hello.txt', Buffer.from('hi')]]));
    const b = await audit(['evidence', 'verify', zip]);
    expect(b.code).toBe(1);
    expect(b.stderr).toContain('is not an evidence pack: it has no manifest.json');
  });

  it('rejects bad options with exit 2', async () => {
    expect((await evid(['pack', '--format', 'docx'])).code).toBe(2);
    expect((await evid(['pack', '--last', '7d', '--since', '2026-01-01'])).code).toBe(2);
    expect((await audit(['evidence', 'build', '--window-days', '0'])).code).toBe(2);
    expect((await audit(['evidence', 'build', '--pack-id', '../evil'])).code).toBe(2);
    expect((await audit(['evidence', 'verify', html.path, '--fingerprint', 'abc'])).code).toBe(2);
    expect((await evid(['pack', '--session', 'sess_nope'])).code).toBe(3);
  });
});
