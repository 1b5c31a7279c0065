import { execa, type Result } from 'execa';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const EXAMPLES = join(ROOT, 'examples');

/** A policy file in `dir` for `evid policies set` (a new name each call). */
export function writePolicy(dir: string, policy: unknown): string {
  const file = join(dir, `policy-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, JSON.stringify(policy));
  return file;
}

export function tempDataDir(prefix = 'evid-test-'): { dir: string; cleanup(): void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Runs a built binary (bin/<name>.js -> dist/) exactly as a user would, never throwing. */
export function runBin(
  name: 'evid' | 'audit',
  args: string[],
  options: { dataDir: string; input?: string; env?: Record<string, string> },
): Promise<Result> {
  return execa(process.execPath, [join(ROOT, 'bin', `${name}.js`), ...args], {
    reject: false,
    input: options.input,
    stdin: options.input === undefined ? 'ignore' : 'pipe',
    env: { EVID_DATA_DIR: options.dataDir, NO_COLOR: '1', ...options.env },
    extendEnv: true,
  });
}

export async function runJson<T = unknown>(
  name: 'evid' | 'audit',
  args: string[],
  options: { dataDir: string; input?: string; env?: Record<string, string> },
): Promise<{ code: number; data: T; stderr: string }> {
  const r = await runBin(name, [...args, '--json'], options);
  return {
    code: r.exitCode ?? -1,
    data: JSON.parse(String(r.stdout)) as T,
    stderr: String(r.stderr),
  };
}
