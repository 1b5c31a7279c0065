// Issue 20: environment errors are errors, not bugs. A data directory that cannot be created
// (a pseudo file system, a path through a file, no permission) or a database that cannot be
// written is one line naming the path and the cause, exit 6, never a loop or a stack trace.
import { execa } from 'execa';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EXAMPLES, ROOT, runBin, tempDataDir } from '../support/cli.js';

const tmp = tempDataDir('evid-env-');
// Traversable by the unprivileged uid below (mkdtemp makes it 0700).
chmodSync(tmp.dir, 0o755);
afterAll(() => tmp.cleanup());

const example = join(EXAMPLES, 'support-bot.json');

describe('environment errors', () => {
  it('a data directory on a pseudo file system: exit 6 at once, naming the path', async () => {
    const r = await runBin('evid', ['traces', 'ingest', example], { dataDir: '/proc/evid-test' });
    expect(r.exitCode).toBe(6);
    expect(String(r.stderr).trim()).toMatch(
      /^evid: cannot create data directory \/proc\/evid-test: .*\(E[A-Z]+\)$/,
    );
  });

  it('a path through a file: exit 6 for writes and reads, naming ENOTDIR', async () => {
    const file = join(tmp.dir, 'a-file');
    writeFileSync(file, 'x');
    const write = await runBin('evid', ['traces', 'ingest', example], {
      dataDir: join(file, 'store'),
    });
    expect(write.exitCode).toBe(6);
    expect(String(write.stderr)).toMatch(/cannot create data directory .*a-file\/store: .*ENOTDIR/);
    const read = await runBin('audit', ['verify'], { dataDir: join(file, 'store') });
    expect(read.exitCode).toBe(6);
    expect(String(read.stderr)).toMatch(/ENOTDIR/);
  });

  it('a data directory readable by others gets one warning on stderr; a private one none', async () => {
    const dir = join(tmp.dir, 'open-store');
    const made = await runBin('evid', ['traces', 'ingest', example], { dataDir: dir });
    expect(made.exitCode).toBe(0);
    expect(String(made.stderr)).not.toContain('warning: data directory'); // created 0700
    chmodSync(dir, 0o755);
    const r = await runBin('evid', ['status'], { dataDir: dir });
    expect(r.exitCode).toBe(0);
    const warnings = String(r.stderr)
      .split('\n')
      .filter((l) => l.includes('warning: data directory'));
    expect(warnings).toEqual([
      `evid: warning: data directory ${dir} is accessible by group or others (mode 755); evidence is confidential: chmod 700 ${dir}`,
    ]);
  });

  it('output cut short by a closed pipe ends quietly', async () => {
    const r = await execa(
      'sh',
      ['-c', `"${process.execPath}" "${join(ROOT, 'bin/audit.js')}" compliance --help | head -1`],
      { reject: false },
    );
    expect(r.exitCode).toBe(0);
    expect(String(r.stderr)).toBe('');
  });
});

// Root ignores file modes: these run as an unprivileged uid when the tests run as root (CI),
// and as the current user otherwise.
const asRoot = process.getuid?.() === 0;
const NOBODY = 65534;

async function runAs(args: string[], dataDir: string) {
  return execa(process.execPath, [join(ROOT, 'bin/evid.js'), ...args], {
    reject: false,
    env: { EVID_DATA_DIR: dataDir, NO_COLOR: '1', HOME: tmp.dir },
    ...(asRoot ? { uid: NOBODY, gid: NOBODY } : {}),
  });
}

/** The unprivileged uid must be able to run the built bins from this checkout at all. */
async function canRunUnprivileged(): Promise<boolean> {
  const r = await runAs(['--version'], tmp.dir).catch(() => undefined);
  return r?.exitCode === 0;
}

describe('permissions', async () => {
  const usable = await canRunUnprivileged();
  it.skipIf(!usable)('no permission to create the data directory: exit 6, EACCES', async () => {
    const locked = join(tmp.dir, 'locked');
    mkdirSync(locked, { mode: 0o500 });
    chmodSync(locked, 0o500);
    const r = await runAs(['traces', 'ingest', example], join(locked, 'store'));
    expect(r.exitCode).toBe(6);
    expect(String(r.stderr).trim()).toMatch(
      /^evid: cannot create data directory .*locked\/store: permission denied \(EACCES\)$/,
    );
  });

  it.skipIf(!usable)('a store that cannot be written: exit 6, naming the database', async () => {
    const dir = join(tmp.dir, 'readonly-store');
    const made = await runBin('evid', ['traces', 'ingest', example], { dataDir: dir });
    expect(made.exitCode).toBe(0);
    // Readable by others, writable only by its owner: the other uid cannot write.
    chmodSync(dir, 0o755);
    for (const f of ['evid.db', 'evid.db-wal', 'evid.db-shm', 'ledger-key.pem', 'fingerprint-key'])
      try {
        chmodSync(join(dir, f), 0o644);
      } catch {
        // -wal/-shm may not exist after a clean close
      }
    const r = await runAs(['admin', 'keys', 'create', '--name', 'x', '--role', 'viewer'], dir);
    expect(r.exitCode).toBe(6);
    expect(String(r.stderr).trim()).toMatch(
      /^evid: cannot .*evid\.db.*\((SQLITE_[A-Z_]+|E[A-Z]+)\)$/,
    );
    expect(String(r.stderr)).not.toMatch(/internal error/);
  });
});
