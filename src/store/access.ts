// The two kinds of store access (DESIGN: store access through read()/transact()). Apart from
// store.ts so that modules the store itself uses (the ledger key's) can name them without
// importing the store.
import type { Statement } from 'better-sqlite3';
import type { LedgerWriter } from './ledger-writer.js';
import type { Db } from './open.js';

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
