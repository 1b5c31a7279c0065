import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CHAIN_GENESIS, foldChain, nextChain, nextChainHex } from '../../../src/ledger/chain.js';
import { hashLeaf } from '../../../src/ledger/hasher.js';
import { testEntries } from '../../support/naive-merkle.js';

const leaves = testEntries(5).map(hashLeaf);

describe('hash chain', () => {
  it('starts from 32 zero bytes and links SHA-256(prev || leaf)', () => {
    expect(CHAIN_GENESIS).toEqual(Buffer.alloc(32));
    const first = nextChain(CHAIN_GENESIS, leaves[0]);
    expect(first).toEqual(createHash('sha256').update(Buffer.alloc(32)).update(leaves[0]).digest());
    expect(nextChain(first, leaves[1])).toEqual(
      createHash('sha256').update(first).update(leaves[1]).digest(),
    );
  });

  it('folds a sequence, and any edit, swap, insertion or deletion changes the head', () => {
    const head = foldChain(leaves).toString('hex');
    expect(foldChain(leaves.slice(3), foldChain(leaves.slice(0, 3))).toString('hex')).toBe(head);
    const variants = [
      [leaves[1], leaves[0], ...leaves.slice(2)],
      [...leaves.slice(0, 2), ...leaves.slice(3)],
      [...leaves.slice(0, 2), leaves[4], ...leaves.slice(2)],
      [...leaves.slice(0, 4), hashLeaf(Buffer.from('x'))],
    ];
    for (const variant of variants) expect(foldChain(variant).toString('hex')).not.toBe(head);
  });

  it('refuses links and leaves that are not 32-byte hashes', () => {
    expect(() => nextChain(Buffer.alloc(31), leaves[0])).toThrow(RangeError);
    expect(() => nextChain(CHAIN_GENESIS, Buffer.alloc(0))).toThrow(RangeError);
    const leaf = leaves[0].toString('latin1');
    expect(() => nextChainHex('00'.repeat(31), leaf)).toThrow(RangeError);
    expect(() => nextChainHex('zz'.repeat(32), leaf)).toThrow(RangeError);
    expect(() => nextChainHex(CHAIN_GENESIS.toString('hex'), leaf.slice(1))).toThrow(RangeError);
  });

  it('gives the same links on strings (hex link, latin1 leaf) as on Buffers', () => {
    let link = CHAIN_GENESIS;
    let hex = CHAIN_GENESIS.toString('hex');
    for (const leaf of leaves) {
      link = nextChain(link, leaf);
      hex = nextChainHex(hex, leaf.toString('latin1'));
      expect(hex).toBe(link.toString('hex'));
    }
  });
});
