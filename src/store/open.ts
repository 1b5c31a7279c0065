import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { EvidError, InternalError } from '../errors.js';
import { LATEST_VERSION, MIGRATIONS } from './migrations/index.js';

export type Db = Database.Database;

export const DB_FILE = 'evid.db';

/** How long a writer waits for another process's transaction before giving up. */
const BUSY_BUDGET_MS = 60_000;

/**
 * Opens (creating if needed) the store's SQLite file with the pragmas every process uses:
 * WAL so readers never block the writer, a busy timeout so writers queue instead of
 * failing, synchronous=NORMAL (durable across process crashes; WAL keeps it consistent on
 * power loss), foreign keys on. Applies pending migrations.
 */
export function openDatabase(dataDir: string, options: { readonly?: boolean } = {}): Db {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const path = join(dataDir, DB_FILE);
  let db: Db;
  try {
    db = new Database(path, { timeout: BUSY_BUDGET_MS });
  } catch (err) {
    throw new InternalError(`cannot open store ${path}: ${(err as Error).message}`, undefined, {
      cause: err,
    });
  }
  withBusyRetry(() => db.pragma('journal_mode = WAL'));
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('cache_size = -65536');
  if (!options.readonly) migrate(db);
  else if (userVersion(db) < LATEST_VERSION) migrate(db);
  return db;
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
