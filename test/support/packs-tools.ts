/**
 * Helpers for the pack tests: read a pack into memory, write a (tampered) copy, and forge a
 * fully self-consistent pack re-signed with another key, as an attacker who rewrote
 * history would. Uses only the project's own ledger primitives and the zip writer.
 */
import { createHash, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { entryLeafHash } from '../../src/ledger/entry.js';
import { canonicalDigest } from '../../src/ledger/jcs.js';
import { keyFingerprint } from '../../src/ledger/signed-note.js';
import { formatCheckpoint, signCheckpoint } from '../../src/ledger/tree-head.js';
import { MerkleTree } from '../../src/ledger/tree.js';
import { BatchProofWriter } from '../../src/ledger/batch-proof.js';
import { manifestNoteText } from '../../src/packs/manifest.js';
import { signNote } from '../../src/ledger/signed-note.js';
import { readZip } from '../../src/packs/zip-reader.js';
import { writeZip } from '../../src/packs/zip-writer.js';

export type PackFiles = Map<string, Buffer>;
// Pack JSON is edited freely here, as an attacker would.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;

export function readPack(path: string): PackFiles {
  return readZip(readFileSync(path));
}

/** Writes files (manifest first) as a zip at out. */
export async function writePack(out: string, files: PackFiles): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'evid-pack-files-'));
  try {
    const names = [...files.keys()].sort((a, b) =>
      a === 'manifest.json' ? -1 : b === 'manifest.json' ? 1 : a < b ? -1 : 1,
    );
    for (const name of names) writeFileSync(join(dir, name), files.get(name)!);
    await writeZip(
      out,
      names.map((name) => ({ name, path: join(dir, name) })),
      new Date(0),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const sha = (b: Buffer): string => createHash('sha256').update(b).digest('hex');

/** Re-hashes every file into the manifest (what a forger must do after editing files). */
export function rehashManifest(files: PackFiles): Loose {
  const manifest: Loose = JSON.parse(files.get('manifest.json')!.toString('utf8'));
  for (const f of manifest.files) {
    const bytes = files.get(f.name)!;
    f.sha256 = sha(bytes);
    f.size = bytes.length;
  }
  return manifest;
}

/** True for an evid-pack/v2 pack (records.ndjson), false for v1 (proofs.json). */
export function isV2(files: PackFiles): boolean {
  return files.has('records.ndjson');
}

/** The lines of records.ndjson, parsed: header, one per entry, end line. */
export function recordLines(files: PackFiles): Loose[] {
  return files
    .get('records.ndjson')!
    .toString('utf8')
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l));
}

export function setRecordLines(files: PackFiles, lines: Loose[]): void {
  files.set('records.ndjson', Buffer.from(lines.map((l) => `${JSON.stringify(l)}\n`).join('')));
}

/** Every evidence item of a pack of either version: {seq, section, record, ...}. */
export function packItems(files: PackFiles): Loose[] {
  if (isV2(files)) return recordLines(files).slice(1, -1);
  const evidence: Loose = JSON.parse(files.get('evidence.json')!.toString('utf8'));
  return ['traces', 'events', 'findings', 'finding_updates'].flatMap((section) =>
    (evidence[section] as Loose[]).map((item) => ({ ...item, section })),
  );
}

/** The batch-proof nodes of each entry of a v2 pack, recomputed over `tree`. */
function batchNodes(
  tree: MerkleTree,
  size: number,
  seqs: number[],
): { per: string[][]; end: string[] } {
  const w = new BatchProofWriter(tree, size);
  const hex = (hs: Buffer[]) => hs.map((h) => h.toString('hex'));
  const per = seqs.map((seq) => hex(w.nodesBefore(seq - 1)));
  return { per, end: seqs.length ? hex(w.end()) : [] };
}

/**
 * Re-signs a pack with `privateKey` as a forger would after editing its content: the
 * checkpoint (same tree head), the public key, the manifest's hashes and manifest.sig.
 * Content checks (inclusion_proofs, records) then judge the edit on their own when the
 * verifier trusts that key.
 */
export function resignPack(
  files: PackFiles,
  privateKey: KeyObject,
  publicKey: KeyObject,
): PackFiles {
  const out: PackFiles = new Map(files);
  const manifest: Loose = JSON.parse(files.get('manifest.json')!.toString('utf8'));
  const origin: string = manifest.origin;
  const head = manifest.tree_head;
  head.checkpoint = signCheckpoint(
    formatCheckpoint({ origin, size: head.tree_size, root: Buffer.from(head.root_hash, 'hex') }),
    origin,
    privateKey,
  );
  out.set(
    'ledger-public-key.pem',
    Buffer.from(publicKey.export({ type: 'spki', format: 'pem' }).toString()),
  );
  const rehashed = rehashManifest(out);
  rehashed.tree_head = head;
  rehashed.public_key.fingerprint = keyFingerprint(publicKey);
  const manifestBytes = Buffer.from(JSON.stringify(rehashed, null, 2));
  out.set('manifest.json', manifestBytes);
  out.set(
    'manifest.sig',
    Buffer.from(
      signNote(manifestNoteText(rehashed.pack_id, sha(manifestBytes)), origin, privateKey),
    ),
  );
  return out;
}

/**
 * Rewrites history inside the pack and re-signs it with a new key: the first event's
 * prompt is changed, its digest recomputed, a new tree built with the forged leaves at
 * the same indices, every proof and the checkpoint remade, the public key, manifest and
 * manifest.sig replaced. The result verifies against the forger's key only.
 */
export function forgePack(files: PackFiles): {
  files: PackFiles;
  key: KeyObject;
  fingerprint: string;
} {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const manifest: Loose = JSON.parse(files.get('manifest.json')!.toString('utf8'));
  const size: number = manifest.tree_head.tree_size;
  const leaves: Buffer[] = Array.from({ length: size }, (_, i) =>
    createHash('sha256').update(`filler ${i}`).digest(),
  );
  const out: PackFiles = new Map(files);
  let root: Buffer;
  if (isV2(files)) {
    const lines = recordLines(files);
    const entries = lines.slice(1, -1);
    const victim = entries.find((l) => l.section === 'events' && l.record)!;
    victim.record.prompt = 'nothing to see here';
    victim.digest = canonicalDigest(victim.record).toString('hex');
    for (const e of entries) leaves[e.seq - 1] = entryLeafHash(e);
    const tree = new MerkleTree(leaves);
    root = tree.root();
    const nodes = batchNodes(
      tree,
      size,
      entries.map((e) => e.seq),
    );
    entries.forEach((e, i) => (e.nodes = nodes.per[i]));
    lines[lines.length - 1].nodes = nodes.end;
    lines[0].root_hash = root.toString('hex');
    setRecordLines(out, lines);
  } else {
    const evidence: Loose = JSON.parse(files.get('evidence.json')!.toString('utf8'));
    const proofs: Loose = JSON.parse(files.get('proofs.json')!.toString('utf8'));
    const victim = evidence.events[0];
    victim.record.prompt = 'nothing to see here';
    const entry = proofs.entries.find((e: { seq: number }) => e.seq === victim.seq);
    entry.digest = canonicalDigest(victim.record).toString('hex');
    for (const e of proofs.entries) leaves[e.seq - 1] = entryLeafHash(e);
    const tree = new MerkleTree(leaves);
    root = tree.root();
    for (const e of proofs.entries) {
      e.inclusion_proof = tree.inclusionProof(e.seq - 1, size).map((h) => h.toString('hex'));
    }
    proofs.root_hash = root.toString('hex');
    out.set('evidence.json', Buffer.from(JSON.stringify(evidence)));
    out.set('proofs.json', Buffer.from(JSON.stringify(proofs)));
  }
  manifest.tree_head.root_hash = root.toString('hex');
  out.set('manifest.json', Buffer.from(JSON.stringify(manifest, null, 2)));
  return {
    files: resignPack(out, privateKey, publicKey),
    key: publicKey,
    fingerprint: keyFingerprint(publicKey),
  };
}
