/**
 * `audit verify` as a whole: the ledger both ways (verify-parallel.ts), the key file beside
 * it, and, when given, a saved checkpoint. Read-only from end to end: the database is
 * opened in SQLite's read-only mode, and a missing directory, database or key is reported,
 * never created.
 */
import type { KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { UsageError } from '../errors.js';
import type { ProgressFn } from '../progress.js';
import { KEY_FILE_NAME, loadSigningKey, NEXT_KEY_FILE_NAME } from '../ledger/keys.js';
import { keyFingerprint } from '../ledger/tree-head.js';
import type { Store } from './store.js';
import { checkCheckpoint, type CheckpointCheck } from './verify-checkpoint.js';
import { Failure } from './verify-failure.js';
import type { LedgerTrust } from './verify-keys.js';
import { verifyLedgerParallel } from './verify-parallel.js';
import type { LedgerVerdict } from './verify-ledger.js';
import { loadKeyChain, publicKeyOf } from './ledger-keys.js';

export interface StoreVerdict extends LedgerVerdict {
  /** The key file beside the store: its fingerprint, or null when there is none. */
  key_file_fingerprint: string | null;
  checkpoint: CheckpointCheck | null;
}

export interface VerifyStoreOptions {
  pin?: LedgerTrust['pin'];
  /** The pinned key itself (`--key`), when given. */
  pinnedKey?: KeyObject;
  /** A saved checkpoint file to prove the store extends. */
  checkpointFile?: string;
  threads: number;
  chunkSize: number;
  /** Progress of the ledger scan (the bulk of the work); see verify-parallel.ts. */
  onProgress?: ProgressFn;
}

export async function verifyStore(
  store: Store,
  options: VerifyStoreOptions,
): Promise<StoreVerdict> {
  const keyFile = loadKeyFile(store.dataDir);
  const trust: LedgerTrust = {
    ...(options.pin ? { pin: options.pin } : {}),
    // Only for stores whose keys were never ledgered: the pinned key, else the file's.
    ...((options.pinnedKey ?? keyFile?.publicKey)
      ? { legacyKey: options.pinnedKey ?? keyFile!.publicKey }
      : {}),
  };
  const note = options.checkpointFile ? readCheckpoint(options.checkpointFile) : undefined;
  const verdict = await verifyLedgerParallel(store, trust, options);
  const result: StoreVerdict = {
    ...verdict,
    key_file_fingerprint: keyFile?.fingerprint ?? null,
    checkpoint: null,
  };
  if (!verdict.ok) return result;

  const pinned = Boolean(options.pin || note !== undefined);
  const keyFailure = checkKeyFile(store.dataDir, verdict, keyFile?.fingerprint, pinned);
  if (keyFailure) return fail(result, keyFailure);

  if (note !== undefined) {
    const keys = store
      .read((r) => loadKeyChain(r))
      .map((k) => ({
        fingerprint: k.fingerprint,
        publicKey: publicKeyOf(k),
      }));
    if (keys.length === 0 && trust.legacyKey) {
      keys.push({ fingerprint: keyFingerprint(trust.legacyKey), publicKey: trust.legacyKey });
    }
    const { check, failure } = await checkCheckpoint(
      store,
      note,
      options.checkpointFile!,
      keys,
      { size: verdict.tree_size, root: verdict.root_hash ?? '' },
      options,
    );
    result.checkpoint = check;
    if (failure) return fail(result, failure);
    result.message += `; extends checkpoint at size ${check.tree_size}`;
  }
  if (options.pin) result.message += `; key chain holds the pinned key`;
  return result;
}

function loadKeyFile(dataDir: string): { fingerprint: string; publicKey: KeyObject } | undefined {
  try {
    const key = loadSigningKey(dataDir);
    return key && { fingerprint: key.fingerprint, publicKey: key.publicKey };
  } catch {
    return undefined; // unreadable or not a key: reported as not the store's key
  }
}

/**
 * The key file must be the key the ledger names as current (or a finished rotation's
 * `.next` file): anything else means the next write would be refused. Without any key file
 * the store can no longer be written; that is a failure unless the caller pinned the trust
 * root, as when verifying a copy of the database away from its key.
 */
function checkKeyFile(
  dataDir: string,
  verdict: LedgerVerdict,
  fingerprint: string | undefined,
  pinned: boolean,
): Failure | undefined {
  const current = verdict.current_key_fingerprint;
  if (current === null) return undefined; // an empty ledger: nothing signed yet
  const file = join(dataDir, KEY_FILE_NAME);
  if (fingerprint === current) return undefined;
  if (fingerprint === undefined) {
    if (pinned) return undefined;
    return new Failure(
      'key',
      null,
      `the ledger signing key ${file} is missing: the store can no longer be written (restore it from a backup; to verify a copy of the database without its key, pin it with --fingerprint or --key)`,
    );
  }
  let next: string | undefined;
  try {
    next = loadSigningKey(dataDir, NEXT_KEY_FILE_NAME)?.fingerprint;
  } catch {
    next = undefined;
  }
  if (next === current) return undefined; // a rotation whose rename the next write finishes
  return new Failure(
    'key',
    null,
    `${file} (key ${fingerprint.slice(0, 16)}) is not this store's ledger key (${current.slice(0, 16)}): it was replaced; writes will be refused until the right key is restored`,
  );
}

function readCheckpoint(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (err) {
    throw new UsageError(
      `--checkpoint: cannot read ${path} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`,
    );
  }
}

function fail(result: StoreVerdict, failure: Failure): StoreVerdict {
  return {
    ...result,
    ok: false,
    root_hash: null,
    first_bad_seq: failure.seq,
    reason: failure.reason,
    record: failure.row
      ? { seq: failure.row.seq, kind: failure.row.kind, subject_id: failure.row.subject_id }
      : null,
    row: failure.tableRow ?? null,
    message: failure.message,
  };
}
