/**
 * The SQLite side of `evid admin backup` and `restore` (src/admin/backup.ts): a consistent
 * copy of a live store through SQLite's online backup API, and what a copy says about
 * itself (schema, store id, latest signed tree head, key chain).
 *
 * Why one step: the backup API copies pages in steps and, when another connection (a
 * server in another process) writes between two steps, starts over. With small steps a
 * busy server could keep a backup restarting for ever; one step copies every page inside
 * one read transaction, which in WAL mode never blocks the writers, and yields exactly the
 * state of one committed transaction.
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { ConflictError } from '../errors.js';
import { DB_FILE } from './data-dir.js';
import { Store } from './store.js';
import { loadKeyChain } from './ledger-keys.js';

export async function copyDatabase(store: Store, dest: string): Promise<void> {
  await store.db.backup(dest, { progress: () => 0x7fffffff });
}

export interface CopyDescription {
  schema_version: number;
  store_id: string | null;
  tree_head: { tree_size: number; root_hash: string; signed_at: string; checkpoint: string } | null;
  /** The store's trust root (its first ledger key) and its current key. */
  first_key_fingerprint: string | null;
  current_key_fingerprint: string | null;
}

/** Reads a store directory read-only (nothing is created, migrated or written). */
export function describeStoreDir(dataDir: string): CopyDescription {
  const store = new Store({ dataDir, actor: 'backup', readonly: true });
  try {
    return store.read((r) => {
      const head = store.latestTreeHead();
      const chain = loadKeyChain(r);
      const id = r.prepare("SELECT value FROM meta WHERE key = 'store_id'").pluck().get() as
        string | undefined;
      return {
        schema_version: store.db.pragma('user_version', { simple: true }) as number,
        store_id: id ?? null,
        tree_head: head
          ? {
              tree_size: head.tree_size,
              root_hash: head.root_hash,
              signed_at: head.signed_at,
              checkpoint: head.checkpoint,
            }
          : null,
        first_key_fingerprint: chain[0]?.fingerprint ?? null,
        current_key_fingerprint: chain[chain.length - 1]?.fingerprint ?? null,
      };
    });
  } finally {
    store.close();
  }
}

/**
 * Throws ConflictError when some process (a server, a CLI command) has the store in `dir`
 * open. Leaving WAL mode needs the only connection to the database, so the attempt, made
 * without waiting, fails exactly when another one exists; the store is about to be
 * replaced, so switching its journal mode changes nothing that matters.
 */
export function assertStoreIdle(dir: string): void {
  let db: Database.Database | undefined;
  try {
    db = new Database(join(dir, DB_FILE), { timeout: 0, fileMustExist: true });
    const mode = db.pragma('journal_mode = DELETE', { simple: true });
    if (mode !== 'delete') throw Object.assign(new Error('busy'), { code: 'SQLITE_BUSY' });
  } catch (err) {
    const code = String((err as { code?: string }).code ?? '');
    if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) {
      throw new ConflictError(
        `the store in ${dir} is in use (a server or another command has it open): stop it before restoring over it`,
        { path: dir },
      );
    }
    if (code.startsWith('SQLITE_NOTADB') || code.startsWith('SQLITE_CORRUPT')) return; // nothing to protect
    throw err;
  } finally {
    db?.close();
  }
}
