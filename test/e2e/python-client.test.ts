import { execa } from 'execa';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../support/cli.js';

const work = mkdtempSync(join(tmpdir(), 'evid-python-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const PACKAGE = join(ROOT, 'clients', 'python');
/** Debian's interpreter: it sees python3-httpx, -pytest, -pytest-asyncio and mypy (.ci/run). */
const PYTHON = '/usr/bin/python3';
const venvPython = join(work, 'venv', 'bin', 'python');
const quiet = { PYTHONDONTWRITEBYTECODE: '1', PIP_DISABLE_PIP_VERSION_CHECK: '1' };

/**
 * The Python client (clients/python): installed as a user would from a fresh clone (a venv
 * made from Debian's interpreter, no package index), checked by mypy --strict, then its
 * pytest suite against the BUILT `evid serve` (run the build first).
 */
describe('Python client', () => {
  it('installs into a fresh virtual environment without a package index', async () => {
    // A copy, so that pip's in-tree build directory never lands in the working tree.
    const source = join(work, 'evid-client');
    cpSync(PACKAGE, source, {
      recursive: true,
      filter: (path) => !['build', '__pycache__', '.mypy_cache'].includes(basename(path)),
    });
    const venv = await execa(PYTHON, ['-m', 'venv', '--system-site-packages', join(work, 'venv')], {
      reject: false,
    });
    expect(venv.exitCode, `${PYTHON} -m venv: ${String(venv.stderr)}`).toBe(0);
    const pip = await execa(
      venvPython,
      ['-m', 'pip', 'install', '--no-build-isolation', '--no-index', source],
      { reject: false, env: quiet, all: true },
    );
    expect(pip.exitCode, String(pip.all)).toBe(0);
  }, 180_000);

  it('passes mypy --strict (package, tests and generator)', async () => {
    const mypy = await execa(
      venvPython,
      ['-m', 'mypy', '--strict', '--cache-dir', join(work, 'mypy-cache')],
      { cwd: PACKAGE, reject: false, env: quiet, all: true },
    );
    expect(mypy.exitCode, String(mypy.all)).toBe(0);
    // A cold mypy run also analyses httpx: over a minute on a busy 2-core machine.
  }, 400_000);

  it('passes its pytest suite against a real evid serve', async () => {
    const pytest = await execa(
      venvPython,
      ['-m', 'pytest', '-q', '-rs', '-p', 'no:cacheprovider', join(PACKAGE, 'tests')],
      {
        cwd: ROOT,
        reject: false,
        env: { ...quiet, EVID_NODE: process.execPath },
        all: true,
      },
    );
    expect(pytest.exitCode, String(pytest.all)).toBe(0);
    expect(String(pytest.all)).toMatch(/\d+ passed/);
  }, 400_000);
});
