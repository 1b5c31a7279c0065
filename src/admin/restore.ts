/**
 * `evid admin restore FILE --data-dir DIR` (docs/operations.md). Everything is checked before
 * the target is touched: the file must be a whole evid backup (a zip whose central
 * directory is intact, a manifest of ours, every file's size and SHA-256 as listed), and
 * the restored ledger must verify and end at the manifest's signed tree head. Files are
 * unpacked into a staging directory inside the target (same file system) and only then
 * renamed into place, each 0600. Refused, with nothing changed:
 * - a truncated file or one that is not a backup (ValidationError, exit 2);
 * - a target that already holds a store, unless `--force` (ConflictError, exit 4);
 * - with `--force`, a store some process still has open (ConflictError, exit 4);
 * - a backup whose ledger does not verify (CheckFailed, exit 1).
 */
import { createHash } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  closeSync,
  readdirSync,
  renameSync,
  rmSync,
  writeSync,
  rmdirSync,
} from 'node:fs';
import { join, resolve } from 'node:path';
import { CheckFailed, ConflictError, ValidationError } from '../errors.js';
import { ZipError, ZipReader, fileSource } from '../packs/zip-reader.js';
import { DB_FILE, environmentError } from '../store/data-dir.js';
import { assertStoreIdle } from '../store/backup-copy.js';
import type { StoreVerdict } from '../store/verify-store.js';
import {
  CONFIG_FILE,
  KEY_FILES,
  MANIFEST,
  MAX_MANIFEST_BYTES,
  parseManifest,
  type BackupManifest,
} from './backup-manifest.js';

export interface RestoreResult {
  data_dir: string;
  restored_files: string[];
  manifest: Pick<BackupManifest, 'created_at' | 'evid_version' | 'full' | 'store_id' | 'tree_head'>;
  replaced: boolean;
  verify: StoreVerdict;
  /** What the operator still has to do (a backup without the ledger key, the config). */
  notes: string[];
}

/** The files of a store in a data directory (what `--force` replaces). */
const STORE_FILES = [DB_FILE, `${DB_FILE}-wal`, `${DB_FILE}-shm`, ...KEY_FILES];

/** Unpacks and checks every listed file into `stage`; throws ValidationError on any damage. */
async function unpack(file: string, stage: string): Promise<BackupManifest> {
  let zip: ZipReader;
  try {
    zip = new ZipReader(fileSource(file));
  } catch (err) {
    if (err instanceof ZipError) {
      throw new ValidationError(`${file}: not an evid backup, or truncated (${err.message})`, {
        path: file,
      });
    }
    throw environmentError('read backup', file, err);
  }
  try {
    const entry = zip.entries.get(MANIFEST);
    if (!entry)
      throw new ValidationError(`${file}: not an evid backup (no ${MANIFEST})`, { path: file });
    const manifest = parseManifest(file, zip.read(entry, MAX_MANIFEST_BYTES));
    for (const f of manifest.files) {
      const e = zip.entries.get(f.name);
      if (!e)
        throw new ValidationError(`${file}: damaged backup (${f.name} is missing)`, { path: file });
      const hash = createHash('sha256');
      const fd = openSync(join(stage, f.name), 'wx', 0o600);
      try {
        await zip.stream(e, f.size, (chunk) => {
          hash.update(chunk);
          writeSync(fd, chunk);
        });
      } finally {
        closeSync(fd);
      }
      if (hash.digest('hex') !== f.sha256) {
        throw new ValidationError(
          `${file}: damaged backup (${f.name} does not match its SHA-256 in the manifest)`,
          {
            path: file,
          },
        );
      }
    }
    return manifest;
  } catch (err) {
    if (err instanceof ZipError) {
      throw new ValidationError(`${file}: damaged or truncated backup (${err.message})`, {
        path: file,
      });
    }
    throw err;
  } finally {
    zip.close();
  }
}

export async function restoreBackup(
  file: string,
  options: {
    dataDir: string;
    force: boolean;
    verify: (dir: string, manifest: BackupManifest) => Promise<StoreVerdict>;
  },
): Promise<RestoreResult> {
  const target = resolve(options.dataDir);
  if (!existsSync(file)) throw new ValidationError(`${file}: no such backup file`, { path: file });
  const present = existsSync(target)
    ? readdirSync(target).filter((n) => STORE_FILES.includes(n))
    : [];
  const replaced = present.includes(DB_FILE);
  if (present.length > 0 && !options.force) {
    throw new ConflictError(
      `${target} already holds a store (${present.join(', ')}): restore into an empty directory, or pass --force to replace it`,
      { path: target },
    );
  }
  const created = !existsSync(target);
  let stage: string;
  try {
    mkdirSync(target, { recursive: true, mode: 0o700 });
    stage = mkdtempSync(join(target, '.restore-'));
  } catch (err) {
    throw environmentError('restore into', target, err);
  }
  try {
    const manifest = await unpack(file, stage);
    const verdict = await options.verify(stage, manifest);
    const head = manifest.tree_head;
    if (
      verdict.ok &&
      head &&
      (verdict.tree_size !== head.tree_size || verdict.root_hash !== head.root_hash)
    ) {
      verdict.ok = false;
      verdict.message = `the restored ledger ends at size ${verdict.tree_size}, not at the manifest's signed tree head (size ${head.tree_size})`;
    }
    if (!verdict.ok) {
      throw Object.assign(
        new CheckFailed(
          `${file}: the backup's ledger does not verify: ${verdict.message}; nothing restored`,
        ),
        {
          verdict,
        },
      );
    }
    // The live store must be idle before it is replaced: a server would keep writing to
    // the old file (and an old WAL beside a new database would corrupt it).
    if (replaced) assertStoreIdle(target);
    for (const name of present) rmSync(join(target, name), { force: true });
    const restored = manifest.files.map((f) => f.name);
    // The database last: until it is in place the directory holds no store.
    for (const name of [...restored.filter((n) => n !== DB_FILE), DB_FILE]) {
      const to = name === CONFIG_FILE ? join(target, 'backup-config.json') : join(target, name);
      renameSync(join(stage, name), to);
      chmodSync(to, 0o600);
    }
    const notes: string[] = [];
    if (!restored.includes(KEY_FILES[0]!)) {
      notes.push(
        `the backup holds no ledger key (made without --full): the store verifies, but writes are refused until ${KEY_FILES[0]} is put back in ${target}`,
      );
    }
    if (restored.includes(CONFIG_FILE)) {
      notes.push(
        `the configuration at backup time is in ${join(target, 'backup-config.json')} (set the EVID_* variables from it)`,
      );
    }
    return {
      data_dir: target,
      restored_files: restored,
      manifest: {
        created_at: manifest.created_at,
        evid_version: manifest.evid_version,
        full: manifest.full,
        store_id: manifest.store_id,
        tree_head: manifest.tree_head,
      },
      replaced,
      verify: verdict,
      notes,
    };
  } catch (err) {
    if (created) {
      rmSync(stage, { recursive: true, force: true });
      try {
        rmdirSync(target);
      } catch {
        // not empty after all: leave it
      }
    }
    throw err;
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}
