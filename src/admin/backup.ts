/**
 * `evid admin backup` (docs/admin.md): a consistent online backup of the store while a
 * server keeps writing (SQLite's backup API, src/store/backup-copy.ts), packed with a
 * manifest (backup-manifest.ts) into one zip, mode 0600. Written to a temporary name beside
 * the output and renamed at the end, so a failed or interrupted backup never leaves a file
 * that looks complete.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  chmodSync,
  copyFileSync,
  createReadStream,
  existsSync,
  mkdtempSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
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

export interface BackupResult {
  output: string;
  size_bytes: number;
  full: boolean;
  files: BackupFile[];
  tree_head: BackupManifest['tree_head'];
  key_fingerprint: string | null;
}

async function sha256File(path: string): Promise<string> {
  const h = createHash('sha256');
  await pipeline(createReadStream(path), h);
  return h.digest('hex');
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
  try {
    await copyDatabase(store, join(stage, DB_FILE));
    const names = [DB_FILE];
    if (options.full) {
      for (const name of KEY_FILES) {
        const from = join(store.dataDir, name);
        if (!existsSync(from)) continue;
        copyFileSync(from, join(stage, name));
        chmodSync(join(stage, name), 0o600);
        names.push(name);
      }
      writeFileSync(
        join(stage, CONFIG_FILE),
        `${JSON.stringify(configSnapshot(config), null, 2)}\n`,
        {
          mode: 0o600,
        },
      );
      names.push(CONFIG_FILE);
    }
    const files: BackupFile[] = [];
    for (const name of names) {
      const path = join(stage, name);
      files.push({ name, size: statSync(path).size, sha256: await sha256File(path) });
    }
    const copy = describeStoreDir(stage);
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      format_version: BACKUP_FORMAT_VERSION,
      created_at: options.now().toISOString(),
      evid_version: options.version,
      full: options.full,
      ...copy,
      files,
    };
    writeFileSync(join(stage, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
    const { writeZip } = await import('../packs/zip-writer.js');
    await writeZip(
      partial,
      [MANIFEST, ...names].map((name) => ({ name, path: join(stage, name) })),
      options.now(),
    );
    renameSync(partial, output);
    return {
      output,
      size_bytes: statSync(output).size,
      full: options.full,
      files,
      tree_head: manifest.tree_head,
      key_fingerprint: manifest.first_key_fingerprint,
    };
  } finally {
    rmSync(stage, { recursive: true, force: true });
    rmSync(partial, { force: true });
  }
}
