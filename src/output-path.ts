/**
 * Where a pack's zip (or a report's copy) goes: the default under the data dir, or a
 * checked --output. Nothing is created on the user's side: a missing directory is a usage
 * error naming it (exit 2), as `evid export --output` does for a missing parent, so a
 * mistyped path never leaves a tree of new directories behind.
 */
import { accessSync, constants, mkdirSync, statSync, type Stats } from 'node:fs';
import { join, dirname, resolve } from 'node:path';
import { UsageError } from './errors.js';

function statOrUndefined(path: string): Stats | undefined {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}

/**
 * Default `<data dir>/packs/<pack_id>.zip`. An existing directory gets `<pack_id>.zip` in
 * it; otherwise the parent must exist and be writable (a clear usage error, not a crash).
 */
export function resolveOutput(dataDir: string, packId: string, output: string | undefined): string {
  if (output === undefined) {
    const dir = join(dataDir, 'packs');
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    return join(dir, `${packId}.zip`);
  }
  return resolveOutputFile(output, `${packId}.zip`);
}

/**
 * `output` itself, or `<output>/<name>` when output is an existing directory. A path
 * ending in `/` names a directory, so it must exist too (else `out/` would become a file
 * called `out`). `flag` names the option in errors (`--report` for `traces ingest`).
 */
export function resolveOutputFile(output: string, name: string, flag = '--output'): string {
  const abs = resolve(output);
  if (statOrUndefined(abs)?.isDirectory()) return checkWritable(join(abs, name), flag);
  if (/[\\/]$/.test(output)) throw missing(abs, flag);
  const parent = dirname(abs);
  const st = statOrUndefined(parent);
  if (!st) throw missing(parent, flag);
  if (!st.isDirectory()) throw new UsageError(`${flag}: ${parent} is not a directory`);
  return checkWritable(abs, flag);
}

function missing(dir: string, flag = '--output'): UsageError {
  return new UsageError(`${flag}: directory ${dir} does not exist (create it first)`);
}

function checkWritable(file: string, flag = '--output'): string {
  try {
    accessSync(dirname(file), constants.W_OK);
  } catch {
    throw new UsageError(`${flag}: cannot write to ${dirname(file)} (permission denied)`);
  }
  return file;
}
