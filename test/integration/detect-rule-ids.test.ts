import { afterEach, describe, expect, it } from 'vitest';
import { tempDataDir, writePolicy } from '../support/cli.js';
import { runCli } from '../support/io.js';

/**
 * Issue 18: every built-in rule keeps a visible id (a finding's `detector`), and a policy's
 * `disabled_rules` switches rules off by that id, through `evid policies set` and
 * `evid analyze` with the live policy.
 */

const dirs: Array<{ cleanup(): void }> = [];
afterEach(() => {
  for (const d of dirs.splice(0)) d.cleanup();
});

function store(): string {
  const t = tempDataDir('evid-rule-ids-');
  dirs.push(t);
  return t.dir;
}

// A SendGrid-shaped key with a random body (not a real key).
const TEXT =
  'deploy with SENDGRID=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';

const concernTypes = async (dir: string): Promise<string[]> => {
  const r = await runCli('evid', ['analyze', TEXT, '--json'], { dataDir: dir });
  expect(r.code, r.stderr).toBe(0);
  return (JSON.parse(r.stdout) as { concerns: Array<{ type: string }> }).concerns.map(
    (c) => c.type,
  );
};

describe('disabled_rules in the live policy', () => {
  it('switches rules off by their ids, and policies get shows them', async () => {
    const dir = store();
    expect(await concernTypes(dir)).toContain('secret.sendgrid_key');
    // Two rule sets know SendGrid keys: secretlint's preset and gitleaks' rules. Switching
    // one off leaves the other's finding; switching both off leaves none.
    const disable = async (ids: string[]) => {
      const file = writePolicy(dir, { disabled_rules: ids });
      const set = await runCli('evid', ['policies', 'set', file], { dataDir: dir });
      expect(set.code, set.stderr).toBe(0);
    };
    await disable(['secretlint/sendgrid']);
    expect(await concernTypes(dir)).toContain('secret.sendgrid_key');
    await disable(['secretlint/sendgrid', 'gitleaks/sendgrid-api-token']);
    expect(await concernTypes(dir)).not.toContain('secret.sendgrid_key');
    const get = await runCli('evid', ['policies', 'get'], { dataDir: dir });
    expect(get.stdout).toMatch(/disabled rules\s+secretlint\/sendgrid/);
    expect(get.stdout).toMatch(/gitleaks\/sendgrid-api-token/);
  });

  it('refuses an id that names no built-in rule with exit 2, naming the field; nothing stored', async () => {
    const dir = store();
    const r = await runCli(
      'evid',
      ['policies', 'set', writePolicy(dir, { disabled_rules: ['secretlint/sendgird'] })],
      { dataDir: dir },
    );
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('disabled_rules[0]: must name a built-in rule');
    const live = await runCli('evid', ['policies', 'get', '--json'], { dataDir: dir });
    expect(JSON.parse(live.stdout)).toMatchObject({ version: 0 });
  });
});
