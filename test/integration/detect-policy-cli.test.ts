import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.js';
import { AppContext } from '../../src/context.js';
import { buildServer } from '../../src/server/app.js';
import { EXAMPLES, tempDataDir, writePolicy } from '../support/cli.js';
import { runCli } from '../support/io.js';

/**
 * Issue 20, detection: custom rules on the linear-time engine through `evid policies set`,
 * `evid traces ingest`, `PUT /api/v1/policies`; and `evid analyze` with the live policy.
 */

const dirs: Array<{ cleanup(): void }> = [];
afterEach(() => {
  for (const d of dirs.splice(0)) d.cleanup();
});

function store(): string {
  const t = tempDataDir('evid-detect-');
  dirs.push(t);
  return t.dir;
}

const rule = (pattern: string, extra: Record<string, unknown> = {}) => ({
  type: 'policy.ticket',
  kind: 'regex',
  pattern,
  severity: 'high',
  ...extra,
});

describe('evid policies set with custom regex rules', () => {
  it.each([
    ['(a)\\1', 'backreferences (\\1, \\k<name>) are not supported'],
    ['ticket(?=\\d)', 'lookahead and lookbehind ((?=, (?!, (?<=, (?<!) are not supported'],
  ])('refuses %s with exit 2 and one line naming the rule; nothing is stored', async (p, why) => {
    const dir = store();
    const file = writePolicy(dir, { custom_rules: [rule('ACME-\\d{6}'), rule(p)] });
    const r = await runCli('evid', ['policies', 'set', file], { dataDir: dir });
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain(`evid: custom_rules[1].pattern: ${why}`);
    expect(r.stderr).toContain('custom rules run on a linear-time engine (RE2)');
    const live = await runCli('evid', ['policies', 'get', '--json'], { dataDir: dir });
    expect(JSON.parse(live.stdout)).toMatchObject({ version: 0 });
  });

  it('refuses a policy file with a lone surrogate or invalid UTF-8, naming where; nothing stored', async () => {
    const dir = store();
    const surrogate = join(dir, 'surrogate.json');
    writeFileSync(
      surrogate,
      '{"custom_rules":[{"type":"policy.x","kind":"keywords","keywords":["\\ud800"],"severity":"low"}]}',
    );
    const r = await runCli('evid', ['policies', 'set', surrogate], { dataDir: dir });
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/^evid: custom_rules\[0\]\.keywords\[0\]: .*lone surrogate/);
    const bytes = join(dir, 'bytes.json');
    const before = '{"custom_rules":[{"type":"policy.x","kind":"keywords","keywords":["a';
    writeFileSync(
      bytes,
      Buffer.concat([
        Buffer.from(before),
        Buffer.from([0xff]),
        Buffer.from('"],"severity":"low"}]}'),
      ]),
    );
    const b = await runCli('evid', ['policies', 'set', bytes], { dataDir: dir });
    expect(b.code).toBe(2);
    expect(b.stderr).toContain(
      `bytes.json is not valid UTF-8 (byte offset ${before.length}); refused, not replaced`,
    );
    expect(existsSync(join(dir, 'evid.db'))).toBe(false);
  });

  it('accepts the rule that froze ingest, and ingest of the 35-byte prompt finishes', async () => {
    const dir = store();
    const file = writePolicy(dir, { custom_rules: [rule('(\\w|\\d)+$')] });
    expect((await runCli('evid', ['policies', 'set', file], { dataDir: dir })).code).toBe(0);
    const trace = join(dir, 'trace.json');
    const prompts = [`${'1'.repeat(34)}!`, 'reference ab12'];
    writeFileSync(
      trace,
      JSON.stringify({
        session_id: 'sess_issue20',
        agent: 'a',
        events: prompts.map((prompt) => ({
          type: 'llm_call',
          prompt,
          completion: 'ok.',
          timestamp: '2026-11-25T09:00:00Z',
        })),
      }),
    );
    const ingest = await runCli('evid', ['traces', 'ingest', trace, '--json'], { dataDir: dir });
    expect(ingest.code, ingest.stderr).toBe(0);
    const findings = await runCli('evid', ['findings', 'list', '--json'], { dataDir: dir });
    const list = JSON.parse(findings.stdout) as { findings: Array<{ type: string }> };
    const types = list.findings.map((f) => f.type);
    expect(types.filter((t) => t === 'policy.ticket')).toHaveLength(1); // "ab12" only
  });
});

describe('PUT /api/v1/policies', () => {
  it('answers 400 naming the rule RE2 cannot compile, and keeps the old policy', async () => {
    const dir = store();
    const ctx = new AppContext(
      loadConfig({ dataDir: dir, env: { EVID_API_KEY: 'test-admin-key-0123456789abcdef' } }),
    );
    const app = await buildServer(ctx, { bin: 'evid' });
    try {
      const res = await app.inject({
        method: 'PUT',
        url: '/api/v1/policies',
        headers: { authorization: 'Bearer test-admin-key-0123456789abcdef' },
        payload: { custom_rules: [rule('(?<!no )ticket')] },
      });
      expect(res.statusCode).toBe(400);
      const body = res.json() as { error: Record<string, unknown> & { field?: string } };
      expect(Object.keys(body.error)).toEqual(
        expect.arrayContaining(['code', 'message', 'details', 'request_id']),
      );
      expect(body.error.field).toBe('custom_rules[0].pattern');
      expect(String(body.error.details)).toMatch(
        /^custom_rules\[0\]\.pattern: lookahead and lookbehind .* linear-time engine \(RE2\)/,
      );
      const live = await app.inject({
        url: '/api/v1/policies',
        headers: { authorization: 'Bearer test-admin-key-0123456789abcdef' },
      });
      expect(live.json()).toMatchObject({ version: 0 });
    } finally {
      await app.close();
      ctx.close();
    }
  });
});

describe('evid analyze and the live policy', () => {
  const text = 'Mail jane.roe@acmecorp.io about ACME-004211.';

  it('without a store: the built-in default, said so, and nothing is created', async () => {
    const dir = store();
    const r = await runCli('evid', ['analyze', text, '--json'], { dataDir: dir });
    expect(r.code).toBe(0);
    const data = JSON.parse(r.stdout);
    expect(data.policy_version).toBeNull();
    expect(data.concerns.map((c: { type: string }) => c.type)).toEqual(['pii.email']);
    expect(readdirSync(dir)).toEqual([]);
    const human = await runCli('evid', ['analyze', text], { dataDir: dir });
    expect(human.stdout).toContain('built-in default policy, no store');
    expect(human.stderr).toContain(`no store at ${dir}: analysed with the built-in default policy`);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('with a store: custom rules, disabled categories and severity overrides apply', async () => {
    const dir = store();
    const file = writePolicy(dir, {
      enabled_categories: ['secret', 'policy'],
      custom_rules: [rule('ACME-\\d{6}', { severity: 'low' })],
      severity_overrides: { 'policy.ticket': 'critical' },
    });
    expect((await runCli('evid', ['policies', 'set', file], { dataDir: dir })).code).toBe(0);
    const r = await runCli('evid', ['analyze', text, '--json'], { dataDir: dir });
    expect(r.code).toBe(0);
    const data = JSON.parse(r.stdout);
    expect(data.policy_version).toBe(1);
    expect(data.concerns).toMatchObject([{ type: 'policy.ticket', severity: 'critical' }]);
    expect(data.category_scores.pii).toBe(0); // disabled: the email is not scored
    const human = await runCli('evid', ['analyze', text], { dataDir: dir });
    expect(human.stdout).toContain('live policy version 1');
  });

  it("with a store: the policy's per-category threshold applies unless --threshold is given", async () => {
    const dir = store();
    const file = writePolicy(dir, { thresholds: { pii: 0.99 } });
    expect((await runCli('evid', ['policies', 'set', file], { dataDir: dir })).code).toBe(0);
    const types = async (args: string[]) => {
      const r = await runCli('evid', ['analyze', text, '--json', ...args], { dataDir: dir });
      return JSON.parse(r.stdout).concerns.map((c: { type: string }) => c.type);
    };
    expect(await types([])).toEqual([]);
    expect(await types(['--threshold', '0.7'])).toEqual(['pii.email']);
  });

  it('a store without a policy set reports version 0 and needs no key', async () => {
    const dir = store();
    // A store with traces but no policy (reads never create one; an ingest does).
    const ingest = await runCli('evid', ['traces', 'ingest', join(EXAMPLES, 'support-bot.json')], {
      dataDir: dir,
    });
    expect(ingest.code).toBe(0);
    const before = readdirSync(dir).sort();
    const r = await runCli('evid', ['analyze', text, '--json'], { dataDir: dir });
    expect(JSON.parse(r.stdout).policy_version).toBe(0);
    expect(readdirSync(dir).filter((f) => !before.includes(f) && !/-(wal|shm)$/.test(f))).toEqual(
      [],
    );
    expect(existsSync(join(dir, 'evid.db'))).toBe(true);
  });
});
