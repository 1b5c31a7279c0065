/**
 * The store side of pack verification: the store's ledger, recomputed from its rows, must
 * give its signed root and extend the pack's tree head (RFC 9162 consistency), every
 * record the pack proves must be unchanged in the store, and the store must have recorded
 * this very pack (its manifest hash, under a `pack.built` entry that still verifies).
 */
import type { KeyObject } from 'node:crypto';
import type { LedgerEntry } from '../ledger/entry.js';
import { canonicalDigest } from '../ledger/jcs.js';
import { verifyCheckpoint } from '../ledger/tree-head.js';
import { MerkleTree } from '../ledger/tree.js';
import { verifyConsistency } from '../ledger/verify.js';
import { scanLeaves } from '../store/ledger-leaves.js';
import type { TreeHeadRow } from '../store/ledger-writer.js';
import { loadRecord } from '../store/record-loaders.js';
import { packRecord } from '../store/records.js';
import type { Reader } from '../store/store.js';
import type { PackManifest } from './manifest.js';
import { findPack, packLedgerDigest } from './pack-store.js';
import type { PackCheck, PackVerdict } from './verify-types.js';

export interface StoreContext {
  origin: string;
  /** One read snapshot of the store (Store.read). */
  read<T>(fn: (r: Reader) => T): T;
}

/** Entries checked per read snapshot: bounded memory, few transactions. */
const STORE_BATCH = 1000;

/**
 * store_records, fed one entry at a time (a v2 pack streams its entries): every record
 * the pack proves must be unchanged in the store. Entries are checked in batches, each
 * batch in one read snapshot, so memory stays at one batch.
 */
export class StoreRecordsCheck {
  readonly #store: StoreContext;
  #pending: LedgerEntry[] = [];
  #problem: string | null = null;
  #checked = 0;
  #purged = 0;

  constructor(store: StoreContext) {
    this.#store = store;
  }

  add(entry: LedgerEntry): void {
    if (this.#problem !== null) return;
    this.#pending.push(entry);
    if (this.#pending.length >= STORE_BATCH) this.#flush();
  }

  result(): PackCheck {
    this.#flush();
    if (this.#problem !== null) {
      return { check: 'store_records', status: 'failed', message: this.#problem };
    }
    const purged = this.#purged;
    return {
      check: 'store_records',
      status: 'ok',
      message: `${this.#checked - purged} records unchanged in the store${purged ? `, ${purged} purged by retention since` : ''}`,
    };
  }

  #flush(): void {
    const batch = this.#pending;
    this.#pending = [];
    if (batch.length === 0 || this.#problem !== null) return;
    this.#store.read((r) => {
      const bySeq = r.prepare(
        'SELECT seq, kind, subject_id, subject_ref, digest, recorded_at, actor FROM ledger WHERE seq = ?',
      );
      for (const e of batch) {
        try {
          if (storeRecord(r, bySeq, e) === 'purged') this.#purged++;
          this.#checked++;
        } catch (err) {
          this.#problem = (err as Error).message;
          return;
        }
      }
    });
  }
}

interface LedgerRow extends LedgerEntry {
  subject_ref: number | null;
}

/**
 * consistency and pack_record in one read snapshot, with store_records (fed beforehand)
 * between them.
 */
export function checkAgainstStore(
  store: StoreContext,
  manifest: PackManifest,
  manifestSha256: string,
  records: StoreRecordsCheck,
  key: KeyObject | undefined,
): { storeHead: PackVerdict['store_tree_head']; checks: PackCheck[] } {
  return store.read((r) => storeChecks(r, manifest, manifestSha256, records, key));
}

function storeChecks(
  r: Reader,
  manifest: PackManifest,
  manifestSha256: string,
  records: StoreRecordsCheck,
  key: KeyObject | undefined,
): { storeHead: PackVerdict['store_tree_head']; checks: PackCheck[] } {
  const checks: PackCheck[] = [];
  const attempt = (check: PackCheck['check'], fn: () => string): void => {
    try {
      checks.push({ check, status: 'ok', message: fn() });
    } catch (err) {
      checks.push({ check, status: 'failed', message: (err as Error).message });
    }
  };
  const latest = r.prepare('SELECT * FROM tree_heads ORDER BY tree_size DESC LIMIT 1').get() as
    TreeHeadRow | undefined;
  const storeHead = latest ? { tree_size: latest.tree_size, root_hash: latest.root_hash } : null;

  attempt('consistency', () => consistency(r, manifest, latest, key));
  checks.push(records.result());
  attempt('pack_record', () => {
    const row = findPack(r, manifest.pack_id);
    if (!row) throw new Error(`the store has no record of pack ${manifest.pack_id}`);
    if (row.manifest_sha256 !== manifestSha256) {
      throw new Error(`the store recorded another manifest for pack ${manifest.pack_id}`);
    }
    if (packLedgerDigest(r, row) !== canonicalDigest(packRecord(row)).toString('hex')) {
      throw new Error(
        `the store's record of pack ${manifest.pack_id} does not match its ledger entry`,
      );
    }
    return `the store recorded pack ${manifest.pack_id} with this manifest (pack.built, ${row.created_at})`;
  });
  return { storeHead, checks };
}

function consistency(
  r: Reader,
  manifest: PackManifest,
  latest: TreeHeadRow | undefined,
  key: KeyObject | undefined,
): string {
  const size1 = manifest.tree_head.tree_size;
  if (!latest) {
    if (size1 === 0) return 'the store ledger and the pack tree head are both empty';
    throw new Error(`the store ledger is empty but the pack proves tree size ${size1}`);
  }
  if (!key) throw new Error('no trusted key to check the store tree head with');
  const cp = verifyCheckpoint(latest.checkpoint, manifest.origin, key);
  if (cp.size !== latest.tree_size || cp.root.toString('hex') !== latest.root_hash) {
    throw new Error("the store's signed checkpoint does not match its tree head row");
  }
  const scan = scanLeaves(r, 1, latest.tree_size);
  if (scan.missing !== null) throw new Error(`store ledger entry ${scan.missing} is missing`);
  const tree = MerkleTree.fromPacked(scan.packed);
  if (tree.size !== latest.tree_size || tree.root().toString('hex') !== latest.root_hash) {
    throw new Error(
      `the store's ledger rows no longer give its signed root at size ${latest.tree_size} (run \`audit verify\`)`,
    );
  }
  if (size1 === 0) return `the pack's tree head is empty; the store is at size ${latest.tree_size}`;
  if (size1 > latest.tree_size) {
    throw new Error(
      `the pack proves tree size ${size1} but the store's ledger has only ${latest.tree_size} entries (rolled back?)`,
    );
  }
  const proof = tree.consistencyProof(size1, latest.tree_size);
  verifyConsistency(
    size1,
    latest.tree_size,
    Buffer.from(manifest.tree_head.root_hash, 'hex'),
    Buffer.from(latest.root_hash, 'hex'),
    proof,
  );
  return `the pack's tree head (size ${size1}) is a prefix of the store's (size ${latest.tree_size})`;
}

/** One entry against the store; throws naming what changed. */
function storeRecord(
  r: Reader,
  bySeq: ReturnType<Reader['prepare']>,
  e: LedgerEntry,
): 'purged' | 'present' {
  const row = bySeq.get(e.seq) as LedgerRow | undefined;
  const what = `${e.kind} ${e.subject_id} (seq ${e.seq})`;
  if (!row) throw new Error(`${what}: its ledger entry is gone from the store`);
  if (row.kind !== e.kind || row.subject_id !== e.subject_id || row.digest !== e.digest) {
    throw new Error(`${what}: the store's ledger entry differs from the pack's`);
  }
  const loaded = loadRecord(r, row);
  if (loaded.state === 'purged') return 'purged';
  if (loaded.state === 'missing') throw new Error(`${what}: the record is gone from the store`);
  if (loaded.state === 'unledgered_purge') {
    throw new Error(`${what}: marked purged in the store, but no purge was ledgered`);
  }
  if (loaded.state === 'present' && canonicalDigest(loaded.record).toString('hex') !== e.digest) {
    throw new Error(`${what}: the record in the store was altered after the pack was built`);
  }
  return 'present';
}
