import type { Statement } from 'better-sqlite3';
import { canonicalDigestHex } from '../ledger/jcs.js';
import { CHAIN_GENESIS, nextChainHex } from '../ledger/chain.js';
import { Frontier } from '../ledger/frontier.js';
import { HASH_SIZE } from '../ledger/hasher.js';
import { entryLeafJson, type LedgerEntry } from '../ledger/entry.js';
import { leafHashOfJson } from './ledger-leaves.js';
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
 * Where the ledger ended after a committed transaction: kept by the store so that the next
 * transaction need not re-read and re-validate the frontier JSON. Only valid while the
 * latest tree head still has this size and chain head (checked by the next writer, under
 * the write lock); the frontier is the writer's and must not be appended to (clone it).
 */
export interface LedgerTip {
  size: number;
  chainHead: string;
  frontier: Frontier;
}

const GENESIS_HEX = CHAIN_GENESIS.toString('hex');
const LATEST_FRONTIER = 'SELECT frontier FROM tree_heads ORDER BY tree_size DESC LIMIT 1';
const LATEST_TIP = 'SELECT tree_size, chain_head FROM tree_heads ORDER BY tree_size DESC LIMIT 1';
const INSERT_ENTRY =
  'INSERT INTO ledger (seq, kind, subject_id, subject_ref, digest, recorded_at, actor, chain) VALUES (?, ?, ?, ?, ?, ?, ?, ?)';
const INSERT_HEAD =
  'INSERT INTO tree_heads (tree_size, root_hash, chain_head, signed_at, checkpoint, frontier) VALUES (@tree_size, @root_hash, @chain_head, @signed_at, @checkpoint, @frontier)';

/**
 * Appends entries inside one write transaction. It starts from the latest signed tree head
 * (read under the write lock, so two processes can never fork the chain) and, at commit,
 * signs and stores the new tree head in the same transaction.
 *
 * Hot path (11 appends per ingested trace of 10 events): hashes stay strings (hex digest
 * and chain link, latin1 leaf hash), because one-shot hash() returning a string costs a
 * third of one returning a Buffer on Node 20; only the frontier keeps Buffers.
 */
export class LedgerWriter {
  private readonly frontier: Frontier;
  private chain: string;
  private seq: number;
  private readonly startSize: number;
  private readonly insert: Statement;
  /** The leaf hash handed to the frontier, which copies what it keeps. */
  private readonly leaf = Buffer.alloc(HASH_SIZE);

  /**
   * `prepare` is the store's statement cache. `tip` is where the previous transaction of
   * this connection left the ledger: used only if the latest tree head still matches it
   * (the chain head commits to every leaf, so an equal one means an equal frontier).
   */
  constructor(
    private readonly prepare: (sql: string) => Statement,
    private readonly actor: string,
    private readonly now: () => string,
    tip?: LedgerTip,
  ) {
    const latest = prepare(LATEST_TIP).get() as
      Pick<TreeHeadRow, 'tree_size' | 'chain_head'> | undefined;
    if (!latest) {
      this.frontier = Frontier.empty();
      this.chain = GENESIS_HEX;
      this.seq = 0;
    } else {
      const cached =
        tip && tip.size === latest.tree_size && tip.chainHead === latest.chain_head
          ? tip.frontier.clone()
          : undefined;
      this.frontier = cached ?? Frontier.fromJSON(JSON.parse(this.latestFrontier()));
      this.chain = latest.chain_head;
      this.seq = latest.tree_size;
    }
    this.startSize = this.seq;
    this.insert = prepare(INSERT_ENTRY);
  }

  private latestFrontier(): string {
    return (this.prepare(LATEST_FRONTIER).get() as Pick<TreeHeadRow, 'frontier'>).frontier;
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
      digest: canonicalDigestHex(record),
      recorded_at: recordedAt,
      actor: this.actor,
    };
    const leaf = leafHashOfJson(entryLeafJson(entry));
    const chain = nextChainHex(this.chain, leaf);
    this.insert.run(
      entry.seq,
      kind,
      subjectId,
      subjectRef,
      entry.digest,
      entry.recorded_at,
      entry.actor,
      chain,
    );
    this.leaf.write(leaf, 0, HASH_SIZE, 'latin1');
    this.frontier.append(this.leaf);
    this.chain = chain;
    this.seq = entry.seq;
    return entry;
  }

  /** The ledger's size with this transaction's entries so far. */
  get size(): number {
    return this.seq;
  }

  get appended(): number {
    return this.seq - this.startSize;
  }

  /** Where the ledger ends now (for the store to keep once the transaction commits). */
  tip(): LedgerTip {
    return { size: this.seq, chainHead: this.chain, frontier: this.frontier };
  }

  /** Signs and records the tree head covering everything appended; no-op when nothing was. */
  seal(signer: Signer, origin: string): TreeHeadRow | undefined {
    if (this.appended === 0) return undefined;
    const root = this.frontier.root();
    const row: TreeHeadRow = {
      tree_size: this.seq,
      root_hash: root.toString('hex'),
      chain_head: this.chain,
      signed_at: this.now(),
      checkpoint: signer.sign(origin, this.seq, root),
      frontier: JSON.stringify(this.frontier.toJSON()),
    };
    this.prepare(INSERT_HEAD).run(row);
    return row;
  }
}
