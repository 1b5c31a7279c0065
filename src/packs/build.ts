import { withScanCache } from '../store/scan-cache.js';
/**
 * The one pack builder behind `evid pack` and `audit evidence build`.
 *
 * 1. In ONE read snapshot: take the latest signed tree head, select the records, recompute
 *    the ledger's leaves and tree (checked against the signed root), and stream
 *    evidence.json (header) and records.ndjson (records, entries, one batch proof; v1:
 *    evidence.json and proofs.json) to a work directory next to the output.
 * 2. Outside it: the report (html/pdf), the public key, verify.mjs, README.txt, then
 *    manifest.json (SHA-256 of every file) and manifest.sig (signed by the ledger key).
 * 3. Zip to a temp name; then in one write transaction record the pack, ledger
 *    `pack.built`, and rename the zip into place (a failed rename rolls the record back).
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  createReadStream,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { CheckFailed, ConflictError, LedgerKeyError, UsageError } from '../errors.js';
import { newPackId } from '../ids.js';
import { progressReporter, type ProgressFn } from '../progress.js';
import { canonicalize } from '../ledger/jcs.js';
import { KEY_FILE_NAME, loadSigningKey } from '../ledger/keys.js';
import { latestHeadKey } from '../store/ledger-keys.js';
import { EMPTY_ROOT } from '../ledger/hasher.js';
import { verifyCheckpoint } from '../ledger/tree-head.js';
import type { TreeHeadRow } from '../store/ledger-writer.js';
import { tempTag } from '../store/runner.js';
import type { Store } from '../store/store.js';
import { collectControls } from './controls.js';
import {
  INSTALLED_VERIFIER_URL,
  MANIFEST_FILE,
  MANIFEST_SIG_FILE,
  PACK_FORMAT,
  PACK_FORMAT_V1,
  PUBLIC_KEY_FILE,
  README_FILE,
  REPORT_FILE,
  signManifest,
  VERIFIER_FILE,
  type ManifestFile,
  type PackManifest,
  type ReportFormat,
} from './manifest.js';
import { resolveOutput } from '../output-path.js';
import { insertPack, packExists } from './pack-store.js';
import { DEFAULT_SCAN_CHUNK } from '../config/config.js';
import { leafHashesInWorkers } from '../store/ledger-leaves.js';
import { collectLedger, ledgerTree } from './proofs.js';
import { writeV1, writeV2 } from './pack-files.js';
import { renderPackHtml } from './report-html.js';
import { writePackPdf } from './report-pdf.js';
import { assertSessionExists, idParams, includedRefs, type PackFilter } from './select.js';
import { summarize, type PackSummary } from './summary.js';
import { packReadme } from './readme.js';
import { writeZip } from './zip-writer.js';

const PACK_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

export interface BuildPackInput {
  filter: PackFilter;
  format: ReportFormat;
  includeControls: boolean;
  /** Default: a new `pk_<ULID>`. */
  packId?: string;
  /** A file path, or an existing directory to put `<pack_id>.zip` in. */
  output?: string;
  now: Date;
  /** e.g. `evid 0.1.0`, written into the manifest and reports. */
  generator: string;
  /** Worker threads for the ledger's leaf hashes (config scanThreads); default 1: none. */
  threads?: number;
  /** Entries per worker task (config scanChunk), a power of two. */
  chunkSize?: number;
  /**
   * Pack format version: 2 (default) streams records.ndjson with one batch proof; 1 writes
   * evidence.json and proofs.json with a PATH per record (kept for tests and old readers).
   */
  packFormat?: 1 | 2;
  /** Told (steps done, PACK_STEPS.length, step) as the build goes; last call done == total. */
  onProgress?: ProgressFn;
}

/** The build's steps, in order, as progress reports name them. */
export const PACK_STEPS = [
  'hashing the ledger',
  'selecting records',
  'writing the report',
  'signing the manifest',
  'zipping',
  'recording the pack',
] as const;

export interface BuiltPack {
  pack_id: string;
  path: string;
  format: ReportFormat;
  created_at: string;
  filters: PackManifest['filters'];
  tree_size: number;
  root_hash: string;
  key_fingerprint: string;
  sha256: string;
  manifest_sha256: string;
  size_bytes: number;
  counts: PackSummary['counts'];
  empty: boolean;
  files: ManifestFile[];
}

export async function buildPack(store: Store, input: BuildPackInput): Promise<BuiltPack> {
  // A pack reads its records and the ledger once: a small page cache keeps its memory flat.
  return withScanCache(store.db, () => build(store, input));
}

async function build(store: Store, input: BuildPackInput): Promise<BuiltPack> {
  const packId = input.packId ?? newPackId(input.now.getTime());
  if (!PACK_ID.test(packId)) {
    throw new UsageError(
      `--pack-id: 1-64 letters, digits, '.', '_' or '-', starting with a letter or digit (got "${packId}")`,
    );
  }
  if (store.read((r) => packExists(r, packId))) {
    throw new ConflictError(`pack ${packId} already exists`, { pack_id: packId });
  }
  // The store's key, never a new one: a pack signed by a key the ledger does not name
  // would not verify (and creating a key here would hide a deleted one).
  const key = loadSigningKey(store.dataDir);
  if (!key && !store.latestTreeHead()) {
    // A store nothing was written to yet has no key either: nothing is missing.
    throw new ConflictError(
      'the store holds no evidence yet (its ledger is empty): ingest traces before building a pack',
    );
  }
  if (!key) {
    throw new LedgerKeyError(
      `the ledger signing key ${join(store.dataDir, KEY_FILE_NAME)} is missing: a pack cannot be signed; restore the key (\`audit verify\` says more)`,
    );
  }
  const target = resolveOutput(store.dataDir, packId, input.output);
  const createdAt = input.now.toISOString();
  const version = input.packFormat ?? 2;
  const filters = { ...input.filter, include_controls: input.includeControls };
  // Both temp names carry this process's tag: a leftover of a build whose process was
  // killed is removed when a server next starts (src/recovery/).
  const work = mkdtempSync(join(dirname(target), `.${packId}.${tempTag()}.work-`));
  const tempZip = `${target}.${tempTag()}.${randomBytes(4).toString('hex')}.tmp`;
  const report = progressReporter(input.onProgress);
  const step = (done: number): void => report(done, PACK_STEPS.length, PACK_STEPS[done] ?? 'done');
  try {
    step(0);
    const files: ManifestFile[] = [];
    const add = (name: string, bytes: number, sha256: string): void => {
      files.push({ name, sha256, size: bytes });
    };

    // Every leaf hash up to the current signed size, over worker threads, before the
    // snapshot: entries up to a signed size never change, and the root is checked against
    // the snapshot's own tree head below. Entries ledgered meanwhile are hashed in-thread.
    const signedSize = store.latestTreeHead()?.tree_size ?? 0;
    const pre = await leafHashesInWorkers(store.dataDir, signedSize, {
      threads: input.threads ?? 1,
      chunkSize: input.chunkSize ?? DEFAULT_SCAN_CHUNK,
    });

    step(1);
    const gathered = store.read((r) => {
      const head = r.prepare('SELECT * FROM tree_heads ORDER BY tree_size DESC LIMIT 1').get() as
        TreeHeadRow | undefined;
      if (head) {
        try {
          verifyCheckpoint(head.checkpoint, store.origin, latestHeadKey(r) ?? key.publicKey);
        } catch (err) {
          throw new CheckFailed(
            `the store's latest tree head does not verify with its key (${(err as Error).message}); run \`audit verify\``,
          );
        }
      }
      assertSessionExists(r, input.filter.session);
      const refs = includedRefs(r, input.filter);
      const params = idParams(refs);
      const treeSize = head?.tree_size ?? 0;
      const rootHash = head?.root_hash ?? EMPTY_ROOT.toString('hex');
      const tree = ledgerTree(
        r,
        treeSize,
        rootHash,
        pre && pre.missing === null ? { size: signedSize, packed: pre.packed } : undefined,
      );
      const controls = input.includeControls ? collectControls(r, params) : null;
      const treeHead = {
        tree_size: treeSize,
        root_hash: rootHash,
        signed_at: head?.signed_at ?? null,
        key_fingerprint: key.fingerprint,
      };
      const summary = summarize(r, input.filter, params, refs, treeHead, controls);
      const header = { pack_id: packId, created_at: createdAt, origin: store.origin, summary };
      const written =
        version === 1
          ? writeV1(
              work,
              r,
              params,
              header,
              collectLedger(r, tree, treeSize, rootHash, refs),
              controls,
            )
          : writeV2(work, r, refs, header, tree, treeSize, rootHash, controls);
      for (const f of written) add(f.name, f.bytes, f.sha256);
      return { summary, controls, checkpoint: head?.checkpoint ?? null };
    });

    step(2);
    const { summary, controls } = gathered;
    const putFile = (name: string, content: string | Buffer): void => {
      const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
      writeFileSync(join(work, name), bytes, { mode: 0o600 });
      add(name, bytes.length, sha256Hex(bytes));
    };
    const reportFile = REPORT_FILE[input.format];
    const reportInput = {
      pack_id: packId,
      created_at: createdAt,
      origin: store.origin,
      generator: input.generator,
      include_controls: input.includeControls,
      summary,
      controls,
    };
    if (input.format === 'html') putFile(reportFile!, renderPackHtml(reportInput));
    if (input.format === 'pdf') {
      const path = join(work, reportFile!);
      await writePackPdf(path, reportInput);
      const bytes = readFileSync(path);
      add(reportFile!, bytes.length, sha256Hex(bytes));
    }
    putFile(PUBLIC_KEY_FILE, key.publicKeyPem);
    putFile(VERIFIER_FILE, readFileSync(INSTALLED_VERIFIER_URL));
    putFile(README_FILE, packReadme(packId, key.fingerprint, input.format));
    files.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    step(3);

    const manifest: PackManifest = {
      format: version === 1 ? PACK_FORMAT_V1 : PACK_FORMAT,
      pack_id: packId,
      created_at: createdAt,
      generator: input.generator,
      origin: store.origin,
      report_format: input.format,
      filters,
      counts: summary.counts,
      empty: summary.empty,
      tree_head: {
        tree_size: summary.tree_head.tree_size,
        root_hash: summary.tree_head.root_hash,
        signed_at: summary.tree_head.signed_at,
        checkpoint: gathered.checkpoint,
      },
      public_key: { file: PUBLIC_KEY_FILE, fingerprint: key.fingerprint },
      files,
    };
    const manifestBytes = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`, 'utf8');
    const manifestSha = sha256Hex(manifestBytes);
    writeFileSync(join(work, MANIFEST_FILE), manifestBytes, { mode: 0o600 });
    writeFileSync(
      join(work, MANIFEST_SIG_FILE),
      signManifest(packId, manifestSha, store.origin, key.privateKey),
      { mode: 0o600 },
    );

    const entries = [MANIFEST_FILE, MANIFEST_SIG_FILE, ...files.map((f) => f.name)].map((name) => ({
      name,
      path: join(work, name),
    }));
    step(4);
    await writeZip(tempZip, entries, input.now);
    const zip = await hashFile(tempZip);

    const record = {
      pack_id: packId,
      created_at: createdAt,
      format: input.format,
      filters: canonicalize(filters),
      tree_size: summary.tree_head.tree_size,
      root_hash: summary.tree_head.root_hash,
      path: target,
      sha256: zip.sha256,
      manifest_sha256: manifestSha,
      size_bytes: zip.bytes,
      trace_count: summary.counts.traces,
      event_count: summary.counts.events,
      finding_count: summary.counts.findings,
      finding_update_count: summary.counts.finding_updates,
    };
    step(5);
    store.transact((tx) => {
      insertPack(tx, { ...record, actor: tx.actor });
      renameSync(tempZip, target);
    });
    step(6);
    return {
      pack_id: packId,
      path: target,
      format: input.format,
      created_at: createdAt,
      filters,
      tree_size: record.tree_size,
      root_hash: record.root_hash,
      key_fingerprint: key.fingerprint,
      sha256: zip.sha256,
      manifest_sha256: manifestSha,
      size_bytes: zip.bytes,
      counts: summary.counts,
      empty: summary.empty,
      files,
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
    rmSync(tempZip, { force: true });
  }
}

function sha256Hex(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

async function hashFile(path: string): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(path)) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { sha256: hash.digest('hex'), bytes };
}
