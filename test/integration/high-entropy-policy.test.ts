import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDataDir, writePolicy } from '../support/cli.js';
import { runCli } from '../support/io.js';

/**
 * Issue 18: the opt-in entropy rule through the live policy. `evid analyze` says nothing of a
 * bare random line under the default policy, reports it once `evid policies set` enables
 * `secret.high_entropy`, and `evid policies get` shows the rule switched on.
 */

const dirs: Array<{ cleanup(): void }> = [];
afterEach(() => {
  for (const d of dirs.splice(0)) d.cleanup();
});

function store(): string {
  const t = tempDataDir('evid-entropy-');
  dirs.push(t);
  return t.dir;
}

// A random line derived from a seed (no real key), with no name and no vendor prefix.
const VALUE = createHash('sha512').update('integration line').digest('base64').slice(0, 40);
const TEXT = `the service prints\n${VALUE}\nat start`;

const concerns = async (dir: string) => {
  const r = await runCli('evid', ['analyze', TEXT, '--json'], { dataDir: dir });
  expect(r.code, r.stderr).toBe(0);
  return (JSON.parse(r.stdout) as { concerns: Array<{ type: string; start: number }> }).concerns;
};

describe('enabled_rules in the live policy', () => {
  it('switches secret.high_entropy on; the default policy leaves it off', async () => {
    const dir = store();
    const at = TEXT.indexOf(VALUE);
    expect((await concerns(dir)).filter((c) => c.start === at)).toEqual([]);
    const file = writePolicy(dir, { enabled_rules: ['secret.high_entropy'] });
    const set = await runCli('evid', ['policies', 'set', file], { dataDir: dir });
    expect(set.code, set.stderr).toBe(0);
    expect(await concerns(dir)).toContainEqual(
      expect.objectContaining({ type: 'secret.generic_api_key', start: at }),
    );
    const get = await runCli('evid', ['policies', 'get'], { dataDir: dir });
    expect(get.stdout).toMatch(/opt-in rules on\s+secret\.high_entropy/);
  });

  it('refuses a rule that is not opt-in with exit 2, naming the field; nothing stored', async () => {
    const dir = store();
    const r = await runCli(
      'evid',
      ['policies', 'set', writePolicy(dir, { enabled_rules: ['secretlint/sendgrid'] })],
      { dataDir: dir },
    );
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('enabled_rules[0]: must name an opt-in built-in rule');
    const live = await runCli('evid', ['policies', 'get', '--json'], { dataDir: dir });
    expect(JSON.parse(live.stdout)).toMatchObject({ version: 0 });
  });
});
