/**
 * The data directory: created only by a command that writes, checked (never created) by
 * every command that reads. Environment failures (no permission, a path through a file, a
 * read-only or pseudo file system, a full disk) become one EnvironmentError naming the path
 * and the cause, never an "internal error" and never a loop: Node's recursive mkdirSync
 * retries forever on some pseudo file systems (`mkdir -p /proc/evid` spun at 100% CPU), so
 * parents are created here one at a time.
 */
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { EnvironmentError, StoreMissingError } from '../errors.js';
import { KEY_FILE_NAME } from '../ledger/keys.js';

export const DB_FILE = 'evid.db';

const CAUSES: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'read-only file system',
  ENOTDIR: 'a part of the path is a file, not a directory',
  ENOENT: 'no such file or directory (or the file system does not allow it)',
  ENOSPC: 'no space left on device',
  EDQUOT: 'disk quota exceeded',
  EEXIST: 'exists and is not a directory',
  EISDIR: 'is a directory',
  ELOOP: 'too many symbolic links',
  ENAMETOOLONG: 'name too long',
};

/** One line for an operating-system error on `path`: what was being done, and why it failed. */
export function environmentError(doing: string, path: string, err: unknown): EnvironmentError {
  const code = (err as NodeJS.ErrnoException).code ?? '';
  const cause = CAUSES[code] ?? (err as Error).message;
  return new EnvironmentError(`cannot ${doing} ${path}: ${cause}${code ? ` (${code})` : ''}`, {
    path,
    cause: code || undefined,
  });
}

/** Creates `dir` (mode 0700) and any missing parents, or throws EnvironmentError. */
export function ensureDataDir(dir: string): void {
  const missing: string[] = [];
  let at = dir;
  for (;;) {
    let isDir: boolean;
    try {
      isDir = statSync(at).isDirectory();
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT') throw environmentError('create data directory', dir, err);
      missing.push(at);
      const parent = dirname(at);
      if (parent === at) break;
      at = parent;
      continue;
    }
    if (!isDir) {
      throw environmentError('create data directory', dir, { code: 'ENOTDIR' });
    }
    break;
  }
  for (const path of missing.reverse()) {
    try {
      mkdirSync(path, { mode: 0o700 });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EEXIST' && isDirectory(path)) continue;
      throw environmentError('create data directory', dir, err);
    }
  }
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/**
 * The store's database path, or StoreMissingError saying what is missing: the directory
 * itself (a mistyped EVID_DATA_DIR), or the database beside a ledger key that says a store
 * existed (deleted or moved), or simply no store yet.
 */
export function requireStoreFile(dir: string): string {
  let stat;
  try {
    stat = statSync(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new StoreMissingError(
        `data directory ${dir} does not exist (check --data-dir / EVID_DATA_DIR)`,
        { path: dir },
      );
    }
    throw environmentError('read data directory', dir, err);
  }
  if (!stat.isDirectory()) {
    throw environmentError('read data directory', dir, { code: 'ENOTDIR' });
  }
  const db = join(dir, DB_FILE);
  if (existsSync(db)) return db;
  if (existsSync(join(dir, KEY_FILE_NAME))) {
    throw new StoreMissingError(
      `no ${DB_FILE} in ${dir}, but its ledger key is there: the store was deleted or moved`,
      { path: db },
    );
  }
  throw new StoreMissingError(
    `no evidence store in ${dir} yet (a write such as \`evid traces ingest\` creates it)`,
    { path: db },
  );
}

/** A warning when the data directory can be read by group or others, else undefined. */
export function dataDirPermissionWarning(dir: string): string | undefined {
  try {
    const mode = statSync(dir).mode & 0o777;
    if ((mode & 0o077) === 0) return undefined;
    return `warning: data directory ${dir} is accessible by group or others (mode ${mode.toString(8)}); evidence is confidential: chmod 700 ${dir}`;
  } catch {
    return undefined;
  }
}
