/**
 * Issue 13: the content of an evid-pack/v2 pack (records.ndjson: records, entries and one
 * batch proof) against both verifiers, `audit evidence verify` and the pack's verify.mjs.
 * Each case edits the records as a forger would and re-signs the whole pack with the
 * forger's key, then verifies trusting that key: the signatures all pass, so the content
 * checks alone must catch the edit. Re-signing with another key is caught against the
 * genuine key.
 */
import { generateKeyPairSync } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalDigest } from '../../src/ledger/jcs.js';
import { EXAMPLES, ROOT, tempDataDir } from '../support/cli.js';
import { runCli } from '../support/io.js';
import {
  forgePack,
  readPack,
  recordLines,
  resignPack,
  setRecordLines,
  writePack,
  type PackFiles,
} from '../support/packs-tools.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;

const store = tempDataDir('evid-packs-v2-');
const away = tempDataDir('evid-packs-v2-away-');
const scratch = mkdtempSync(join(tmpdir(), 'evid-packs-v2-out-'));
const forger = generateKeyPairSync('ed25519');
const forgerPem = join(scratch, 'forger.pem');
let genuine: PackFiles;
let fingerprint: string;
/** Seqs of ledger entries the pack does not include (the other trace's). */
let excluded: number[];

beforeAll(async () => {
  for (const file of ['support-bot.json', 'research-agents.json']) {
    const r = await runCli('evid', ['traces', 'ingest', join(EXAMPLES, file)], {
      dataDir: store.dir,
    });
    expect(r.code, r.stderr).toBe(0);
  }
  const built = await runCli(
    'evid',
    ['pack', '--session', 'sess_research_0001', '--output', scratch, '--json'],
    { dataDir: store.dir },
  );
  expect(built.code, built.stderr).toBe(0);
  const pack = JSON.parse(built.stdout) as { path: string; key_fingerprint: string };
  genuine = readPack(pack.path);
  fingerprint = pack.key_fingerprint;
  writeFileSync(forgerPem, forger.publicKey.export({ type: 'spki', format: 'pem' }).toString());
  const lines = recordLines(genuine);
  const included = new Set(lines.slice(1, -1).map((l) => l.seq as number));
  const size = lines[0].tree_size as number;
  excluded = Array.from({ length: size }, (_, i) => i + 1).filter((seq) => !included.has(seq));
  expect(excluded.length).toBeGreaterThan(0);
});

afterAll(() => {
  store.cleanup();
  away.cleanup();
  rmSync(scratch, { recursive: true, force: true });
});

let n = 0;
async function packWith(files: PackFiles): Promise<string> {
  const out = join(scratch, `case-${n++}.zip`);
  await writePack(out, files);
  return out;
}

/** The pack with its record lines edited, re-signed by the forger. */
async function edited(edit: (entries: Loose[], lines: Loose[]) => Loose[] | void): Promise<string> {
  const files = new Map(genuine);
  const lines = recordLines(files);
  const entries = lines.slice(1, -1);
  const result = edit(entries, lines) ?? entries;
  setRecordLines(files, [lines[0], ...result, lines[lines.length - 1]]);
  return packWith(resignPack(files, forger.privateKey, forger.publicKey));
}

type Verifier = (path: string, trust: string[]) => Promise<string[]>;

/** The failed checks, as each verifier reports them (exit 0 exactly when none failed). */
const VERIFIERS: Array<[string, Verifier]> = [
  [
    'audit evidence verify',
    async (path, trust) => {
      const r = await runCli('audit', ['evidence', 'verify', path, ...trust, '--json'], {
        dataDir: away.dir,
      });
      const verdict = JSON.parse(r.stdout) as { checks: Array<{ check: string; status: string }> };
      const failed = verdict.checks.filter((c) => c.status === 'failed').map((c) => c.check);
      expect(r.code, r.stdout).toBe(failed.length ? 1 : 0);
      return failed;
    },
  ],
  [
    'verify.mjs',
    async (path, trust) => {
      const r = spawnSync(
        process.execPath,
        [join(ROOT, 'templates', 'verify.mjs'), path, ...trust],
        { encoding: 'utf8', env: { PATH: process.env.PATH ?? '' } },
      );
      const failed = [...r.stdout.matchAll(/^ {2}FAILED {2}(\w+):/gm)].map((m) => m[1]!);
      expect(r.status, r.stdout + r.stderr).toBe(failed.length ? 1 : 0);
      return failed;
    },
  ],
];

describe.each(VERIFIERS)('a v2 pack verified by %s', (_name, verify) => {
  const asForger = (path: string) => verify(path, ['--key', forgerPem]);

  it('passes intact, and re-signed intact by a key it trusts (the re-signing is sound)', async () => {
    expect(await verify(await packWith(genuine), ['--fingerprint', fingerprint])).toEqual([]);
    expect(await asForger(await edited(() => undefined))).toEqual([]);
  });

  it('fails on a changed record (records)', async () => {
    const path = await edited((entries) => {
      entries.find((e) => e.section === 'events' && e.record).record.prompt = 'edited';
    });
    expect(await asForger(path)).toEqual(['records']);
  });

  it('fails on a changed record whose entry digest was changed to match (inclusion_proofs)', async () => {
    const path = await edited((entries) => {
      const e = entries.find((x) => x.section === 'events' && x.record);
      e.record.prompt = 'edited';
      e.digest = canonicalDigest(e.record).toString('hex');
    });
    expect(await asForger(path)).toEqual(['inclusion_proofs']);
  });

  it('fails on a removed record (inclusion_proofs and records)', async () => {
    const path = await edited((entries, lines) => {
      lines[lines.length - 1].records = entries.length - 1;
      return entries.filter((_, i) => i !== 1);
    });
    expect(await asForger(path)).toEqual(['inclusion_proofs', 'records']);
  });

  it('fails on an added record, even one whose entry is in the ledger (inclusion_proofs)', async () => {
    const path = await edited((entries, lines) => {
      // A record of the other trace, placed at its true seq: the proof does not cover it.
      const seq = excluded[excluded.length - 1]!;
      const copy = { ...entries.find((e) => e.section === 'events'), seq, nodes: [] };
      lines[lines.length - 1].records = entries.length + 1;
      return [...entries, copy].sort((a, b) => a.seq - b.seq);
    });
    expect(await asForger(path)).toContain('inclusion_proofs');
  });

  it('fails on reordered records (inclusion_proofs and records)', async () => {
    const path = await edited((entries) => {
      [entries[0], entries[1]] = [entries[1], entries[0]];
    });
    expect(await asForger(path)).toEqual(['inclusion_proofs', 'records']);
  });

  it('fails on a forged proof node (inclusion_proofs)', async () => {
    const path = await edited((entries, lines) => {
      const withNodes = [...entries, lines[lines.length - 1]].find((l) => l.nodes.length > 0);
      const node: string = withNodes.nodes[0];
      withNodes.nodes[0] = (node[0] === '0' ? '1' : '0') + node.slice(1);
    });
    expect(await asForger(path)).toEqual(['inclusion_proofs']);
  });

  it('fails on a truncated records file (no end line)', async () => {
    const files = new Map(genuine);
    const lines = recordLines(files);
    setRecordLines(files, lines.slice(0, -1));
    const path = await packWith(resignPack(files, forger.privateKey, forger.publicKey));
    expect(await asForger(path)).toEqual(['inclusion_proofs', 'records']);
  });

  it('fails on the whole pack rewritten and re-signed with another key', async () => {
    const forged = forgePack(genuine);
    const path = await packWith(forged.files);
    expect(await verify(path, ['--fingerprint', forged.fingerprint])).toEqual([]);
    expect(await verify(path, ['--fingerprint', fingerprint])).toEqual(
      expect.arrayContaining(['key', 'manifest_signature', 'tree_head_signature']),
    );
  });
});
