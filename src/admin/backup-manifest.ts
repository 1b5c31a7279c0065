/**
 * A backup file (docs/operations.md) is a zip: `evid.db` (a consistent copy of the store), with
 * `--full` the data directory's key files and the configuration in effect, and
 * `manifest.json` last. The manifest names every file with its size and SHA-256 and
 * carries the copy's signed tree head, so a restore proves it got exactly what was backed
 * up, and that the restored ledger is the one the manifest names.
 */
import { ValidationError } from '../errors.js';
import { KEY_FILE_NAME, NEXT_KEY_FILE_NAME } from '../ledger/keys.js';
import { FINGERPRINT_KEY_FILE } from '../detect/fingerprint-key.js';
import { SOURCE_KEY_FILE } from '../sources/webhook-secret.js';
import { DB_FILE } from '../store/data-dir.js';
import type { CopyDescription } from '../store/backup-copy.js';

export const BACKUP_FORMAT = 'evid-backup';
export const BACKUP_FORMAT_VERSION = 1;
export const MANIFEST = 'manifest.json';
/** The configuration in effect at backup time (`--full`): settings only, never secrets. */
export const CONFIG_FILE = 'config.json';
/** The data directory's secret files a `--full` backup adds (each 0600 when restored). */
export const KEY_FILES = [KEY_FILE_NAME, NEXT_KEY_FILE_NAME, FINGERPRINT_KEY_FILE, SOURCE_KEY_FILE];
/** Every name a backup may hold: nothing else is ever extracted. */
const ALLOWED = new Set([DB_FILE, CONFIG_FILE, ...KEY_FILES]);
/** A manifest larger than this is not one of ours. */
export const MAX_MANIFEST_BYTES = 1 << 20;

export interface BackupFile {
  name: string;
  size: number;
  sha256: string;
}

export interface BackupManifest extends Omit<CopyDescription, 'current_key_fingerprint'> {
  format: typeof BACKUP_FORMAT;
  format_version: number;
  created_at: string;
  evid_version: string;
  full: boolean;
  current_key_fingerprint: string | null;
  files: BackupFile[];
}

const notBackup = (file: string, why: string): ValidationError =>
  new ValidationError(`${file}: not an evid backup (${why})`, { path: file });

/** Parses and checks a manifest's shape; every failure names the file and the reason. */
export function parseManifest(file: string, bytes: Buffer): BackupManifest {
  let doc: unknown;
  try {
    doc = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw notBackup(file, `${MANIFEST} is not JSON`);
  }
  const m = doc as Partial<BackupManifest> | null;
  if (!m || typeof m !== 'object' || m.format !== BACKUP_FORMAT) {
    throw notBackup(file, `${MANIFEST} is not an ${BACKUP_FORMAT} manifest`);
  }
  if (m.format_version !== BACKUP_FORMAT_VERSION) {
    throw notBackup(
      file,
      `format version ${String(m.format_version)}; this evid reads ${BACKUP_FORMAT_VERSION}`,
    );
  }
  if (!Array.isArray(m.files) || !m.files.some((f) => f?.name === DB_FILE)) {
    throw notBackup(file, `the manifest lists no ${DB_FILE}`);
  }
  for (const f of m.files) {
    if (
      !f ||
      typeof f.name !== 'string' ||
      !ALLOWED.has(f.name) ||
      !Number.isSafeInteger(f.size) ||
      f.size < 0 ||
      typeof f.sha256 !== 'string' ||
      !/^[0-9a-f]{64}$/.test(f.sha256)
    ) {
      throw notBackup(file, `the manifest lists an unexpected file ${JSON.stringify(f?.name)}`);
    }
  }
  return m as BackupManifest;
}
