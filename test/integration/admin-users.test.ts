// Dashboard users (issue 14, item 4): the password comes from stdin only, is stored as a
// salted scrypt hash with its parameters, every change is ledgered with its actor (a hash of
// the password hash, never the hash), and `audit verify` passes afterwards.
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../src/admin/password.js';
import { tempDataDir } from '../support/cli.js';
import { runCli } from '../support/io.js';

const dirs: Array<{ cleanup(): void }> = [];
afterEach(() => dirs.splice(0).forEach((d) => d.cleanup()));

function store(): string {
  const d = tempDataDir('evid-users-');
  dirs.push(d);
  return d.dir;
}

const PASSWORD = 'correct horse battery staple';

function rows<T>(dir: string, sql: string): T[] {
  const db = new Database(join(dir, 'evid.db'), { readonly: true });
  try {
    return db.prepare(sql).all() as T[];
  } finally {
    db.close();
  }
}

async function add(dir: string, email: string, role: string, stdin = PASSWORD) {
  return runCli('evid', ['admin', 'users', 'add', '--email', email, '--role', role, '--json'], {
    dataDir: dir,
    stdin,
    env: { EVID_ACTOR: 'cli:ops' },
  });
}

async function verifyOk(dir: string): Promise<void> {
  const v = await runCli('audit', ['verify', '--json'], { dataDir: dir });
  expect(JSON.parse(v.stdout), v.stdout).toMatchObject({ ok: true });
}

describe('evid admin users', () => {
  it('adds a user from a stdin password, stored as salted scrypt with its parameters', async () => {
    const dir = store();
    const r = await add(dir, 'Ana@Example.com', 'analyst', `${PASSWORD}\n`);
    expect(r.code, r.stderr).toBe(0);
    const user = JSON.parse(r.stdout);
    expect(user).toMatchObject({ email: 'ana@example.com', role: 'analyst', last_login_at: null });
    expect(r.stdout).not.toContain('scrypt');
    await add(dir, 'bo@example.com', 'viewer');
    const [a, b] = rows<{ password_hash: string }>(
      dir,
      'SELECT password_hash FROM users ORDER BY id',
    );
    expect(a!.password_hash).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    // The trailing newline of `echo` is not part of the password; same password, new salt.
    expect(await verifyPassword(PASSWORD, a!.password_hash)).toBe(true);
    expect(await verifyPassword(`${PASSWORD}\n`, a!.password_hash)).toBe(false);
    expect(a!.password_hash.split('$')[4]).not.toBe(b!.password_hash.split('$')[4]);
    // The ledger commits to a hash of the stored hash, never to the hash itself.
    const history = rows<{ action: string; actor: string; password_sha256: string }>(
      dir,
      'SELECT action, actor, password_sha256 FROM user_history',
    );
    expect(history[0]).toMatchObject({ action: 'added', actor: 'cli:ops' });
    expect(history[0]!.password_sha256).toMatch(/^[0-9a-f]{64}$/);
    const kinds = rows<{ kind: string }>(dir, "SELECT kind FROM ledger WHERE kind LIKE 'user.%'");
    expect(kinds.map((k) => k.kind)).toEqual(['user.added', 'user.added']);
    await verifyOk(dir);
  });

  it.each([
    [
      'a bad role',
      ['--email', 'x@example.com', '--role', 'ingest'],
      PASSWORD,
      2,
      /role: must be one of viewer, analyst, admin/,
    ],
    [
      'a bad e-mail',
      ['--email', 'not-an-email', '--role', 'viewer'],
      PASSWORD,
      2,
      /email: not an e-mail address/,
    ],
    [
      'a short password',
      ['--email', 'x@example.com', '--role', 'viewer'],
      'short',
      2,
      /password: must be 12 to 1024/,
    ],
    [
      'no password',
      ['--email', 'x@example.com', '--role', 'viewer'],
      '',
      2,
      /no password on stdin/,
    ],
    [
      'a password as an argument',
      ['--email', 'x@example.com', '--role', 'viewer', '--password', PASSWORD],
      PASSWORD,
      2,
      /unknown option '--password'/,
    ],
  ])('refuses %s with exit 2 and stores nothing', async (_name, args, stdin, code, message) => {
    const dir = store();
    await add(dir, 'first@example.com', 'admin');
    const r = await runCli('evid', ['admin', 'users', 'add', ...args], { dataDir: dir, stdin });
    expect(r.code).toBe(code);
    expect(r.stderr).toMatch(message);
    expect(rows(dir, 'SELECT * FROM users')).toHaveLength(1);
  });

  it('a second user with the same e-mail is a conflict (exit 4)', async () => {
    const dir = store();
    await add(dir, 'ana@example.com', 'viewer');
    const r = await add(dir, 'ANA@example.com', 'admin');
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(/exists/);
  });

  it('set-role, reset-password and remove are ledgered; verify passes; unknown users are exit 3', async () => {
    const dir = store();
    const ana = JSON.parse((await add(dir, 'ana@example.com', 'viewer')).stdout);
    const before = rows<{ password_hash: string }>(dir, 'SELECT password_hash FROM users')[0]!;

    const role = await runCli(
      'evid',
      ['admin', 'users', 'set-role', ana.user_id, '--role', 'admin', '--json'],
      {
        dataDir: dir,
      },
    );
    expect(role.code, role.stderr).toBe(0);
    expect(JSON.parse(role.stdout).role).toBe('admin');
    const same = await runCli(
      'evid',
      ['admin', 'users', 'set-role', 'ana@example.com', '--role', 'admin'],
      {
        dataDir: dir,
      },
    );
    expect(same.code).toBe(4);

    const reset = await runCli('evid', ['admin', 'users', 'reset-password', 'ana@example.com'], {
      dataDir: dir,
      stdin: 'a brand new passphrase',
    });
    expect(reset.code, reset.stderr).toBe(0);
    const after = rows<{ password_hash: string }>(dir, 'SELECT password_hash FROM users')[0]!;
    expect(after.password_hash).not.toBe(before.password_hash);
    expect(await verifyPassword('a brand new passphrase', after.password_hash)).toBe(true);
    expect(await verifyPassword(PASSWORD, after.password_hash)).toBe(false);

    const removed = await runCli('evid', ['admin', 'users', 'remove', 'ana@example.com'], {
      dataDir: dir,
    });
    expect(removed.code, removed.stderr).toBe(0);
    expect(rows(dir, "SELECT * FROM users WHERE password_hash = ''")).toHaveLength(1);
    const list = await runCli('evid', ['admin', 'users', 'list', '--json'], { dataDir: dir });
    expect(JSON.parse(list.stdout)).toEqual([]);
    const all = await runCli('evid', ['admin', 'users', 'list', '--all', '--json'], {
      dataDir: dir,
    });
    expect(JSON.parse(all.stdout)[0]).toMatchObject({ email: 'ana@example.com', role: 'admin' });
    expect(all.stdout).not.toMatch(/password/);
    const kinds = rows<{ kind: string }>(
      dir,
      "SELECT kind FROM ledger WHERE kind LIKE 'user.%' ORDER BY seq",
    );
    expect(kinds.map((k) => k.kind)).toEqual([
      'user.added',
      'user.role_set',
      'user.password_reset',
      'user.removed',
    ]);
    // The address is free again once removed.
    expect((await add(dir, 'ana@example.com', 'viewer')).code).toBe(0);
    await verifyOk(dir);

    for (const args of [
      ['remove', 'nobody@example.com'],
      ['set-role', 'usr_NOPE', '--role', 'viewer'],
      ['reset-password', 'nobody@example.com'],
    ]) {
      const r = await runCli('evid', ['admin', 'users', ...args], {
        dataDir: dir,
        stdin: PASSWORD,
      });
      expect(r.code, args.join(' ')).toBe(3);
    }
  });
});
