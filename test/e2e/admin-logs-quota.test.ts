// Issue 14, item 4, with the built binaries: the server's JSON logs land in <data dir>/logs
// with size-based rotation (0600, no credentials), `evid admin logs` reads them (level filter,
// --follow across rotation), and a reached quota answers intake with 507 over REST.
import { execa } from 'execa';
import {
  appendFileSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
  mkdirSync,
} from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, runBin, tempDataDir } from '../support/cli.js';
import { ADMIN_KEY, api, startServer } from '../support/server.js';

const dirs: Array<{ cleanup(): void }> = [];
afterAll(() => dirs.forEach((d) => d.cleanup()));
function dataDir(): string {
  const d = tempDataDir('evid-admin-e2e-');
  dirs.push(d);
  return d.dir;
}

const trace = (session: string) => ({
  session_id: session,
  agent: 'quota-bot',
  events: [
    { type: 'llm_call', prompt: 'hello', completion: 'hi', timestamp: '2026-11-20T09:00:00Z' },
    { type: 'llm_call', prompt: 'again', completion: 'ok', timestamp: '2026-11-20T09:00:01Z' },
  ],
});

const line = (level: number, msg: string, time: number) =>
  `${JSON.stringify({ level, time, pid: 1, hostname: 'h', msg })}\n`;

describe('server logs and quotas', () => {
  it('writes rotated JSON log files without credentials, and refuses intake over a quota with 507', async () => {
    const dir = dataDir();
    const server = await startServer({
      dataDir: dir,
      env: {
        EVID_LOG_LEVEL: 'info',
        EVID_LOG_MAX_BYTES: '4000',
        EVID_LOG_FILES: '3',
        EVID_QUOTA_EVENTS: '3',
      },
    });
    try {
      const first = await api(server.url, '/api/v1/traces', { method: 'POST', body: trace('s-1') });
      expect(first.status).toBe(201);
      const second = await api(server.url, '/api/v1/traces', {
        method: 'POST',
        body: trace('s-2'),
      });
      expect(second.status).toBe(201); // 2 events stored: under the quota of 3 when it started
      const refused = await api(server.url, '/api/v1/traces', {
        method: 'POST',
        body: trace('s-3'),
      });
      expect(refused.status).toBe(507);
      expect(refused.body.error).toMatchObject({
        code: 507,
        message: 'Insufficient Storage',
        type: 'quota_exceeded',
        request_id: expect.stringMatching(/^req_/),
      });
      expect(refused.body.error.details).toMatch(/events at 133\.3% of its quota \(4 of 3\)/);
      const missing = await api(server.url, '/api/v1/traces/s-3');
      expect(missing.status).toBe(404);
      for (let i = 0; i < 20; i++) await api(server.url, '/api/v1/traces?limit=1');
      await api(server.url, '/api/v1/traces', { key: 'evk_not-a-real-key-but-secret' });
    } finally {
      await server.stop();
    }
    const logs = join(dir, 'logs');
    const files = readdirSync(logs).sort();
    expect(files).toEqual(['evid-serve.log', 'evid-serve.log.1', 'evid-serve.log.2']);
    for (const f of files) {
      expect(statSync(join(logs, f)).mode & 0o777).toBe(0o600);
      expect(statSync(join(logs, f)).size).toBeLessThanOrEqual(4000);
      const text = readFileSync(join(logs, f), 'utf8');
      expect(text).not.toContain(ADMIN_KEY);
      expect(text).not.toContain('not-a-real-key-but-secret');
    }
    const read = await runBin('evid', ['admin', 'logs', '--json'], { dataDir: dir });
    expect(read.exitCode, String(read.stderr)).toBe(0);
    const entries = JSON.parse(String(read.stdout)) as Array<{
      time: number;
      res?: { statusCode: number };
    }>;
    expect(entries.some((e) => e.res?.statusCode === 401)).toBe(true);
    const times = entries.map((e) => e.time);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    const pretty = await runBin('evid', ['admin', 'logs'], { dataDir: dir });
    expect(String(pretty.stdout)).toMatch(/ INFO +evid-serve req_\w+ request completed 401 /);

    // A server started on a store at 80% of a quota says so in its log (warn level).
    const again = await startServer({
      dataDir: dir,
      env: { EVID_LOG_LEVEL: 'info', EVID_QUOTA_EVENTS: '5' },
    });
    await again.stop();
    const warned = await runBin('evid', ['admin', 'logs', '--level', 'warn', '--json'], {
      dataDir: dir,
    });
    expect(JSON.parse(String(warned.stdout)).map((e: { msg: string }) => e.msg)).toEqual([
      'quota warning: events at 80% of its quota (4 of 5)',
    ]);
  });

  it('filters by level, and --follow prints new lines across a rotation', async () => {
    const dir = dataDir();
    const logs = join(dir, 'logs');
    mkdirSync(logs, { recursive: true });
    const log = join(logs, 'audit-serve.log');
    writeFileSync(log, line(30, 'started', 1) + line(40, 'slow disk', 2) + line(50, 'broken', 3));
    const warn = await runBin('evid', ['admin', 'logs', '--level', 'warn', '--json'], {
      dataDir: dir,
    });
    expect(JSON.parse(String(warn.stdout)).map((e: { msg: string }) => e.msg)).toEqual([
      'slow disk',
      'broken',
    ]);
    const error = await runBin('evid', ['admin', 'logs', '--level', 'error'], { dataDir: dir });
    expect(String(error.stdout).trim()).toMatch(
      /^1970-01-01T00:00:00\.003Z ERROR audit-serve broken$/,
    );
    const bad = await runBin('evid', ['admin', 'logs', '--level', 'loud'], { dataDir: dir });
    expect(bad.exitCode).toBe(2);

    const follow = execa(
      process.execPath,
      [join(ROOT, 'bin', 'evid.js'), 'admin', 'logs', '--follow', '--json'],
      {
        env: { EVID_DATA_DIR: dir },
        reject: false,
      },
    );
    const seen: string[] = [];
    const waitFor = (n: number) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`saw only ${seen.join(', ')}`)), 20_000);
        const check = () => {
          if (seen.length >= n) {
            clearTimeout(timer);
            resolve();
          }
        };
        lines.on('line', check);
        check();
      });
    const lines = createInterface({ input: follow.stdout! });
    lines.on('line', (l) => seen.push((JSON.parse(l) as { msg: string }).msg));
    try {
      await waitFor(3); // what was there already
      appendFileSync(log, line(30, 'new line', 4));
      await waitFor(4);
      // Rotation as the server does it: a last line in the old file, renamed, a new file.
      appendFileSync(log, line(30, 'last before rotation', 5));
      renameSync(log, `${log}.1`);
      writeFileSync(log, line(30, 'first after rotation', 6));
      await waitFor(6);
      expect(seen).toEqual([
        'started',
        'slow disk',
        'broken',
        'new line',
        'last before rotation',
        'first after rotation',
      ]);
    } finally {
      follow.kill('SIGTERM');
      const r = await follow;
      expect(r.exitCode).toBe(0);
    }
  });
});
