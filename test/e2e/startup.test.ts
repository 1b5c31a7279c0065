import { execa } from 'execa';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, tempDataDir } from '../support/cli.js';

const store = tempDataDir();
afterAll(() => store.cleanup());

/** Modules that must load lazily, only inside the commands that need them (STYLE.md). */
const HEAVY = [
  /node_modules\/pdfkit\//,
  /node_modules\/protobufjs\//,
  /node_modules\/archiver\//,
  /node_modules\/hyparquet-writer\//,
  /node_modules\/fastify\//,
  /node_modules\/ajv\//,
  /node_modules\/jose\//,
  /node_modules\/ora\//,
  // Only a TTY (colour) or a table loads these.
  /node_modules\/chalk\//,
  /node_modules\/cli-table3\//,
  /dist\/detect\//,
  /dist\/server\//,
];

async function importsOf(bin: string, args: string[]): Promise<string[]> {
  const r = await execa(
    process.execPath,
    ['--import', join(ROOT, 'test/support/hooks/register.mjs'), join(ROOT, 'bin', bin), ...args],
    { reject: false, env: { EVID_DATA_DIR: store.dir } },
  );
  return String(r.stderr)
    .split('\n')
    .filter((l) => l.startsWith('IMPORT '))
    .map((l) => l.slice(7));
}

describe('start-up stays light', () => {
  it.each([
    ['evid.js', ['--help']],
    ['evid.js', ['status', '--json']],
    ['audit.js', ['--help']],
    ['audit.js', ['verify', '--json']],
  ])('%s %j loads none of the heavy modules', async (bin, args) => {
    const loaded = await importsOf(bin, args);
    expect(loaded.some((u) => u.includes('commander'))).toBe(true);
    const heavy = loaded.filter((u) => HEAVY.some((h) => h.test(u)));
    expect(heavy).toEqual([]);
  });
});

describe('a command loads its own module, not every command', () => {
  const commandModules = (loaded: string[]) =>
    loaded.filter((u) => /\/dist\/cli\/commands\//.test(u)).map((u) => u.split('/dist/')[1]);

  it('evid status --json imports only the status command', async () => {
    expect(commandModules(await importsOf('evid.js', ['status', '--json']))).toEqual([
      'cli/commands/status/status.js',
    ]);
  });

  it('evid --help still lists every command (so it imports them all)', async () => {
    expect(commandModules(await importsOf('evid.js', ['--help'])).length).toBeGreaterThan(40);
  });
});

describe('built-in modules a store read does not need', () => {
  it('evid status --json on a store with evidence loads neither node:crypto nor worker_threads', async () => {
    const withEvidence = tempDataDir();
    try {
      const env = { EVID_DATA_DIR: withEvidence.dir };
      await execa(
        process.execPath,
        [join(ROOT, 'bin/evid.js'), 'traces', 'ingest', join(ROOT, 'examples/support-bot.json')],
        { env },
      );
      const r = await execa(
        process.execPath,
        [
          '--require',
          join(ROOT, 'test/support/hooks/log-builtins.cjs'),
          join(ROOT, 'bin/evid.js'),
          'status',
          '--json',
        ],
        { env },
      );
      expect(JSON.parse(r.stdout)).toMatchObject({ traces: 1 });
      const builtins = r.stderr
        .split('\n')
        .filter((l) => l.startsWith('BUILTIN '))
        .map((l) => l.slice(8));
      expect(builtins).toContain('fs');
      expect(builtins).not.toContain('crypto');
      expect(builtins).not.toContain('worker_threads');
    } finally {
      withEvidence.cleanup();
    }
  });
});

describe('detector rule data loads only when a scan needs it', () => {
  const RULE_DATA = /gitleaks-rules\.json$/;
  const required = (stderr: string) =>
    stderr
      .split('\n')
      .filter((l) => l.startsWith('REQUIRED '))
      .map((l) => l.slice(9));
  const hook = join(ROOT, 'test/support/hooks/log-required.cjs');

  it('evid status --json never reads gitleaks-rules.json', async () => {
    const r = await execa(
      process.execPath,
      ['--require', hook, join(ROOT, 'bin/evid.js'), 'status', '--json'],
      { reject: false, env: { EVID_DATA_DIR: store.dir } },
    );
    const files = required(String(r.stderr));
    expect(files.length).toBeGreaterThan(0); // the hook ran
    expect(files.filter((f) => RULE_DATA.test(f))).toEqual([]);
  });

  it('a scan that meets a gitleaks keyword reads it (the check above can fail)', async () => {
    const script = [
      "import { createRequire } from 'node:module';",
      `const { createDetector } = await import(${JSON.stringify(join(ROOT, 'dist/detect/index.js'))});`,
      'const d = createDetector();',
      "d.scanEvent([{ field: 'prompt', text: 'plain words only' }]);",
      "if (Object.keys(createRequire(import.meta.url).cache).some((f) => f.endsWith('gitleaks-rules.json'))) throw new Error('loaded early');",
      "d.scanEvent([{ field: 'prompt', text: 'pulumi pul-3f9a1c7e5b2d8f4a6c0e9b1d7f3a5c8e2b4d6f01' }]);",
    ].join('\n');
    const r = await execa(
      process.execPath,
      ['--require', hook, '--input-type=module', '-e', script],
      { reject: false },
    );
    expect(r.exitCode, String(r.stderr)).toBe(0);
    expect(required(String(r.stderr)).filter((f) => RULE_DATA.test(f))).toHaveLength(1);
  });
});
