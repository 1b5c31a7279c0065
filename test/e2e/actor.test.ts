import { execa } from 'execa';
import { chmodSync, existsSync } from 'node:fs';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ROOT, tempDataDir } from '../support/cli.js';

// Issue 20: the actor of a CLI change when the environment names no user (`docker exec`).

let store: { dir: string; cleanup(): void };
afterEach(() => store.cleanup());

/** `audit kill-switch activate --json` with USER and LOGNAME unset; the actor it recorded. */
async function actorOf(dataDir: string, prefix: string[] = []): Promise<string> {
  const [cmd, ...pre] = [...prefix, process.execPath];
  const r = await execa(
    cmd!,
    [
      ...pre,
      join(ROOT, 'bin', 'audit.js'),
      'kill-switch',
      'activate',
      '--reason',
      'drill',
      '--json',
    ],
    {
      reject: false,
      // Node leaves a variable set to undefined out of the child's environment.
      env: { EVID_DATA_DIR: dataDir, USER: undefined, LOGNAME: undefined, EVID_ACTOR: undefined },
      extendEnv: true,
    },
  );
  expect(r.exitCode, String(r.stderr)).toBe(0);
  return (JSON.parse(String(r.stdout)) as { state: { actor: string } }).state.actor;
}

describe('actor without USER or LOGNAME', () => {
  it('is the OS account name, not cli:unknown', async () => {
    store = tempDataDir('evid-actor-');
    expect(await actorOf(store.dir)).toBe(`cli:${userInfo().username}`);
  });

  const canDropToBareUid = process.getuid?.() === 0 && existsSync('/usr/bin/setpriv');
  it.skipIf(!canDropToBareUid)('is cli:uid:<n> for a uid with no passwd entry', async (ctx) => {
    store = tempDataDir('evid-actor-uid-');
    chmodSync(store.dir, 0o777);
    const uid = 4242;
    const asUid = ['/usr/bin/setpriv', `--reuid=${uid}`, `--regid=${uid}`, '--clear-groups'];
    // A checkout under a private home (/root) is out of that uid's reach: nothing to test.
    const probe = await execa(
      asUid[0]!,
      [
        ...asUid.slice(1),
        process.execPath,
        '-e',
        'require("fs").accessSync(process.argv[1], require("fs").constants.R_OK)',
        join(ROOT, 'dist', 'cli', 'main.js'),
      ],
      { reject: false },
    );
    if (probe.exitCode !== 0) ctx.skip();
    expect(await actorOf(store.dir, asUid)).toBe(`cli:uid:${uid}`);
  });
});
