/**
 * `audit evidence verify`: checks a pack against a trust root held OUTSIDE the pack (the
 * store's key, a key file, or a pinned fingerprint), and, when the store is at hand,
 * against the store's current ledger. Everything in the pack is attacker-controlled.
 *
 * Checks, all run (a failed one does not hide the others), each ok / failed / skipped:
 *   files               every file listed in the manifest is present with its size and
 *                       SHA-256, and nothing unlisted is in the pack (load-pack.ts: read
 *                       manifest first, hashed as streams, bounded by the manifest)
 *   key                 the pack's public key is the trusted one
 *   manifest_signature  manifest.sig verifies with the trusted key over manifest.json
 *   tree_head_signature the checkpoint verifies with the trusted key and matches the
 *                       manifest's and proofs.json's tree head
 *   inclusion_proofs    every entry's leaf (recomputed from its fields) is in that tree
 *   records             every record in evidence.json re-hashed (JCS + SHA-256) equals its
 *                       entry's digest, and records and entries pair up one to one
 *   consistency         (store) the store's ledger, recomputed, gives its signed root, and
 *                       the pack's tree head is a prefix of it (RFC 9162 consistency proof)
 *   store_records       (store) every record the pack proves is unchanged in the store
 *   pack_record         (store) the store recorded this pack with this manifest
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { verifyCheckpoint } from '../ledger/tree-head.js';
import type { LedgerEntry } from '../ledger/entry.js';
import { UNSIGNED_READ_LIMIT, type LoadedPack } from './load-pack.js';
import {
  EVIDENCE_FILE,
  INSTALLED_VERIFIER_URL,
  PACK_FORMAT_V1,
  PROOFS_FILE,
  RECORDS_FILE,
} from './manifest.js';
import { openPackSource, type PackSource } from './pack-source.js';
import { checkInclusion, checkRecords } from './verify-checks.js';
import { checkRecordsStream, type RecordsStreamResult } from './verify-records.js';
import { checkAgainstStore, StoreRecordsCheck, type StoreContext } from './verify-store.js';
import type { CheckName, PackCheck, PackVerdict, ProofEntry, TrustRoot } from './verify-types.js';

export {
  notAPack,
  type CheckName,
  type PackCheck,
  type PackVerdict,
  type ProofEntry,
  type TrustRoot,
} from './verify-types.js';

/**
 * The checks over a pack read by loadPack (files, key and manifest_signature are already
 * decided there, before anything large was read), plus the store's when one is at hand.
 */
export async function verifyPack(
  pack: LoadedPack,
  trust: TrustRoot,
  store?: StoreContext,
): Promise<PackVerdict> {
  const { manifest, source, key } = pack;
  const checks: PackCheck[] = [...pack.checks];
  const record = (check: CheckName, status: PackCheck['status'], message: string): void => {
    checks.push({ check, status, message });
  };
  const attempt = (check: CheckName, fn: () => string): void => {
    try {
      record(check, 'ok', fn());
    } catch (err) {
      record(check, 'failed', (err as Error).message);
    }
  };
  const noKey = (): string => {
    throw new Error(`no trusted key to check with (trusted fingerprint ${trust.fingerprint})`);
  };
  const text = (name: string): string => {
    const bytes = pack.contents.get(name);
    if (!bytes) throw new Error(pack.unread.get(name) ?? `${name} is missing from the pack`);
    return bytes.toString('utf8');
  };

  const head = manifest.tree_head;
  const v1 = manifest.format === PACK_FORMAT_V1;
  let proofs: { tree_size: number; root_hash: string; entries: ProofEntry[] } | undefined;
  try {
    if (v1) proofs = JSON.parse(text(PROOFS_FILE)) as typeof proofs;
  } catch {
    proofs = undefined;
  }
  if (head.checkpoint === null && head.tree_size === 0) {
    record('tree_head_signature', 'skipped', 'the ledger was empty when the pack was built');
  } else {
    attempt('tree_head_signature', () => {
      if (!key) return noKey();
      const cp = verifyCheckpoint(String(head.checkpoint), manifest.origin, key);
      const root = cp.root.toString('hex');
      if (cp.size !== head.tree_size || root !== head.root_hash) {
        throw new Error('the signed checkpoint does not match the manifest tree head');
      }
      if (v1 && proofs && (proofs.tree_size !== cp.size || proofs.root_hash !== root)) {
        throw new Error('proofs.json is against another tree head than the signed one');
      }
      return `tree head ${cp.size} / ${root} is signed by the trusted key`;
    });
  }

  const sameStore = store !== undefined && store.origin === manifest.origin;
  const storeRecords = sameStore ? new StoreRecordsCheck(store) : undefined;
  const counts = { proofs: 0, records: 0, purged: 0 };
  if (v1) {
    const entries = Array.isArray(proofs?.entries) ? proofs.entries : undefined;
    counts.proofs = entries?.length ?? 0;
    attempt('inclusion_proofs', () => {
      if (!pack.contents.has(PROOFS_FILE)) text(PROOFS_FILE);
      if (!proofs || !entries) throw new Error(`${PROOFS_FILE} is missing or malformed`);
      checkInclusion(entries, head.tree_size, head.root_hash);
      return `${entries.length} inclusion proofs verify against tree size ${head.tree_size}`;
    });
    attempt('records', () => {
      if (!entries) throw new Error(`${PROOFS_FILE} is missing or malformed`);
      const result = checkRecords(text(EVIDENCE_FILE), entries);
      counts.records = result.records;
      counts.purged = result.purged;
      return recordsMessage(result.records, result.purged);
    });
    for (const e of entries ?? []) storeRecords?.add(e);
  } else {
    const result = await streamRecords(pack, (e) => storeRecords?.add(e));
    counts.proofs = result.proofs;
    counts.records = result.verified;
    counts.purged = result.purged;
    record(
      'inclusion_proofs',
      result.inclusion === null ? 'ok' : 'failed',
      result.inclusion ??
        `one batch proof covers ${result.proofs} entries against tree size ${head.tree_size}`,
    );
    record(
      'records',
      result.records === null ? 'ok' : 'failed',
      result.records ?? recordsMessage(result.verified, result.purged),
    );
  }

  let storeHead: PackVerdict['store_tree_head'] = null;
  if (!store) {
    for (const c of ['consistency', 'store_records', 'pack_record'] as const) {
      record(c, 'skipped', 'no store to compare with (verified away from the store)');
    }
  } else if (!storeRecords) {
    for (const c of ['consistency', 'store_records', 'pack_record'] as const) {
      record(c, 'skipped', `the pack comes from another store (${manifest.origin})`);
    }
  } else {
    const result = checkAgainstStore(store, manifest, pack.manifestSha256, storeRecords, key);
    storeHead = result.storeHead;
    for (const c of result.checks) checks.push(c);
  }

  const failed = checks.find((c) => c.status === 'failed');
  return {
    ok: !failed,
    pack: source,
    pack_id: manifest.pack_id,
    created_at: manifest.created_at,
    trusted_key: { source: trust.source, fingerprint: trust.fingerprint },
    pack_key_fingerprint: pack.packKeyFingerprint,
    verifier: verifierInfo(pack.verifierSha256),
    tree_head: { tree_size: head.tree_size, root_hash: head.root_hash, signed_at: head.signed_at },
    store_tree_head: storeHead,
    counts,
    checks,
    reason: failed?.check ?? null,
    message: failed
      ? `${failed.check}: ${failed.message}`
      : `pack ${manifest.pack_id} verified: ${counts.records} records, ${counts.proofs} proofs, trusted key ${trust.fingerprint}`,
  };
}

function recordsMessage(records: number, purged: number): string {
  return `${records} records match their ledger digests${purged ? ` (${purged} purged by retention, proven by entry only)` : ''}`;
}

/** v2: records.ndjson streamed once, read up to its manifest size (or the unsigned cap). */
async function streamRecords(
  pack: LoadedPack,
  onEntry: (e: LedgerEntry) => void,
): Promise<RecordsStreamResult> {
  const listed = pack.manifest.files.find((f) => f.name === RECORDS_FILE);
  const unread = (why: string): RecordsStreamResult => ({
    inclusion: why,
    records: why,
    proofs: 0,
    verified: 0,
    purged: 0,
  });
  if (!listed) return unread(`${RECORDS_FILE} is not in the manifest`);
  let source: PackSource;
  try {
    source = openPackSource(pack.source);
  } catch (err) {
    return unread((err as Error).message);
  }
  try {
    if (source.size(RECORDS_FILE) !== listed.size) {
      return unread(`${RECORDS_FILE} is missing or not the size the manifest lists`);
    }
    // Streamed, so memory is bounded anyway; the cap bounds the work an unsigned
    // manifest (the forger's word) can ask for.
    if (!pack.signed && listed.size > UNSIGNED_READ_LIMIT) {
      return unread(
        `${RECORDS_FILE} was not read: ${listed.size} bytes, more than ${UNSIGNED_READ_LIMIT} (manifest.json is not signed by the trusted key)`,
      );
    }
    return await checkRecordsStream(source, pack.manifest, listed.size, onEntry);
  } finally {
    source.close();
  }
}

function verifierInfo(sha256: string | null): PackVerdict['verifier'] {
  if (!sha256) return { sha256: null, same_as_installed: false };
  let installed: string | undefined;
  try {
    installed = createHash('sha256').update(readFileSync(INSTALLED_VERIFIER_URL)).digest('hex');
  } catch {
    installed = undefined;
  }
  return { sha256, same_as_installed: installed === sha256 };
}
