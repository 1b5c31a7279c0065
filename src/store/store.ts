import type { Statement } from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { LedgerWriter, type LedgerTip, type TreeHeadRow } from './ledger-writer.js';
import { openDatabase, withBusyRetry, type Db } from './open.js';
import type { Signer } from './signer.js';

/** Read access: queries see one consistent snapshot for the duration of `read(fn)`. */
export class Reader {
  /** Shared by the store's reader and every transactor: statements are prepared once. */
  constructor(
    readonly db: Db,
    private readonly statements: Map<string, Statement> = new Map(),
  ) {}

  /** A cached prepared statement: SQL is always parameterised, never interpolated. */
  prepare(sql: string): Statement {
    let stmt = this.statements.get(sql);
    if (!stmt) {
      stmt = this.db.prepare(sql);
      this.statements.set(sql, stmt);
    }
    return stmt;
  }
}

/** Write access. Only a Transactor can append to the ledger, so every write is ledgered. */
export class Transactor extends Reader {
  constructor(
    db: Db,
    readonly ledger: LedgerWriter,
    readonly now: () => string,
    readonly actor: string,
    statements?: Map<string, Statement>,
  ) {
    super(db, statements);
  }
}

export interface StoreOptions {
  dataDir: string;
  actor: string;
  /** Lazily made: read-only commands never load or create the signing key. */
  signer: () => Signer;
  now?: () => Date;
}

export class Store {
  readonly db: Db;
  readonly origin: string;
  private readonly reader: Reader;
  private readonly statements = new Map<string, Statement>();
  private readonly now: () => Date;
  private readonly prepare = (sql: string): Statement => this.reader.prepare(sql);
  /** Where this connection's last committed transaction left the ledger (see LedgerTip). */
  private tip: LedgerTip | undefined;

  constructor(private readonly options: StoreOptions) {
    this.db = openDatabase(options.dataDir);
    this.now = options.now ?? (() => new Date());
    this.reader = new Reader(this.db, this.statements);
    this.origin = `evid/${this.storeId()}`;
  }

  get dataDir(): string {
    return this.options.dataDir;
  }

  read<T>(fn: (r: Reader) => T): T {
    // Inside a write transaction, its snapshot already holds.
    if (this.db.inTransaction) return fn(this.reader);
    // A deferred transaction pins one WAL snapshot, so multi-query reads are consistent.
    // Cached BEGIN/COMMIT statements: db.transaction(fn) builds a wrapper per call, about
    // 20 us, as much as a small query.
    this.reader.prepare('BEGIN').run();
    try {
      const result = fn(this.reader);
      this.reader.prepare('COMMIT').run();
      return result;
    } finally {
      if (this.db.inTransaction) this.reader.prepare('ROLLBACK').run();
    }
  }

  /**
   * Runs `fn` in one IMMEDIATE transaction (the write lock is taken up front, so concurrent
   * writers queue instead of failing on upgrade). Ledger entries appended through
   * `tx.ledger` are sealed by a signed tree head before COMMIT; a throw rolls back all.
   */
  transact<T>(fn: (tx: Transactor) => T, actor: string = this.options.actor): T {
    const signer = this.options.signer();
    const nowIso = (): string => this.now().toISOString();
    return withBusyRetry(() => {
      this.prepare('BEGIN IMMEDIATE').run();
      try {
        const ledger = new LedgerWriter(this.prepare, actor, nowIso, this.tip);
        const tx = new Transactor(this.db, ledger, nowIso, actor, this.statements);
        const result = fn(tx);
        ledger.seal(signer, this.origin);
        this.prepare('COMMIT').run();
        this.tip = ledger.tip();
        return result;
      } catch (err) {
        if (this.db.inTransaction) this.prepare('ROLLBACK').run();
        throw err;
      }
    });
  }

  latestTreeHead(): TreeHeadRow | undefined {
    return this.reader.prepare('SELECT * FROM tree_heads ORDER BY tree_size DESC LIMIT 1').get() as
      TreeHeadRow | undefined;
  }

  close(): void {
    if (this.db.open) this.db.close();
  }

  private storeId(): string {
    const get = this.db.prepare("SELECT value FROM meta WHERE key = 'store_id'");
    const row = get.get() as { value: string } | undefined;
    if (row) return row.value;
    withBusyRetry(() =>
      this.db
        .prepare(
          "INSERT OR IGNORE INTO meta (key, value) VALUES ('store_id', ?), ('created_at', ?)",
        )
        .run(randomUUID(), new Date().toISOString()),
    );
    return (get.get() as { value: string }).value;
  }
}
