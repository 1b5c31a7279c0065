import { execa } from 'execa';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../support/cli.js';

const work = mkdtempSync(join(tmpdir(), 'evid-pack-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/**
 * The container's install path without a Docker daemon: `npm pack` the project, install the
 * tarball into an empty prefix (better-sqlite3 compiles there, so this is slow), and run
 * both binaries from that prefix. Uses the built dist/ (run the build first).
 */
describe('npm pack install', () => {
  it('installs into an empty prefix and both binaries run from there', async () => {
    const packed = await execa(
      'npm',
      ['pack', '--ignore-scripts', '--json', '--pack-destination', work],
      { cwd: ROOT },
    );
    const [{ filename, files, version }] = JSON.parse(packed.stdout) as Array<{
      filename: string;
      version: string;
      files: Array<{ path: string }>;
    }>;
    const paths = files.map((f) => f.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        'bin/evid.js',
        'bin/audit.js',
        'dist/cli/main.js',
        'dist/server/app.js',
      ]),
    );
    expect(paths.some((p) => p.startsWith('src/') || p.startsWith('test/'))).toBe(false);

    const prefix = join(work, 'prefix');
    const install = await execa(
      'npm',
      [
        'install',
        '--prefix',
        prefix,
        '--omit=dev',
        '--no-audit',
        '--no-fund',
        '--prefer-offline',
        join(work, filename),
      ],
      { reject: false, env: { JOBS: 'max' } },
    );
    expect(install.exitCode, String(install.stderr)).toBe(0);

    const bin = (name: string): string => join(prefix, 'node_modules', '.bin', name);
    const env = { EVID_DATA_DIR: join(work, 'data'), NO_COLOR: '1' };
    const v = await execa(bin('evid'), ['--version'], { env });
    expect(v.stdout.trim()).toBe(version);
    // Reads never create a store: status on a fresh machine says there is none.
    const none = await execa(bin('evid'), ['status', '--json'], { env, reject: false });
    expect(none.exitCode).toBe(1);
    expect(none.stderr).toContain('does not exist');
    const example = join(prefix, 'node_modules', 'evid', 'examples', 'support-bot.json');
    await execa(bin('evid'), ['traces', 'ingest', example], { env });
    const status = await execa(bin('evid'), ['status', '--json'], { env });
    expect(JSON.parse(status.stdout)).toMatchObject({ traces: 1 });
    const verify = await execa(bin('audit'), ['verify', '--json'], { env });
    expect(JSON.parse(verify.stdout)).toMatchObject({ ok: true });

    // The server's dependencies are runtime dependencies of the package.
    const serve = execa(bin('audit'), ['serve', '--port', '0'], {
      env: { ...env, EVID_LOG_LEVEL: 'warn' },
      reject: false,
    });
    const line = await new Promise<string>((resolve) =>
      createInterface({ input: serve.stdout! }).once('line', resolve),
    );
    const { listening } = JSON.parse(line) as { listening: string };
    const health = await fetch(`${listening}/api/v1/health`);
    expect(health.status).toBe(200);
    serve.kill('SIGTERM');
    expect((await serve).exitCode).toBe(0);
  }, 600_000);
});
