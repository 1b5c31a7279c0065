import type { Statement } from 'better-sqlite3';
import { nodeCrypto } from '../lazy-crypto.js';
import { join } from 'node:path';
import { InternalError, StoreMissingError } from '../errors.js';
import { DB_FILE, dataDirPermissionWarning, requireStoreFile } from './data-dir.js';
import { prepareSigner } from './ledger-keys.js';
import { Reader, Transactor } from './access.js';
import { LedgerWriter, type LedgerTip, type TreeHeadRow } from './ledger-writer.js';
import { openDatabase, storeError, withBusyRetry, type Db } from './open.js';
import type { Signer } from './signer.js';

export { Reader, Transactor };

export interface StoreOptions {
  dataDir: string;
  actor: string;
  now?: () => Date;
  /**
   * SQLite's read-only mode (audit verify): never creates, migrates or writes anything, and
   * a missing store is an error.
   */
  readonly?: boolean;
  /** The first write may create the store (default). False: a missing store is an error. */
  create?: boolean;
  /** Operator quotas checked before intake (src/admin/quota.ts); none by default. */
  quotas?: { store_bytes?: number; events?: number };
}

export class Store {
  private connection: { db: Db; reader: Reader; origin: string } | undefined;
  private readonly statements = new Map<string, Statement>();
  private readonly now: () => Date;
  private readonly prepare = (sql: string): Statement => this.open().reader.prepare(sql);
  /** Where this connection's last committed transaction left the ledger (see LedgerTip). */
  private tip: LedgerTip | undefined;
  /** The signer of this connection's last transaction, reused while the ledger names it. */
  private signer: Signer | undefined;
  /** Set when the data directory is readable by others: the CLI prints it once. */
  warning: string | undefined;

  constructor(private readonly options: StoreOptions) {
    this.now = options.now ?? (() => new Date());
  }

  get dataDir(): string {
    return this.options.dataDir;
  }

  get db(): Db {
    return this.open().db;
  }

  get origin(): string {
    return this.open().origin;
  }

  get quotas(): { store_bytes?: number; events?: number } {
    return this.options.quotas ?? {};
  }

  get readonly(): boolean {
    return Boolean(this.options.readonly);
  }

  /**
   * The connection, opened on first use. A store that may be created (a writing command, a
   * server) makes the directory and database if missing; any other use of a missing store
   * is a StoreMissingError.
   */
  private open(): { db: Db; reader: Reader; origin: string } {
    if (this.connection) return this.connection;
    const { dataDir } = this.options;
    if (this.options.create === false || this.options.readonly) requireStoreFile(dataDir);
    const db = openDatabase(dataDir, { readonly: this.options.readonly });
    const reader = new Reader(db, this.statements);
    this.connection = { db, reader, origin: `evid/${this.storeId(db)}` };
    this.warning = dataDirPermissionWarning(dataDir);
    return this.connection;
  }

  read<T>(fn: (r: Reader) => T): T {
    const { db, reader } = this.open();
    // Inside a write transaction, its snapshot already holds.
    if (db.inTransaction) return fn(reader);
    // A deferred transaction pins one WAL snapshot, so multi-query reads are consistent.
    // Cached BEGIN/COMMIT statements: db.transaction(fn) builds a wrapper per call, about
    // 20 us, as much as a small query.
    reader.prepare('BEGIN').run();
    try {
      const result = fn(reader);
      reader.prepare('COMMIT').run();
      return result;
    } finally {
      if (db.inTransaction) reader.prepare('ROLLBACK').run();
    }
  }

  /**
   * Runs `fn` in one IMMEDIATE transaction (the write lock is taken up front, so concurrent
   * writers queue instead of failing on upgrade). The signing key is checked against the
   * ledger first (ledger-keys.ts). Ledger entries appended through `tx.ledger` are sealed
   * by a signed tree head before COMMIT; a throw rolls back all.
   */
  transact<T>(fn: (tx: Transactor) => T, actor: string = this.options.actor): T {
    if (this.options.readonly) throw new InternalError('transact() on a read-only store');
    const { db, origin } = this.open();
    const nowIso = (): string => this.now().toISOString();
    try {
      return withBusyRetry(() => {
        this.prepare('BEGIN IMMEDIATE').run();
        try {
          const ledger = new LedgerWriter(this.prepare, actor, nowIso, this.tip);
          const tx = new Transactor(db, ledger, nowIso, actor, this.statements);
          const signer = prepareSigner(tx, this.options.dataDir, origin, this.signer);
          const result = fn(tx);
          ledger.seal(signer, origin);
          this.prepare('COMMIT').run();
          this.tip = ledger.tip();
          this.signer = signer;
          return result;
        } catch (err) {
          if (db.inTransaction) this.prepare('ROLLBACK').run();
          throw err;
        }
      });
    } catch (err) {
      throw storeError('write to store', join(this.options.dataDir, DB_FILE), err);
    }
  }

  latestTreeHead(): TreeHeadRow | undefined {
    return this.prepare('SELECT * FROM tree_heads ORDER BY tree_size DESC LIMIT 1').get() as
      TreeHeadRow | undefined;
  }

  close(): void {
    if (this.connection?.db.open) this.connection.db.close();
    this.connection = undefined;
  }

  private storeId(db: Db): string {
    const get = db.prepare("SELECT value FROM meta WHERE key = 'store_id'");
    const row = get.get() as { value: string } | undefined;
    if (row) return row.value;
    if (this.options.readonly) {
      throw new StoreMissingError(`store ${join(this.options.dataDir, DB_FILE)} has no store id`);
    }
    withBusyRetry(() =>
      db
        .prepare(
          "INSERT OR IGNORE INTO meta (key, value) VALUES ('store_id', ?), ('created_at', ?)",
        )
        .run(nodeCrypto().randomUUID(), new Date().toISOString()),
    );
    return (get.get() as { value: string }).value;
  }
}
