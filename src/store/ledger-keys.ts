/**
 * Which key may sign this store's tree heads (docs/ledger.md, "Trust model"). The answer is
 * in the ledger, never in the data directory: `ledger_keys` rows, each ledgered as
 * `ledger.key`. The first row names the key of the store's first tree heads; each later
 * row is a rotation, sealed by a tree head its predecessor signed. The writer checks its
 * key against that chain before it signs anything, so a key file replaced or deleted by
 * hand stops writes (LedgerKeyError, nothing written) instead of re-signing the store.
 */
import type { KeyObject } from 'node:crypto';
import { nodeCrypto } from '../lazy-crypto.js';
import { closeSync, fchmodSync, fsyncSync, openSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { LedgerKeyError } from '../errors.js';
import {
  KEY_FILE_NAME,
  loadOrCreateSigningKey,
  loadSigningKey,
  newPrivateKeyPem,
  NEXT_KEY_FILE_NAME,
  signingKeyFromPem,
  type SigningKey,
} from '../ledger/keys.js';
import { keyFingerprint, rawPublicKey, verifyCheckpoint } from '../ledger/tree-head.js';
import { ledgerKeyRecord, type LedgerKeyRecordFields } from './records.js';
import { signerFromKey, type Signer } from './signer.js';
import type { Reader, Transactor } from './access.js';

export interface LedgerKeyRow extends LedgerKeyRecordFields {
  id: number;
}

/** A ledger key with the seq of the entry that names it (from the ledger, not the row). */
export interface ChainKey extends LedgerKeyRow {
  seq: number;
}

/** The key the ledger says signs next: its latest `ledger_keys` row. */
export function currentLedgerKey(r: Reader): LedgerKeyRow | undefined {
  return r.prepare('SELECT * FROM ledger_keys ORDER BY id DESC LIMIT 1').get() as
    LedgerKeyRow | undefined;
}

/**
 * The key chain in ledger order: every `ledger_keys` row joined to its `ledger.key` entry
 * (found through the subject index). A row with no entry is left out here and reported by
 * the row checks; an entry with no row, by the entry scan.
 */
export function loadKeyChain(r: Reader): ChainKey[] {
  // A correlated look-up per key, so SQLite takes the ledger's subject index instead of
  // scanning the ledger (a join let it choose the scan: 0.26 s on 1.1M entries).
  return r
    .prepare(
      `SELECT * FROM (
         SELECT (SELECT l.seq FROM ledger l WHERE l.subject_id = k.fingerprint
                   AND l.kind = 'ledger.key' AND l.subject_ref = k.id) AS seq, k.*
         FROM ledger_keys k)
       WHERE seq IS NOT NULL ORDER BY seq`,
    )
    .all() as ChainKey[];
}

export function publicKeyOf(row: Pick<LedgerKeyRow, 'public_key'>): KeyObject {
  const raw = Buffer.from(row.public_key, 'base64');
  // SPKI DER for Ed25519: a fixed 12-byte prefix, then the 32-byte key (RFC 8410).
  const der = Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), raw]);
  return nodeCrypto().createPublicKey({ key: der, format: 'der', type: 'spki' });
}

/** Appends a `ledger.key` entry naming `key` (the first, an adopted one, or a rotation). */
export function appendLedgerKey(
  tx: Transactor,
  key: KeyObject,
  previous: string | null,
  reason: 'created' | 'adopted' | 'rotated',
): LedgerKeyRow {
  const fields: LedgerKeyRecordFields = {
    fingerprint: keyFingerprint(key),
    public_key: rawPublicKey(key).toString('base64'),
    previous_fingerprint: previous,
    reason,
    created_at: tx.now(),
    actor: tx.actor,
  };
  const { lastInsertRowid } = tx
    .prepare(
      `INSERT INTO ledger_keys (fingerprint, public_key, previous_fingerprint, reason, created_at, actor)
       VALUES (@fingerprint, @public_key, @previous_fingerprint, @reason, @created_at, @actor)`,
    )
    .run(fields);
  const id = Number(lastInsertRowid);
  tx.ledger.append('ledger.key', fields.fingerprint, id, ledgerKeyRecord(fields));
  return { id, ...fields };
}

const short = (fp: string): string => fp.slice(0, 16);

/**
 * The signer for this write transaction, checked against the ledger under the write lock:
 * - an empty ledger: the data directory's key (created if missing) becomes the first key;
 * - a ledger whose keys are ledgered: the key file must be the current key (a finished
 *   rotation's `.next` file is moved into place first);
 * - a store written before keys were ledgered: the key file must verify the latest tree
 *   head, and is then adopted as the first key.
 * `cached` is the signer this connection used last, reused while it is still current.
 */
export function prepareSigner(
  tx: Transactor,
  dataDir: string,
  origin: string,
  cached: Signer | undefined,
): Signer {
  const latest = tx
    .prepare('SELECT tree_size, checkpoint FROM tree_heads ORDER BY tree_size DESC LIMIT 1')
    .get() as { tree_size: number; checkpoint: string } | undefined;
  const current = currentLedgerKey(tx);
  if (!latest) {
    if (current) {
      throw new LedgerKeyError(
        'the ledger is empty but ledger_keys is not: the store was edited; nothing was written',
      );
    }
    const signer = signerFromKey(loadOrCreateSigningKey(dataDir));
    appendLedgerKey(tx, signer.publicKey, null, 'created');
    return signer;
  }
  if (current && cached?.fingerprint === current.fingerprint) return cached;
  const file = join(dataDir, KEY_FILE_NAME);
  let key = loadSigningKey(dataDir);
  if (current && key?.fingerprint !== current.fingerprint) key = finishRotation(dataDir, current);
  if (!key) {
    throw new LedgerKeyError(
      `the ledger signing key ${file} is missing, and this store has ${latest.tree_size} signed entries: restore the key from a backup (a new key would not be accepted); nothing was written`,
    );
  }
  if (current) {
    if (key.fingerprint !== current.fingerprint) {
      throw new LedgerKeyError(
        `${file} (key ${short(key.fingerprint)}) is not this store's ledger key (${short(current.fingerprint)}): it was replaced; restore the right key; nothing was written`,
      );
    }
    return signerFromKey(key);
  }
  try {
    verifyCheckpoint(latest.checkpoint, origin, key.publicKey);
  } catch {
    throw new LedgerKeyError(
      `${file} (key ${short(key.fingerprint)}) did not sign this store's latest tree head: it was replaced; restore the right key; nothing was written`,
    );
  }
  const signer = signerFromKey(key);
  appendLedgerKey(tx, signer.publicKey, null, 'adopted');
  return signer;
}

/**
 * A rotation commits its ledger entry, then renames `ledger-key.pem.next` over the key. If
 * the process died in between, the ledger already names the `.next` key: finish the rename.
 */
function finishRotation(dataDir: string, current: LedgerKeyRow): SigningKey | undefined {
  const next = loadSigningKey(dataDir, NEXT_KEY_FILE_NAME);
  if (!next || next.fingerprint !== current.fingerprint) return loadSigningKey(dataDir);
  renameSync(join(dataDir, NEXT_KEY_FILE_NAME), join(dataDir, KEY_FILE_NAME));
  return next;
}

export interface RotatedKey {
  previous_fingerprint: string;
  fingerprint: string;
  seq: number;
}

/**
 * `evid admin keys rotate-ledger`: a new key, named by a `ledger.key` entry that the current
 * key seals. The new key is written to `ledger-key.pem.next` (0600) inside the transaction
 * and renamed over the key file once it commits; a crash in between is finished by the next
 * write (prepareSigner). The old private key is overwritten: verify needs only public keys,
 * which the ledger keeps.
 */
export function rotateLedgerKey(store: {
  dataDir: string;
  transact<T>(fn: (tx: Transactor) => T): T;
}): RotatedKey {
  const next = newPrivateKeyPem();
  const key = signingKeyFromPem(next, NEXT_KEY_FILE_NAME);
  const nextPath = join(store.dataDir, NEXT_KEY_FILE_NAME);
  const rotated = store.transact((tx) => {
    const current = currentLedgerKey(tx)!;
    writeSecret(nextPath, next);
    appendLedgerKey(tx, key.publicKey, current.fingerprint, 'rotated');
    return {
      previous_fingerprint: current.fingerprint,
      fingerprint: key.fingerprint,
      seq: tx.ledger.size,
    };
  });
  renameSync(nextPath, join(store.dataDir, KEY_FILE_NAME));
  return rotated;
}

function writeSecret(path: string, text: string): void {
  const fd = openSync(path, 'w', 0o600);
  try {
    fchmodSync(fd, 0o600);
    writeFileSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * The public key that must have signed the latest tree head (the rule of verify-keys.ts:
 * the key current after the previous head), or undefined for a store whose keys were never
 * ledgered. For readers that check the latest head alone, such as the pack builder.
 */
export function latestHeadKey(r: Reader): KeyObject | undefined {
  const sizes = r
    .prepare('SELECT tree_size FROM tree_heads ORDER BY tree_size DESC LIMIT 2')
    .pluck()
    .all() as number[];
  const previous = sizes[1] ?? 0;
  const chain = loadKeyChain(r);
  const key = [...chain].reverse().find((k) => k.seq <= previous) ?? chain[0];
  return key && publicKeyOf(key);
}
