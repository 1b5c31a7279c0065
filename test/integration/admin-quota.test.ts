// Operator quotas (issue 14, item 4): a warning at 80% in `admin license`, and intake refused
// with exit 7 once a hard quota is reached, with nothing stored and the ledger intact.
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { EXAMPLES, tempDataDir } from '../support/cli.js';
import { runCli } from '../support/io.js';

const dirs: Array<{ cleanup(): void }> = [];
afterEach(() => dirs.splice(0).forEach((d) => d.cleanup()));

function store(): string {
  const d = tempDataDir('evid-quota-');
  dirs.push(d);
  return d.dir;
}

const ingest = (dir: string, file: string, env: Record<string, string> = {}) =>
  runCli('evid', ['traces', 'ingest', join(EXAMPLES, file)], { dataDir: dir, env });

async function events(dir: string): Promise<number> {
  const s = await runCli('evid', ['status', '--json'], { dataDir: dir });
  return JSON.parse(s.stdout).events as number;
}

describe('operator quotas', () => {
  it('admin license names the licence, versions and usage, and warns at 80%', async () => {
    const dir = store();
    for (const f of ['support-bot.json', 'coding-agent.ndjson', 'research-agents.json'])
      expect((await ingest(dir, f)).code).toBe(0);
    const n = await events(dir);
    expect(Math.floor(n / 0.8)).toBeGreaterThan(n);
    const plain = await runCli('evid', ['admin', 'license', '--json'], { dataDir: dir });
    expect(plain.code).toBe(0);
    const info = JSON.parse(plain.stdout);
    expect(info).toMatchObject({
      license: 'Apache-2.0',
      version: expect.any(String),
      warnings: [],
    });
    expect(info.schema_version).toBe(info.schema_version_supported);
    expect(info.quotas).toContainEqual(
      expect.objectContaining({ name: 'events', used: n, state: 'unlimited' }),
    );

    const near = await runCli('evid', ['admin', 'license'], {
      dataDir: dir,
      env: { EVID_QUOTA_EVENTS: String(Math.floor(n / 0.8)), EVID_QUOTA_STORE_BYTES: '1G' },
    });
    expect(near.code).toBe(0);
    expect(near.stderr).toMatch(/warning: quota warning: events at (8\d|9\d)(\.\d)?% of its quota/);
    expect(near.stdout).toMatch(/events\s.*warning/);

    const bad = await runCli('evid', ['admin', 'license', '--json'], {
      dataDir: dir,
      env: { EVID_QUOTA_STORE_BYTES: 'lots' },
    });
    expect(JSON.parse(bad.stdout).warnings).toEqual([
      'EVID_QUOTA_STORE_BYTES="lots" is not a size (e.g. 10G): ignored',
    ]);
  });

  it.each([
    ['events', (n: number) => ({ EVID_QUOTA_EVENTS: String(n) })],
    ['store size', () => ({ EVID_QUOTA_STORE_BYTES: '64K' })],
  ])('a reached %s quota refuses intake with exit 7, storing nothing', async (_name, env) => {
    const dir = store();
    expect((await ingest(dir, 'support-bot.json')).code).toBe(0);
    const n = await events(dir);
    const refused = await ingest(dir, 'coding-agent.ndjson', env(n));
    expect(refused.code).toBe(7);
    expect(refused.stderr).toMatch(/^evid: intake refused: .* of its quota/);
    expect(await events(dir)).toBe(n);
    const license = await runCli('evid', ['admin', 'license', '--json'], {
      dataDir: dir,
      env: env(n),
    });
    expect(JSON.parse(license.stdout).warnings[0]).toMatch(/^quota exceeded: .*HTTP 507, exit 7/);
    // Raised again: intake resumes.
    expect((await ingest(dir, 'coding-agent.ndjson')).code).toBe(0);
    const v = await runCli('audit', ['verify', '--json'], { dataDir: dir });
    expect(JSON.parse(v.stdout)).toMatchObject({ ok: true });
  });
});
