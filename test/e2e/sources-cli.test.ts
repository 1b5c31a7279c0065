// Issue 12 (live collection), items 1 and 7: sources are records. `evid sources add | list |
// remove | test` with the built binary: each type, the credential shown once, the errors
// that name the field, the ledger entries with their actor, removal with and without purge.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBin, runJson, tempDataDir } from '../support/cli.js';
import { api, startServer, trace } from '../support/server.js';
import { appendThroughSource, recordErrorFor, sourceSession } from '../support/source-events.js';
import { withDb } from '../support/tamper.js';

interface Added {
  source: { source_id: string; type: string; name: string; options: Record<string, unknown> };
  credential: { kind: string; value: string } | null;
  connect: { url: string | null; header: string | null; path?: string };
}
interface Listed {
  source_id: string;
  type: string;
  name: string;
  endpoint: string | null;
  status: string;
  event_count: number;
  error_count: number;
  skipped_count: number;
  last_event_at: string | null;
  last_error: string | null;
}

const store = tempDataDir('evid-sources-');
const env = { EVID_ACTOR: 'cli:alice', EVID_API_HOST: '10.1.2.3', EVID_API_PORT: '9911' };
const added: Record<string, Added> = {};
const log = join(store.dir, 'agent.jsonl');

const run = (args: string[], extra: Record<string, string> = {}) =>
  runBin('evid', args, { dataDir: store.dir, env: { ...env, ...extra } });
const json = <T>(args: string[], extra: Record<string, string> = {}) =>
  runJson<T>('evid', args, { dataDir: store.dir, env: { ...env, ...extra } });

beforeAll(async () => {
  writeFileSync(
    log,
    `${JSON.stringify({ session_id: 's-log', agent: 'worker', type: 'llm_call', timestamp: '2026-11-25T10:00:00Z', prompt: 'hi' })}\n`,
  );
  for (const [type, extra] of [
    ['otel', []],
    ['webhook', []],
    ['logfile', ['--endpoint', log]],
    ['gateway', ['--endpoint', 'http://127.0.0.1:9/v1', '--fail-closed', '--timeout', '5000']],
  ] as Array<[string, string[]]>) {
    const r = await json<Added>([
      'sources',
      'add',
      '--type',
      type,
      '--name',
      `${type}-1`,
      ...extra,
    ]);
    expect(r.code, r.stderr).toBe(0);
    added[type] = r.data;
  }
}, 60_000);
afterAll(() => store.cleanup());

describe('evid sources add', () => {
  it('gives each type its credential and says where to send, as JSON', () => {
    const { otel, webhook, logfile, gateway } = added as Required<typeof added>;
    const base = 'http://10.1.2.3:9911';
    expect(otel!.credential).toMatchObject({
      kind: 'token',
      value: expect.stringMatching(/^evk_/),
    });
    expect(otel!.connect).toEqual({
      url: `${base}/v1/traces`,
      header: 'Authorization: Bearer <token>',
    });
    expect(webhook!.credential).toMatchObject({
      kind: 'webhook_secret',
      value: expect.stringMatching(/^whsec_/),
    });
    expect(webhook!.connect.url).toBe(`${base}/api/v1/sources/${webhook!.source.source_id}/events`);
    expect(webhook!.connect.header).toMatch(/^X-Evid-Signature: t=/);
    expect(logfile!.credential).toBeNull();
    expect(logfile!.connect).toEqual({ url: null, header: null, path: log });
    expect(logfile!.source.options).toEqual({});
    expect(gateway!.credential?.kind).toBe('token');
    expect(gateway!.connect).toEqual({
      url: `${base}/gateway/${gateway!.source.source_id}/v1`,
      header: 'X-Evid-Key: <token>',
    });
    expect(gateway!.source.options).toEqual({ fail_closed: true, timeout_ms: 5000 });
  });

  it('prints the credential once for a person, with what to do with it', async () => {
    const r = await run([
      'sources',
      'add',
      '--type',
      'otel',
      '--name',
      'human',
      '--url',
      'https://evid.example',
    ]);
    expect(r.exitCode).toBe(0);
    expect(String(r.stdout)).toMatch(/token\s+evk_\S+/);
    expect(String(r.stdout)).toMatch(/send to\s+https:\/\/evid\.example\/v1\/traces/);
    expect(String(r.stdout)).toMatch(/header\s+Authorization: Bearer <token>/);
    expect(String(r.stderr)).toContain('shown once and will not be shown again');
  });

  it('stores a log format mapping as given, and a relative log path made absolute', async () => {
    const format = { session: 'ctx.sid', agent: 'svc', type: 'kind', timestamp: 'ts' };
    const r = await json<Added>([
      'sources',
      'add',
      '--type',
      'logfile',
      '--name',
      'mapped',
      '--endpoint',
      'logs/*.jsonl',
      '--format',
      JSON.stringify(format),
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.data.source.options).toEqual({ format });
    expect(r.data.connect.path).toMatch(/^\/.*\/logs\/\*\.jsonl$/);
  });

  it.each([
    [['--name', 'x'], 2, /--type: is required/],
    [
      ['--type', 'kafka', '--name', 'x'],
      2,
      /--type: must be one of otel, webhook, logfile, gateway/,
    ],
    [['--type', 'otel'], 2, /--name: is required/],
    [['--type', 'otel', '--name', 'bad\u0007name'], 2, /^evid: --name: must be 1 to 100 printable/],
    [['--type', 'otel', '--name', 'n'.repeat(101)], 2, /^evid: --name: /],
    [
      ['--type', 'gateway', '--name', 'g'],
      2,
      /^evid: --endpoint: is required for a gateway source/,
    ],
    [
      ['--type', 'gateway', '--name', 'g', '--endpoint', 'ftp://x'],
      2,
      /^evid: --endpoint: must be an http\(s\) URL/,
    ],
    [['--type', 'logfile', '--name', 'l'], 2, /^evid: --endpoint: is required/],
    [
      ['--type', 'logfile', '--name', 'l', '--endpoint', '/x', '--format', 'csv'],
      2,
      /^evid: --format: expected ndjson or a JSON object/,
    ],
    [
      [
        '--type',
        'logfile',
        '--name',
        'l',
        '--endpoint',
        '/x',
        '--format',
        '{"session":"a","agent":"b","type":"c"}',
      ],
      2,
      /^evid: --format\.timestamp: is required/,
    ],
    [
      [
        '--type',
        'logfile',
        '--name',
        'l',
        '--endpoint',
        '/x',
        '--format',
        '{"session":"a","agent":7,"type":"c","timestamp":"t"}',
      ],
      2,
      /^evid: --format\.agent: must be a string/,
    ],
    [
      ['--type', 'logfile', '--name', 'l', '--endpoint', '/x', '--format', '{"sessionid":"a"}'],
      2,
      /^evid: --format\.sessionid: is not an event field/,
    ],
    [
      ['--type', 'otel', '--name', 'o', '--format', 'ndjson'],
      2,
      /^evid: --format: is not an option of an otel source/,
    ],
    [
      ['--type', 'webhook', '--name', 'w', '--fail-closed'],
      2,
      /^evid: --fail-closed: is not an option of a webhook source/,
    ],
    [
      ['--type', 'gateway', '--name', 'g', '--endpoint', 'http://u/v1', '--timeout', 'soon'],
      2,
      /^evid: --timeout: expected milliseconds/,
    ],
    [
      ['--type', 'gateway', '--name', 'g', '--endpoint', 'http://u/v1', '--timeout', '0'],
      2,
      /^evid: --timeout: must be a whole number of milliseconds/,
    ],
    [['--type', 'otel', '--name', 'o', '--url', 'nope'], 2, /^evid: --url: /],
    [
      ['--type', 'webhook', '--name', 'otel-1'],
      4,
      /^evid: name: a source named "otel-1" already exists/,
    ],
  ])('%j: exit %i naming the field', async (args, code, message) => {
    const before = withDb(store.dir, (db) => db.prepare('SELECT COUNT(*) AS n FROM sources').get());
    const r = await run(['sources', 'add', ...args]);
    expect(r.exitCode).toBe(code);
    expect(String(r.stderr)).toMatch(message);
    expect(String(r.stdout)).toBe('');
    expect(
      withDb(store.dir, (db) => db.prepare('SELECT COUNT(*) AS n FROM sources').get()),
    ).toEqual(before);
  });

  it('ledgers each source with the actor who added it', () => {
    const rows = withDb(store.dir, (db) =>
      db
        .prepare("SELECT subject_id, actor FROM ledger WHERE kind = 'source.added' ORDER BY seq")
        .all(),
    ) as Array<{ subject_id: string; actor: string }>;
    for (const a of Object.values(added)) {
      expect(rows).toContainEqual({ subject_id: a.source.source_id, actor: 'cli:alice' });
    }
  });
});

describe('evid sources list and status', () => {
  it('lists every source with status and counters, and never a credential', async () => {
    const list = await json<Listed[]>(['sources', 'list']);
    expect(list.code).toBe(0);
    const byName = Object.fromEntries(list.data.map((s) => [s.name, s]));
    for (const type of ['otel', 'webhook', 'logfile', 'gateway']) {
      expect(byName[`${type}-1`]).toMatchObject({
        source_id: added[type]!.source.source_id,
        type,
        status: 'never',
        event_count: 0,
        error_count: 0,
        skipped_count: 0,
        last_event_at: null,
        last_error: null,
      });
    }
    const human = await run(['sources', 'list']);
    const status = await run(['status', '--json']);
    const statusHuman = await run(['status']);
    for (const text of [
      JSON.stringify(list.data),
      String(human.stdout),
      String(status.stdout),
      String(statusHuman.stdout),
    ]) {
      for (const a of Object.values(added))
        if (a.credential) expect(text).not.toContain(a.credential.value);
    }
    expect(String(human.stdout)).toMatch(/otel-1\s*│\s*-\s*│\s*never/);
    expect(JSON.parse(String(status.stdout)).sources).toHaveLength(list.data.length);
    expect(String(statusHuman.stdout)).toMatch(/^sources$/m);
    expect(String(statusHuman.stdout)).toMatch(
      /^ {2}otel-1 +otel +never +0 events, 0 errors, last event never$/m,
    );
  });

  it('shows events that arrived through a source, and an error once one is recorded', async () => {
    const webhook = added.webhook!.source;
    appendThroughSource(store.dir, webhook, [sourceSession('s-hook', 'ticket-bot', 3)]);
    const list = await json<Listed[]>(['sources', 'list']);
    const row = list.data.find((s) => s.source_id === webhook.source_id)!;
    expect(row).toMatchObject({ status: 'receiving', event_count: 3 });
    expect(row.last_event_at).not.toBeNull();
    const status = await run(['status']);
    expect(String(status.stdout)).toMatch(/webhook-1 +webhook +receiving +3 events, 0 errors/);
    expect(
      (await runJson<{ ok: boolean }>('audit', ['verify'], { dataDir: store.dir })).data.ok,
    ).toBe(true);
    recordErrorFor(store.dir, webhook.source_id, 'bad signature from 10.0.0.7');
    const after = (await json<Listed[]>(['sources', 'list'])).data.find(
      (s) => s.source_id === webhook.source_id,
    )!;
    expect(after).toMatchObject({
      status: 'error',
      error_count: 1,
      last_error: 'bad signature from 10.0.0.7',
      event_count: 3,
    });
    expect(String((await run(['sources', 'list'])).stdout)).toContain(
      'bad signature from 10.0.0.7',
    );
  });
});

describe('evid sources test', () => {
  it('a log file: readable, and its last line maps to an event (exit 0)', async () => {
    const r = await json<{ ok: boolean; event: Record<string, unknown>; files: string[] }>([
      'sources',
      'test',
      added.logfile!.source.source_id,
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.data).toMatchObject({
      ok: true,
      files: [log],
      event: { type: 'llm_call', prompt: 'hi' },
    });
  });

  it('a log file whose last line is not an event: exit 1 saying why', async () => {
    writeFileSync(
      log,
      '{"session_id":"s","agent":"a","type":"llm_call","timestamp":"yesterday"}\n',
      { flag: 'a' },
    );
    const r = await run(['sources', 'test', added.logfile!.source.source_id]);
    expect(r.exitCode).toBe(1);
    expect(String(r.stdout)).toMatch(/result\s+FAILED/);
    expect(String(r.stderr)).toMatch(/does not map to an event: .*timestamp/);
  });

  it('no server: exit 1 naming the URL; no credential for a token source: exit 2; unknown id: exit 3', async () => {
    const refused = await run([
      'sources',
      'test',
      added.webhook!.source.source_id,
      '--url',
      'http://127.0.0.1:9',
    ]);
    expect(refused.exitCode).toBe(1);
    expect(String(refused.stderr)).toContain('http://127.0.0.1:9/api/v1/sources/');
    const noKey = await run(['sources', 'test', added.otel!.source.source_id], {
      EVID_API_KEY: '',
    });
    expect(noKey.exitCode).toBe(2);
    expect(String(noKey.stderr)).toMatch(/--token: an otel source is tested with its token/);
    const unknown = await run(['sources', 'test', 'src_nope']);
    expect(unknown.exitCode).toBe(3);
  });
});

describe('evid sources remove', () => {
  it('unknown id: exit 3; a removed source is gone from the list and cannot be removed twice', async () => {
    expect((await run(['sources', 'remove', 'src_nope'])).exitCode).toBe(3);
    const { source } = (
      await json<Added>(['sources', 'add', '--type', 'webhook', '--name', 'brief'])
    ).data;
    const r = await json<{ source_id: string; purged_events: number }>([
      'sources',
      'remove',
      source.source_id,
    ]);
    expect(r.data).toMatchObject({ source_id: source.source_id, purged_events: 0 });
    const again = await run(['sources', 'remove', source.source_id]);
    expect(again.exitCode).toBe(3);
    expect(String(again.stderr)).toContain('it was removed');
    const list = await json<Listed[]>(['sources', 'list']);
    expect(list.data.map((s) => s.source_id)).not.toContain(source.source_id);
    // Its name is free again.
    expect((await run(['sources', 'add', '--type', 'webhook', '--name', 'brief'])).exitCode).toBe(
      0,
    );
  });

  it('--purge blanks the content of its events, keeps them, verify passes, and its token is refused at once', async () => {
    const dir = tempDataDir('evid-sources-purge-');
    try {
      const other = await runJson<Added>(
        'evid',
        ['sources', 'add', '--type', 'otel', '--name', 'keep'],
        { dataDir: dir.dir },
      );
      const gone = await runJson<Added>(
        'evid',
        ['sources', 'add', '--type', 'otel', '--name', 'gone'],
        { dataDir: dir.dir },
      );
      appendThroughSource(dir.dir, gone.data.source, [sourceSession('s-gone', 'bot', 2)]);
      appendThroughSource(dir.dir, other.data.source, [sourceSession('s-keep', 'bot', 1)]);
      const server = await startServer({ dataDir: dir.dir, env: { EVID_ACTOR: 'cli:alice' } });
      try {
        const token = gone.data.credential!.value;
        expect(
          (
            await api(server.url, '/api/v1/traces', {
              method: 'POST',
              key: token,
              body: trace('s-rest'),
            })
          ).status,
        ).toBe(201);
        const r = await runJson<{ purged_events: number }>(
          'evid',
          ['sources', 'remove', gone.data.source.source_id, '--purge'],
          { dataDir: dir.dir, env: { EVID_ACTOR: 'cli:bob' } },
        );
        expect(r.code, r.stderr).toBe(0);
        expect(r.data.purged_events).toBe(2);
        const refused = await api(server.url, '/api/v1/traces', {
          method: 'POST',
          key: token,
          body: trace('s-late'),
        });
        expect(refused.status).toBe(401);
        expect(refused.body.error.code).toBe(401);
      } finally {
        await server.stop();
      }
      const events = withDb(dir.dir, (db) =>
        db
          .prepare(
            'SELECT source_id, prompt, purged_at FROM events WHERE source_id IS NOT NULL ORDER BY id',
          )
          .all(),
      ) as Array<{ source_id: string; prompt: string | null; purged_at: string | null }>;
      expect(events).toHaveLength(3);
      for (const e of events) {
        if (e.source_id === gone.data.source.source_id)
          expect(e).toMatchObject({ prompt: null, purged_at: expect.any(String) });
        else expect(e).toMatchObject({ prompt: 'secret question 0 of s-keep', purged_at: null });
      }
      const removal = withDb(dir.dir, (db) =>
        db.prepare("SELECT actor FROM ledger WHERE kind = 'source.removed'").all(),
      );
      expect(removal).toEqual([{ actor: 'cli:bob' }]);
      const verify = await runJson<{ ok: boolean; message: string }>('audit', ['verify'], {
        dataDir: dir.dir,
      });
      expect(verify.data.ok, verify.data.message).toBe(true);
    } finally {
      dir.cleanup();
    }
  }, 60_000);
});
