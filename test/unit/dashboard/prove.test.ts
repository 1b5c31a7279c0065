import { describe, expect, it } from 'vitest';
import { entryLeafHash, type LedgerEntry } from '../../../src/ledger/entry.js';
import { MerkleTree } from '../../../src/ledger/tree.js';
import { checkProofs, leafJson, type SubjectProofs } from '../../../web/src/prove.js';
import { entryLeafJson } from '../../../src/ledger/entry.js';

const entry = (seq: number): LedgerEntry => ({
  seq,
  kind: seq % 2 ? 'event.ingested' : 'finding.created',
  subject_id: `ev_${seq}`,
  digest: seq.toString(16).padStart(64, '0'),
  recorded_at: `2026-11-25T10:00:${String(seq % 60).padStart(2, '0')}.000Z`,
  actor: seq % 3 ? 'cli:root' : 'user:ana@example.com "quoted" \u00e9',
});

/** What GET /api/v1/ledger/proof answers, built here from the server's own tree code. */
function proofsOf(size: number, seqs: number[]): SubjectProofs {
  const entries = Array.from({ length: size }, (_, i) => entry(i + 1));
  const tree = new MerkleTree(entries.map(entryLeafHash));
  return {
    subject_id: 'x',
    tree_head: {
      tree_size: size,
      root_hash: tree.root(size).toString('hex'),
      signed_at: '',
      checkpoint: '',
    },
    entries: seqs.map((seq) => ({
      entry: entries[seq - 1]!,
      leaf_json: entryLeafJson(entries[seq - 1]!),
      leaf_index: seq - 1,
      proof: tree.inclusionProofHex(seq - 1, size),
    })),
  };
}

describe("the dashboard's prove-it check (Web Crypto)", () => {
  it('encodes leaves exactly as the ledger does (RFC 8785)', () => {
    for (let seq = 1; seq <= 7; seq++) expect(leafJson(entry(seq))).toBe(entryLeafJson(entry(seq)));
  });

  it('accepts every inclusion proof of trees of many sizes', async () => {
    for (const size of [1, 2, 3, 5, 8, 13, 64, 100]) {
      const seqs = [...new Set([1, size, Math.ceil(size / 2), Math.max(1, size - 1)])];
      const checks = await checkProofs(proofsOf(size, seqs));
      expect(
        checks.map((c) => c.ok),
        `size ${size}`,
      ).toEqual(seqs.map(() => true));
    }
  });

  it('refuses an altered entry, an altered path, a wrong index and another root', async () => {
    const altered = proofsOf(13, [6]);
    altered.entries[0]!.entry = { ...altered.entries[0]!.entry, actor: 'someone else' };
    const path = proofsOf(13, [6]);
    path.entries[0]!.proof[1] = path.entries[0]!.proof[1]!.replace(/^./, (c) =>
      c === '0' ? '1' : '0',
    );
    const index = proofsOf(13, [6]);
    index.entries[0]!.leaf_index = 6;
    const root = proofsOf(13, [6]);
    root.tree_head.root_hash = proofsOf(12, [6]).tree_head.root_hash;
    const short = proofsOf(13, [6]);
    short.entries[0]!.proof.pop();
    for (const p of [altered, path, index, root, short]) {
      expect((await checkProofs(p))[0]!.ok).toBe(false);
    }
  });
});
