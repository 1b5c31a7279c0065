import Database from 'better-sqlite3';
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Copies a (closed) data dir so each tampering case starts from the same intact store. */
export function copyDataDir(dir: string): string {
  const copy = mkdtempSync(join(tmpdir(), 'evid-tamper-'));
  cpSync(dir, copy, { recursive: true });
  return copy;
}

/** Runs raw SQL against a store, as an attacker with file access would (sqlite3 CLI style). */
export function withDb<T>(dir: string, fn: (db: Database.Database) => T): T {
  const db = new Database(join(dir, 'evid.db'));
  try {
    return fn(db);
  } finally {
    db.close();
  }
}
