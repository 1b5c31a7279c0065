/**
 * The first half of `audit evidence verify`, which reads the pack: manifest first, then
 * everything else measured against it. The pack is attacker-controlled (a 1 MB zip can
 * inflate to gigabytes), so:
 *   - manifest.json is read first, capped at MANIFEST_LIMIT, and must list every file
 *     with its SHA-256 and size (every manifest this project wrote has sizes);
 *   - an entry the manifest does not list is never inflated; one whose declared size
 *     differs from the manifest's is never inflated; the others are hashed as streams and
 *     stop at the manifest's size, so the files check holds a few chunks, not the pack;
 *   - only the files the later checks parse are held in memory (key, signature, proofs,
 *     evidence), each capped: at its manifest size when manifest.sig verifies with the
 *     trusted key, at UNSIGNED_READ_LIMIT when it does not (an unsigned manifest's sizes
 *     are the attacker's word).
 * Structural faults (not a zip, duplicate or unsafe names, no or oversized manifest) are
 * "not an evidence pack" (CheckFailed, no verdict); disagreements with the manifest are
 * a failed `files` check in the verdict.
 */
import { createHash, type KeyObject } from 'node:crypto';
import { keyFingerprint } from '../ledger/tree-head.js';
import {
  EVIDENCE_FILE,
  MANIFEST_FILE,
  MANIFEST_SIG_FILE,
  PACK_FORMAT_V1,
  PROOFS_FILE,
  RECORDS_FILE,
  REPORT_FILE,
  VERIFIER_FILE,
  verifyManifestSignature,
  type PackManifest,
} from './manifest.js';
import { parseManifest } from './parse-manifest.js';
import { openPackSource, type PackSource } from './pack-source.js';
import { loadPemKey } from './trust.js';
import { notAPack, type PackCheck, type TrustRoot } from './verify-types.js';
import { ZipError } from './zip-reader.js';

/** A real manifest is a few KiB; anything near this is not one. */
export const MANIFEST_LIMIT = 1 << 20;
/** manifest.sig and the public key are a few hundred bytes. */
export const SMALL_FILE_LIMIT = 64 << 10;
/** The most read of one file while manifest.sig does not verify with the trusted key. */
export const UNSIGNED_READ_LIMIT = 64 << 20;

export interface LoadedPack {
  source: string;
  manifest: PackManifest;
  manifestSha256: string;
  /** files, key and manifest_signature, in that order. */
  checks: PackCheck[];
  /** The trusted key to check signatures with (undefined: none usable). */
  key: KeyObject | undefined;
  packKeyFingerprint: string | null;
  /** manifest.sig verifies with the trusted key (the manifest's sizes can be trusted). */
  signed: boolean;
  /** The files the later checks parse, by name; `unread` says why one is absent. */
  contents: Map<string, Buffer>;
  unread: Map<string, string>;
  verifierSha256: string | null;
}

export async function loadPack(path: string, trust: TrustRoot): Promise<LoadedPack> {
  let pack: PackSource;
  try {
    pack = openPackSource(path);
  } catch (err) {
    if (err instanceof ZipError) throw notAPack(path, err.message);
    throw err;
  }
  try {
    return await loadFrom(pack, path, trust);
  } finally {
    pack.close();
  }
}

async function loadFrom(pack: PackSource, source: string, trust: TrustRoot): Promise<LoadedPack> {
  if (!pack.names.includes(MANIFEST_FILE)) throw notAPack(source, `it has no ${MANIFEST_FILE}`);
  let manifestBytes: Buffer;
  try {
    manifestBytes = pack.read(MANIFEST_FILE, MANIFEST_LIMIT);
  } catch (err) {
    throw notAPack(source, `${MANIFEST_FILE} cannot be read (${(err as Error).message})`);
  }
  const manifest = parseManifest(manifestBytes, source);
  const manifestSha256 = createHash('sha256').update(manifestBytes).digest('hex');
  const listed = new Map(manifest.files.map((f) => [f.name, f]));
  const checks: PackCheck[] = [];

  const hashes = new Map<string, string>();
  let problem: string | null = null;
  const fail = (message: string): void => {
    problem ??= message;
  };
  for (const f of manifest.files) {
    const declared = pack.size(f.name);
    if (declared === undefined) {
      fail(`${f.name} is listed in the manifest but missing`);
    } else if (declared !== f.size) {
      // Not inflated at all: the size alone proves the change, and it may be a bomb.
      fail(
        `${f.name} does not match its manifest hash (the pack gives ${declared} bytes, the manifest lists ${f.size})`,
      );
    } else {
      try {
        const { sha256 } = await pack.hash(f.name, f.size);
        hashes.set(f.name, sha256);
        if (sha256 !== f.sha256) {
          fail(`${f.name} does not match its manifest hash (changed after the pack was built)`);
        }
      } catch (err) {
        fail((err as Error).message);
      }
    }
  }
  for (const name of pack.names) {
    if (name !== MANIFEST_FILE && name !== MANIFEST_SIG_FILE && !listed.has(name)) {
      fail(`${name} is in the pack but not in the manifest (not read)`);
    }
  }
  const report = REPORT_FILE[manifest.report_format];
  const proofsFile = manifest.format === PACK_FORMAT_V1 ? PROOFS_FILE : RECORDS_FILE;
  for (const required of [EVIDENCE_FILE, proofsFile, MANIFEST_SIG_FILE, report]) {
    if (required && !pack.names.includes(required)) fail(`${required} is missing from the pack`);
  }
  checks.push(
    problem === null
      ? { check: 'files', status: 'ok', message: `${listed.size} files match the manifest` }
      : { check: 'files', status: 'failed', message: problem },
  );

  const contents = new Map<string, Buffer>();
  const unread = new Map<string, string>();
  const load = (name: string, cap: number): Buffer | undefined => {
    const entry = listed.get(name);
    const limit = name === MANIFEST_SIG_FILE ? cap : Math.min(cap, entry?.size ?? -1);
    try {
      if (limit < 0) throw new Error(`${name} is not in the manifest`);
      if (!pack.names.includes(name)) throw new Error(`${name} is missing from the pack`);
      const size = pack.size(name) ?? 0;
      if (size > limit) {
        throw new Error(
          `${name} was not read: ${size} bytes, more than ${limit}` +
            (limit < (entry?.size ?? 0) ? ' (manifest.json is not signed by the trusted key)' : ''),
        );
      }
      const bytes = pack.read(name, limit);
      contents.set(name, bytes);
      return bytes;
    } catch (err) {
      unread.set(name, (err as Error).message);
      return undefined;
    }
  };

  // The trust root: never the pack's own key alone.
  let key: KeyObject | undefined = trust.publicKey;
  let packKeyFingerprint: string | null = null;
  let packKey: KeyObject | undefined;
  try {
    const pem = load(manifest.public_key?.file ?? '', SMALL_FILE_LIMIT);
    if (pem) {
      packKey = loadPemKey(pem.toString('utf8'));
      packKeyFingerprint = keyFingerprint(packKey);
    }
  } catch {
    packKey = undefined;
  }
  if (packKeyFingerprint === trust.fingerprint) {
    key ??= packKey;
    checks.push({
      check: 'key',
      status: 'ok',
      message: `the pack is signed with the trusted key ${trust.fingerprint}`,
    });
  } else {
    checks.push({
      check: 'key',
      status: 'failed',
      message: packKeyFingerprint
        ? `the pack carries key ${packKeyFingerprint}, not the trusted key ${trust.fingerprint}`
        : 'the pack carries no readable public key',
    });
  }

  let signed = false;
  try {
    if (!key)
      throw new Error(`no trusted key to check with (trusted fingerprint ${trust.fingerprint})`);
    const sig = load(MANIFEST_SIG_FILE, SMALL_FILE_LIMIT);
    if (!sig) throw new Error(unread.get(MANIFEST_SIG_FILE));
    const note = verifyManifestSignature(sig.toString('utf8'), manifest.origin, key);
    if (note.packId !== manifest.pack_id || note.manifestSha256 !== manifestSha256) {
      throw new Error('manifest.sig signs a different manifest');
    }
    signed = true;
    checks.push({
      check: 'manifest_signature',
      status: 'ok',
      message: 'manifest.json is signed by the trusted key',
    });
  } catch (err) {
    checks.push({ check: 'manifest_signature', status: 'failed', message: (err as Error).message });
  }

  const cap = signed ? Number.MAX_SAFE_INTEGER : UNSIGNED_READ_LIMIT;
  // v2's records.ndjson is streamed by the records check (verify-records.ts), never held.
  if (manifest.format === PACK_FORMAT_V1) load(PROOFS_FILE, cap);
  load(EVIDENCE_FILE, cap);
  return {
    source,
    manifest,
    manifestSha256,
    checks,
    key,
    packKeyFingerprint,
    signed,
    contents,
    unread,
    verifierSha256: hashes.get(VERIFIER_FILE) ?? null,
  };
}
