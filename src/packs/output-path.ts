/** Where a pack's zip goes: the default under the data dir, or a checked --output. */
import { accessSync, constants, mkdirSync, statSync, type Stats } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { UsageError } from '../errors.js';

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
  const abs = resolve(output);
  if (statOrUndefined(abs)?.isDirectory()) return checkWritable(join(abs, `${packId}.zip`));
  const parent = dirname(abs);
  const st = statOrUndefined(parent);
  if (!st) throw new UsageError(`output directory ${parent} does not exist (create it first)`);
  if (!st.isDirectory()) throw new UsageError(`output path ${parent} is not a directory`);
  if (basename(abs) === '') throw new UsageError(`output path ${output} names no file`);
  return checkWritable(abs);
}

function checkWritable(file: string): string {
  try {
    accessSync(dirname(file), constants.W_OK);
  } catch {
    throw new UsageError(`cannot write to ${dirname(file)} (permission denied)`);
  }
  return file;
}
