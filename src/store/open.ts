import Database from 'better-sqlite3';
import { closeSync, fchmodSync, openSync } from 'node:fs';
import { join } from 'node:path';
import { EnvironmentError, EvidError, StoreMissingError } from '../errors.js';
import { DB_FILE, ensureDataDir, environmentError, requireStoreFile } from './data-dir.js';
import { LATEST_VERSION, MIGRATIONS } from './migrations/index.js';

export type Db = Database.Database;

export { DB_FILE };

/** How long a writer waits for another process's transaction before giving up. */
const BUSY_BUDGET_MS = 60_000;

/**
 * Opens the store's SQLite file with the pragmas every process uses: WAL so readers never
 * block the writer, a busy timeout so writers queue instead of failing, synchronous=NORMAL
 * (durable across process crashes; WAL keeps it consistent on power loss), foreign keys on.
 *
 * Writable (the default): creates the data directory and the database (mode 0600, which
 * SQLite gives its -wal and -shm files too) when missing, and applies pending migrations.
 * Read-only: SQLite's read-only mode on an existing store; creates nothing, migrates
 * nothing, and a missing store or an older schema is an error (StoreMissingError).
 */
export function openDatabase(dataDir: string, options: { readonly?: boolean } = {}): Db {
  const path = options.readonly ? requireStoreFile(dataDir) : createStoreFile(dataDir);
  let db: Db;
  try {
    db = new Database(path, {
      timeout: BUSY_BUDGET_MS,
      readonly: Boolean(options.readonly),
      fileMustExist: true,
    });
    // Only a database with no pages yet can take it (before WAL writes the header): lets
    // retention hand freed pages back to the file system (vacuum.ts). Older stores keep
    // auto_vacuum off; docs/operations.md says what is reclaimed there.
    if (!options.readonly && db.pragma('page_count', { simple: true }) === 0) {
      db.pragma('auto_vacuum = INCREMENTAL');
    }
    if (!options.readonly) withBusyRetry(() => db.pragma('journal_mode = WAL'));
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    db.pragma('cache_size = -65536');
  } catch (err) {
    throw storeError('open store', path, err);
  }
  if (!options.readonly) {
    try {
      migrate(db);
    } catch (err) {
      db.close();
      throw storeError('upgrade store', path, err);
    }
  } else if (userVersion(db) < LATEST_VERSION) {
    const version = userVersion(db);
    db.close();
    throw new StoreMissingError(
      `store ${path} has schema version ${version}, older than this program's ${LATEST_VERSION}: run \`evid status\` once to upgrade it`,
    );
  }
  return db;
}

/** The database path, creating the directory and an empty database file (0600) if missing. */
function createStoreFile(dataDir: string): string {
  ensureDataDir(dataDir);
  const path = join(dataDir, DB_FILE);
  let fd: number;
  try {
    fd = openSync(path, 'wx', 0o600);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return path;
    throw environmentError('create store', path, err);
  }
  try {
    fchmodSync(fd, 0o600); // whatever the umask
  } finally {
    closeSync(fd);
  }
  return path;
}

/** SQLite's environment failures (read-only file, cannot open, disk full, I/O) as EnvironmentError. */
export function storeError(doing: string, path: string, err: unknown): Error {
  if (err instanceof EvidError) return err;
  const code = String((err as { code?: string }).code ?? '');
  if (/^SQLITE_(NOTADB|CORRUPT)/.test(code)) {
    return new EvidError(`cannot ${doing} ${path}: not an intact SQLite database (${code})`, {
      path,
      cause: code,
    });
  }
  const environment =
    /^SQLITE_(READONLY|CANTOPEN|FULL|IOERR|PERM|AUTH)/.test(code) || /^E[A-Z]+$/.test(code);
  if (!environment) return err as Error;
  return new EnvironmentError(`cannot ${doing} ${path}: ${(err as Error).message} (${code})`, {
    path,
    cause: code,
  });
}

function userVersion(db: Db): number {
  return db.pragma('user_version', { simple: true }) as number;
}

/** Applies pending migrations; safe when several processes open a fresh store at once. */
function migrate(db: Db): void {
  if (userVersion(db) >= LATEST_VERSION) return;
  withBusyRetry(() => {
    db.exec('BEGIN IMMEDIATE');
    try {
      // Re-read inside the write lock: another process may have migrated meanwhile.
      const current = userVersion(db);
      if (current > LATEST_VERSION) {
        throw new EvidError(
          `store schema version ${current} is newer than this program understands (${LATEST_VERSION}); upgrade evid`,
        );
      }
      for (const m of MIGRATIONS) {
        if (m.version <= current) continue;
        db.exec(m.up);
        db.pragma(`user_version = ${m.version}`);
      }
      db.exec('COMMIT');
    } catch (err) {
      if (db.inTransaction) db.exec('ROLLBACK');
      throw err;
    }
  });
}

function isBusy(err: unknown): boolean {
  const code = (err as { code?: string }).code;
  return code === 'SQLITE_BUSY' || code === 'SQLITE_BUSY_SNAPSHOT' || code === 'SQLITE_LOCKED';
}

/**
 * The one busy-retry helper (callers never retry). better-sqlite3's busy timeout covers most
 * waits; this catches the cases SQLite reports immediately (e.g. switching to WAL while
 * another connection holds a lock) and backs off with jitter.
 */
export function withBusyRetry<T>(fn: () => T): T {
  const deadline = Date.now() + BUSY_BUDGET_MS;
  let delay = 5;
  for (;;) {
    try {
      return fn();
    } catch (err) {
      if (!isBusy(err) || Date.now() > deadline) throw err;
      sleepSync(delay + Math.random() * delay);
      delay = Math.min(delay * 2, 250);
    }
  }
}

const sleeper = new Int32Array(new SharedArrayBuffer(4));
function sleepSync(ms: number): void {
  Atomics.wait(sleeper, 0, 0, ms);
}
