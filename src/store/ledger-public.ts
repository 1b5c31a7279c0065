/**
 * What a store publishes for verifiers who do not trust its directory: the ledger's public
 * keys and its latest signed checkpoint. Read from the ledger (never from the key file), so
 * a key file swapped by hand cannot be handed out as the store's.
 */
import { NotFoundError } from '../errors.js';
import { formatVerifierKey } from '../ledger/signed-note.js';
import { loadKeyChain, publicKeyOf } from './ledger-keys.js';
import type { Reader } from './store.js';

export interface LedgerPublicKeys {
  /** The current key's fingerprint and SPKI PEM. */
  fingerprint: string;
  pem: string;
  /** The C2SP verifier key string (`<name>+<key id>+<base64>`) for note verifiers. */
  verifier_key: string;
  /** The store's first key: its trust root. */
  first_fingerprint: string;
  keys: Array<{ seq: number; fingerprint: string; reason: string; pem: string }>;
}

export function ledgerPublicKeys(r: Reader, origin: string): LedgerPublicKeys {
  const chain = loadKeyChain(r);
  if (chain.length === 0) {
    throw new NotFoundError('the ledger names no key yet (nothing has been written to this store)');
  }
  const keys = chain.map((k) => ({
    seq: k.seq,
    fingerprint: k.fingerprint,
    reason: k.reason,
    pem: publicKeyOf(k).export({ type: 'spki', format: 'pem' }).toString(),
  }));
  const current = keys[keys.length - 1]!;
  return {
    fingerprint: current.fingerprint,
    pem: current.pem,
    verifier_key: formatVerifierKey(origin, publicKeyOf(chain[chain.length - 1]!)),
    first_fingerprint: keys[0]!.fingerprint,
    keys,
  };
}

export interface LatestCheckpoint {
  origin: string;
  tree_size: number;
  root_hash: string;
  signed_at: string;
  checkpoint: string;
}

export function latestCheckpoint(r: Reader, origin: string): LatestCheckpoint {
  const head = r
    .prepare(
      'SELECT tree_size, root_hash, signed_at, checkpoint FROM tree_heads ORDER BY tree_size DESC LIMIT 1',
    )
    .get() as Omit<LatestCheckpoint, 'origin'> | undefined;
  if (!head) throw new NotFoundError('no signed tree head yet (nothing has been written)');
  return { origin, ...head };
}
