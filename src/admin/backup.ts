/**
 * `evid admin backup` (docs/operations.md): a consistent online backup of the store while a
 * server keeps writing (SQLite's backup API, src/store/backup-copy.ts), packed with a
 * manifest (backup-manifest.ts) into one zip of stored entries (zip-store.ts), mode 0600. Written to a temporary name beside
 * the output and renamed at the end, so a failed or interrupted backup never leaves a file
 * that looks complete.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import type { Config } from '../config/config.js';
import { DB_FILE, environmentError } from '../store/data-dir.js';
import { copyDatabase, describeStoreDir } from '../store/backup-copy.js';
import type { Store } from '../store/store.js';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  CONFIG_FILE,
  KEY_FILES,
  MANIFEST,
  type BackupFile,
  type BackupManifest,
} from './backup-manifest.js';
import { StoredZipWriter } from './zip-store.js';

export interface BackupResult {
  output: string;
  size_bytes: number;
  full: boolean;
  files: BackupFile[];
  tree_head: BackupManifest['tree_head'];
  key_fingerprint: string | null;
}

/** The settings in effect, for `--full`: never EVID_API_KEY or any other secret. */
function configSnapshot(config: Config): Record<string, unknown> {
  return {
    api_host: config.apiHost,
    api_port: config.apiPort,
    rate_limit: config.rateLimit ?? null,
    log_level: config.logLevel,
    log_files: { max_bytes: config.logFiles.maxBytes, keep: config.logFiles.keep },
    oidc_issuer_url: config.oidcIssuerUrl ?? null,
    oidc_client_id: config.oidcClientId ?? null,
    oidc_role_claim: config.oidcRoleClaim,
    trust_fingerprint: config.trustFingerprint ?? null,
    quotas: {
      store_bytes: config.quotas.storeBytes ?? null,
      events: config.quotas.events ?? null,
    },
  };
}

export async function createBackup(
  store: Store,
  config: Config,
  options: { output: string; full: boolean; version: string; now: () => Date },
): Promise<BackupResult> {
  const output = resolve(options.output);
  const outDir = dirname(output);
  let stage: string;
  try {
    stage = mkdtempSync(join(outDir, `.${basename(output)}.`));
  } catch (err) {
    throw environmentError('write backup to', outDir, err);
  }
  const partial = join(outDir, `.${basename(output)}.${randomBytes(6).toString('hex')}.partial`);
  let zip: StoredZipWriter | undefined;
  try {
    await copyDatabase(store, join(stage, DB_FILE));
    const copy = describeStoreDir(stage);
    const created = options.now();
    zip = new StoredZipWriter(partial, created);
    const files: BackupFile[] = [{ name: DB_FILE, ...zip.addFile(DB_FILE, join(stage, DB_FILE)) }];
    if (options.full) {
      for (const name of KEY_FILES) {
        const path = join(store.dataDir, name);
        if (existsSync(path)) files.push({ name, ...zip.addFile(name, path) });
      }
      const text = Buffer.from(`${JSON.stringify(configSnapshot(config), null, 2)}\n`);
      files.push({
        name: CONFIG_FILE,
        size: text.length,
        sha256: zip.addBuffer(CONFIG_FILE, text),
      });
    }
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      format_version: BACKUP_FORMAT_VERSION,
      created_at: created.toISOString(),
      evid_version: options.version,
      full: options.full,
      ...copy,
      files,
    };
    // Last: it names every file's SHA-256, known only once each is written.
    zip.addBuffer(MANIFEST, Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`));
    zip.finish();
    zip = undefined;
    renameSync(partial, output);
    return {
      output,
      size_bytes: statSync(output).size,
      full: options.full,
      files,
      tree_head: manifest.tree_head,
      key_fingerprint: manifest.first_key_fingerprint,
    };
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code && /^E[A-Z]+$/.test(code)) throw environmentError('write backup', output, err);
    throw err;
  } finally {
    zip?.abort();
    rmSync(stage, { recursive: true, force: true });
    rmSync(partial, { force: true });
  }
}
