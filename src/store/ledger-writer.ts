import type { Statement } from 'better-sqlite3';
import { canonicalDigest } from '../ledger/jcs.js';
import { CHAIN_GENESIS, nextChain } from '../ledger/chain.js';
import { Frontier } from '../ledger/frontier.js';
import { entryLeafHash, type LedgerEntry } from '../ledger/entry.js';
import type { Db } from './open.js';
import type { Signer } from './signer.js';

export interface TreeHeadRow {
  tree_size: number;
  root_hash: string;
  chain_head: string;
  signed_at: string;
  checkpoint: string;
  frontier: string;
}

/**
 * Appends entries inside one write transaction. It starts from the latest signed tree head
 * (read under the write lock, so two processes can never fork the chain) and, at commit,
 * signs and stores the new tree head in the same transaction.
 */
export class LedgerWriter {
  private frontier: Frontier;
  private chain: Buffer;
  private seq: number;
  private readonly startSize: number;
  private readonly insert: Statement;

  constructor(
    private readonly db: Db,
    private readonly actor: string,
    private readonly now: () => string,
  ) {
    const head = latestTreeHead(db);
    this.frontier = head ? Frontier.fromJSON(JSON.parse(head.frontier)) : Frontier.empty();
    this.chain = head ? Buffer.from(head.chain_head, 'hex') : CHAIN_GENESIS;
    this.seq = head ? head.tree_size : 0;
    this.startSize = this.seq;
    this.insert = db.prepare(
      'INSERT INTO ledger (seq, kind, subject_id, subject_ref, digest, recorded_at, actor, chain) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    );
  }

  /** Appends one leaf committing to `record` (hashed as RFC 8785 canonical JSON). */
  append(
    kind: string,
    subjectId: string,
    subjectRef: number | null,
    record: unknown,
    recordedAt: string = this.now(),
  ): LedgerEntry {
    const entry: LedgerEntry = {
      seq: this.seq + 1,
      kind,
      subject_id: subjectId,
      digest: canonicalDigest(record).toString('hex'),
      recorded_at: recordedAt,
      actor: this.actor,
    };
    const leaf = entryLeafHash(entry);
    const chain = nextChain(this.chain, leaf);
    this.insert.run(
      entry.seq,
      kind,
      subjectId,
      subjectRef,
      entry.digest,
      entry.recorded_at,
      entry.actor,
      chain.toString('hex'),
    );
    this.frontier.append(leaf);
    this.chain = chain;
    this.seq = entry.seq;
    return entry;
  }

  get appended(): number {
    return this.seq - this.startSize;
  }

  /** Signs and records the tree head covering everything appended; no-op when nothing was. */
  seal(signer: Signer, origin: string): TreeHeadRow | undefined {
    if (this.appended === 0) return undefined;
    const root = this.frontier.root();
    const row: TreeHeadRow = {
      tree_size: this.seq,
      root_hash: root.toString('hex'),
      chain_head: this.chain.toString('hex'),
      signed_at: this.now(),
      checkpoint: signer.sign(origin, this.seq, root),
      frontier: JSON.stringify(this.frontier.toJSON()),
    };
    this.db
      .prepare(
        'INSERT INTO tree_heads (tree_size, root_hash, chain_head, signed_at, checkpoint, frontier) VALUES (@tree_size, @root_hash, @chain_head, @signed_at, @checkpoint, @frontier)',
      )
      .run(row);
    return row;
  }
}

export function latestTreeHead(db: Db): TreeHeadRow | undefined {
  return db.prepare('SELECT * FROM tree_heads ORDER BY tree_size DESC LIMIT 1').get() as
    TreeHeadRow | undefined;
}
