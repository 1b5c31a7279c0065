import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Frontier } from '../../../src/ledger/frontier.js';
import { EMPTY_ROOT, hashLeaf } from '../../../src/ledger/hasher.js';
import { MerkleTree, rootFromLeaves } from '../../../src/ledger/tree.js';
import { naiveRoot } from '../../support/naive-merkle.js';

interface KnownAnswers {
  empty_root: string;
  leaves: string[];
  roots: { size: number; root: string }[];
}

const vectors = JSON.parse(
  readFileSync(new URL('../../vectors/merkle/rfc6962-known-answers.json', import.meta.url), 'utf8'),
) as KnownAnswers;
const entries = vectors.leaves.map((hex) => Buffer.from(hex, 'hex'));
const leafHashes = entries.map(hashLeaf);

describe('RFC 6962 known answers (test/vectors/merkle)', () => {
  it('has the empty root SHA-256("") everywhere', () => {
    expect(EMPTY_ROOT.toString('hex')).toBe(vectors.empty_root);
    expect(Frontier.empty().root().toString('hex')).toBe(vectors.empty_root);
    expect(rootFromLeaves([]).toString('hex')).toBe(vectors.empty_root);
    expect(new MerkleTree([]).root().toString('hex')).toBe(vectors.empty_root);
    expect(new MerkleTree(leafHashes).root(0).toString('hex')).toBe(vectors.empty_root);
  });

  it.each(vectors.roots)(
    'size $size: frontier, rootFromLeaves, MerkleTree and naive agree',
    ({ size, root }) => {
      const frontier = Frontier.empty();
      for (const leafHash of leafHashes.slice(0, size)) frontier.append(leafHash);
      expect(frontier.root().toString('hex')).toBe(root);
      expect(rootFromLeaves(leafHashes.slice(0, size)).toString('hex')).toBe(root);
      expect(new MerkleTree(leafHashes).root(size).toString('hex')).toBe(root);
      expect(new MerkleTree(leafHashes.slice(0, size)).root().toString('hex')).toBe(root);
      expect(naiveRoot(entries.slice(0, size)).toString('hex')).toBe(root);
    },
  );
});
