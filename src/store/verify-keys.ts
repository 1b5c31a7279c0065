/**
 * The trust part of `audit verify`: which key must have signed each stored tree head, and
 * whether that key chain is the one the caller trusts.
 *
 * Tree heads are transaction boundaries: the head of size h_i seals the entries
 * (h_{i-1}, h_i]. It must be signed by the key named by the latest `ledger.key` entry at or
 * before h_{i-1}, i.e. one committed by an earlier transaction; heads before the first key
 * entry (a store written before keys were ledgered) belong to the first key. So a rotation
 * entry is sealed by its predecessor, and a key can only enter the chain with the
 * signature of the key before it. Every head is checked, not only the latest.
 *
 * Threat assumption: every row is attacker-editable, the key file too. What the store
 * cannot prove alone is that the whole history was not rebuilt and re-signed by someone
 * holding the key; a pinned fingerprint (any key of the chain, usually the first) rules out
 * a new key, a saved checkpoint rules out a rewrite with the same key (verify-checkpoint.ts).
 */
import type { KeyObject } from 'node:crypto';
import { keyFingerprint, verifyCheckpoint } from '../ledger/tree-head.js';
import type { TreeHeadRow } from './ledger-writer.js';
import { publicKeyOf, type ChainKey } from './ledger-keys.js';
import { Failure } from './verify-failure.js';

/** What the caller trusts, from outside the data directory. */
export interface LedgerTrust {
  /** A fingerprint (SHA-256 of the raw Ed25519 key, hex) the store's key chain must hold. */
  pin?: { fingerprint: string; source: 'fingerprint' | 'key' | 'env' };
  /**
   * For stores written before keys were ledgered (no key chain yet): the key their heads
   * must verify with. The CLI passes the pinned key, else the key file's public half.
   */
  legacyKey?: KeyObject;
}

export interface KeySummary {
  seq: number;
  fingerprint: string;
  previous_fingerprint: string | null;
  reason: string;
}

export interface KeyCheck {
  /** The store's trust root: its first key (null for an empty ledger). */
  first: string | null;
  current: string | null;
  keys: KeySummary[];
  failure?: Failure;
}

/** Checks the chain's links, every tree head's signature, and the pin. */
export function checkKeys(
  chain: readonly ChainKey[],
  heads: readonly TreeHeadRow[],
  origin: string,
  trust: LedgerTrust,
): KeyCheck {
  const keys = chain.map((k) => ({
    seq: k.seq,
    fingerprint: k.fingerprint,
    previous_fingerprint: k.previous_fingerprint,
    reason: k.reason,
  }));
  const result = (failure?: Failure, legacy?: string | null): KeyCheck => {
    const first = keys[0]?.fingerprint ?? legacy ?? null;
    return {
      first,
      current: keys[keys.length - 1]?.fingerprint ?? first,
      keys,
      ...(failure ? { failure } : {}),
    };
  };
  if (heads.length === 0) {
    // Nothing signed: fine for a new store, but not where a key was pinned.
    return trust.pin
      ? result(
          new Failure(
            'untrusted_key',
            null,
            `the store's ledger is empty, but key ${trust.pin.fingerprint.slice(0, 16)} was pinned: the store was replaced or emptied`,
          ),
        )
      : result();
  }

  const publicKeys: KeyObject[] = [];
  for (const [i, k] of chain.entries()) {
    let key: KeyObject;
    try {
      key = publicKeyOf(k);
    } catch {
      return result(keyFailure(k, 'is not an Ed25519 public key'));
    }
    if (keyFingerprint(key) !== k.fingerprint) {
      return result(keyFailure(k, 'does not match its public key'));
    }
    const previous = i === 0 ? null : chain[i - 1]!.fingerprint;
    if (k.previous_fingerprint !== previous) {
      return result(
        keyFailure(k, `names ${k.previous_fingerprint ?? 'no key'} as its predecessor`),
      );
    }
    publicKeys.push(key);
  }
  if (chain.length === 0 && !trust.legacyKey) {
    return result(
      new Failure('key', 1, 'the ledger names no signing key and none was given to check it with'),
    );
  }
  const legacyFingerprint = trust.legacyKey ? keyFingerprint(trust.legacyKey) : null;
  let k = 0;
  let previousSize = 0;
  for (const head of heads) {
    while (k + 1 < chain.length && chain[k + 1]!.seq <= previousSize) k++;
    const key = chain.length ? publicKeys[k]! : trust.legacyKey!;
    try {
      const note = verifyCheckpoint(head.checkpoint, origin, key);
      if (note.size !== head.tree_size || note.root.toString('hex') !== head.root_hash) {
        return result(
          new Failure(
            'signature',
            head.tree_size,
            `the signed checkpoint at size ${head.tree_size} does not match the stored tree head`,
          ),
          legacyFingerprint,
        );
      }
    } catch (err) {
      const fp = chain.length ? chain[k]!.fingerprint : legacyFingerprint!;
      return result(
        new Failure(
          'signature',
          head.tree_size,
          `tree head at size ${head.tree_size} is not signed by the key that was current then (${fp.slice(0, 16)}): ${(err as Error).message}`,
        ),
        legacyFingerprint,
      );
    }
    previousSize = head.tree_size;
  }
  if (trust.pin) {
    const known = chain.length ? chain.map((c) => c.fingerprint) : [legacyFingerprint!];
    if (!known.includes(trust.pin.fingerprint)) {
      return result(
        new Failure(
          'untrusted_key',
          null,
          `the store's ledger keys (${known.map((f) => f.slice(0, 16)).join(' -> ')}) do not include the pinned key ${trust.pin.fingerprint.slice(0, 16)} (from --${trust.pin.source === 'env' ? 'fingerprint via EVID_TRUST_FINGERPRINT' : trust.pin.source}): the history was signed with another key`,
        ),
        chain.length ? undefined : legacyFingerprint,
      );
    }
  }
  return chain.length ? result() : result(undefined, legacyFingerprint);
}

function keyFailure(k: ChainKey, what: string): Failure {
  return new Failure(
    'key',
    k.seq,
    `ledger key ${k.fingerprint.slice(0, 16)} (entry ${k.seq}) ${what}`,
    { seq: k.seq, kind: 'ledger.key', subject_id: k.fingerprint },
  );
}
