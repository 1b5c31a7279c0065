import { execa } from 'execa';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { ROOT, tempDataDir } from '../support/cli.js';

// The README's first command ends in `npm run demo`: it must go through on a fresh store
// whatever else examples/ holds (a workflow, its agents, the Python example).
const store = tempDataDir('evid-demo-');
afterAll(() => store.cleanup());

it('npm run demo ingests the example traces, shows the status and verifies the ledger', async () => {
  const r = await execa(process.execPath, [join(ROOT, 'scripts/demo.mjs')], {
    env: { EVID_DATA_DIR: store.dir, NO_COLOR: '1' },
    reject: false,
  });
  expect(r.exitCode, String(r.stdout) + String(r.stderr)).toBe(0);
  expect(String(r.stdout)).toMatch(/\$ evid traces ingest examples\/support-bot\.json/);
  expect(String(r.stdout)).not.toMatch(/examples\/agents|\.py|\.yaml/);
  expect(String(r.stdout)).toMatch(/verdict\s+OK/);
}, 120_000);
