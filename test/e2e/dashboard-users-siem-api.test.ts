// Issue 15: the REST routes behind Settings → Users and Settings → SIEM targets, over real
// HTTP with bearer keys (scripts get the same routes), read back with the CLI's own --json.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBin, runJson, tempDataDir } from '../support/cli.js';
import { api, startServer, type Loose, type RunningServer } from '../support/server.js';
import { startReceiver, type Receiver } from '../support/siem-receivers.js';

const PASSWORD = 'correct horse battery staple';
const HEC_TOKEN = 'hec-token-7d1c0a2e-0000-4000-8000-abcdefabcdef';

interface User {
  user_id: string;
  email: string;
  role: string;
  removed_at: string | null;
}

describe('users and SIEM targets over REST', () => {
  const store = tempDataDir('evid-dash-users-');
  let server: RunningServer;
  let receiver: Receiver;
  let viewerKey: string;
  let analystKey: string;

  const key = async (role: string): Promise<string> => {
    const r = await api<{ key: string }>(server.url, '/api/v1/keys', {
      method: 'POST',
      body: { name: `${role}-key`, role },
    });
    expect(r.status, r.text).toBe(201);
    return r.body.key;
  };
  const cliUsers = async (): Promise<User[]> =>
    (await runJson<User[]>('evid', ['admin', 'users', 'list', '--all'], { dataDir: store.dir }))
      .data;

  beforeAll(async () => {
    server = await startServer({ dataDir: store.dir, bin: 'audit' });
    receiver = await startReceiver();
    viewerKey = await key('viewer');
    analystKey = await key('analyst');
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
    await receiver?.close();
    store.cleanup();
  });

  it('an admin adds a user, changes the role, resets the password and removes it; the CLI sees each step', async () => {
    const added = await api<User>(server.url, '/api/v1/users', {
      method: 'POST',
      body: { email: ' Ana@Example.com ', role: 'analyst', password: PASSWORD },
    });
    expect(added.status, added.text).toBe(201);
    expect(added.body).toMatchObject({ email: 'ana@example.com', role: 'analyst' });
    expect(added.text).not.toContain('scrypt');
    expect(added.text).not.toContain('password');
    expect((await cliUsers()).find((u) => u.user_id === added.body.user_id)?.role).toBe('analyst');

    // The new user signs in with the password given.
    const signIn = await api(server.url, '/api/v1/session', {
      method: 'POST',
      key: null,
      body: { email: 'ana@example.com', password: PASSWORD },
    });
    expect(signIn.status, signIn.text).toBe(200);

    const listed = await api<{ users: User[] }>(server.url, '/api/v1/users');
    expect(listed.status).toBe(200);
    expect(listed.body.users.map((u) => u.email)).toContain('ana@example.com');
    expect(listed.text).not.toMatch(/scrypt|password_hash/);

    const role = await api<User>(server.url, `/api/v1/users/${added.body.user_id}/role`, {
      method: 'PUT',
      body: { role: 'admin' },
    });
    expect(role.status, role.text).toBe(200);
    expect(role.body.role).toBe('admin');
    const same = await api(server.url, '/api/v1/users/ana@example.com/role', {
      method: 'PUT',
      body: { role: 'admin' },
    });
    expect(same.status).toBe(409);

    const reset = await api(server.url, '/api/v1/users/ana@example.com/password', {
      method: 'PUT',
      body: { password: 'another long passphrase' },
    });
    expect(reset.status, reset.text).toBe(200);
    const oldPassword = await api(server.url, '/api/v1/session', {
      method: 'POST',
      key: null,
      body: { email: 'ana@example.com', password: PASSWORD },
    });
    expect(oldPassword.status).toBe(401);

    const removed = await api<User>(server.url, `/api/v1/users/${added.body.user_id}`, {
      method: 'DELETE',
    });
    expect(removed.status, removed.text).toBe(200);
    expect(removed.body.removed_at).toBeTruthy();
    expect((await cliUsers()).find((u) => u.user_id === added.body.user_id)?.removed_at).toBe(
      removed.body.removed_at,
    );
    expect(
      (await api<{ users: User[] }>(server.url, '/api/v1/users')).body.users.map((u) => u.email),
    ).not.toContain('ana@example.com');
    expect(
      (await api(server.url, `/api/v1/users/${added.body.user_id}`, { method: 'DELETE' })).status,
    ).toBe(404);

    // Each write is a ledger entry of the user, with the caller as its actor.
    const proof = await api<{ entries: Array<{ entry: { kind: string; actor: string } }> }>(
      server.url,
      `/api/v1/ledger/proof?subject=${added.body.user_id}`,
    );
    expect(proof.status, proof.text).toBe(200);
    expect(proof.body.entries.map((e) => [e.entry.kind, e.entry.actor])).toEqual(
      ['user.added', 'user.role_set', 'user.password_reset', 'user.removed'].map((k) => [
        k,
        'api:env:EVID_API_KEY',
      ]),
    );
  });

  it.each([
    [{ email: 'not-an-address', role: 'viewer', password: PASSWORD }, 'email', /^email: /],
    [
      { email: 'bo@example.com', role: 'root', password: PASSWORD },
      'role',
      /^role: must be one of/,
    ],
    [{ email: 'bo@example.com', role: 'viewer', password: 'short' }, 'password', /12 to 1024/],
    [{ email: 'bo@example.com', role: 'viewer' }, 'password', /^password: is required/],
    [
      { email: 'bo@example.com', role: 'viewer', password: PASSWORD, admin: true },
      'admin',
      /known/,
    ],
  ])(
    'refuses a bad user %#, naming the field and the rule, and stores nothing',
    async (body, field, rule) => {
      const r = await api<{ error: { field: string; details: string } }>(
        server.url,
        '/api/v1/users',
        {
          method: 'POST',
          body,
        },
      );
      expect(r.status, r.text).toBe(400);
      expect(r.body.error.field).toBe(field);
      expect(r.body.error.details).toMatch(rule);
      expect((await cliUsers()).map((u) => u.email)).not.toContain('bo@example.com');
    },
  );

  it('lets only an admin read or change users', async () => {
    for (const k of [viewerKey, analystKey]) {
      expect((await api(server.url, '/api/v1/users', { key: k })).status).toBe(403);
      const write = await api(server.url, '/api/v1/users', {
        method: 'POST',
        key: k,
        body: { email: 'eve@example.com', role: 'admin', password: PASSWORD },
      });
      expect(write.status).toBe(403);
    }
    expect((await api(server.url, '/api/v1/users', { key: null })).status).toBe(401);
    expect((await cliUsers()).map((u) => u.email)).not.toContain('eve@example.com');
  });

  it('adds a Splunk target without ever answering its token, lists its state, test-sends and removes it', async () => {
    const added = await api<{ target_id: string; secret: string }>(
      server.url,
      '/api/v1/siem/targets',
      {
        method: 'POST',
        body: { kind: 'splunk', endpoint: receiver.url, token: HEC_TOKEN, index: 'ai_audit' },
      },
    );
    expect(added.status, added.text).toBe(201);
    expect(added.body.secret).toBe('****');
    expect(added.text).not.toContain(HEC_TOKEN);
    // The token is in a 0600 file, not the database.
    const file = join(store.dir, 'siem', `${added.body.target_id}.secret`);
    expect(readFileSync(file, 'utf8')).toBe(HEC_TOKEN);
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const cli = await runJson<Array<{ target_id: string; options: { index?: string } }>>(
      'evid',
      ['siem', 'list'],
      { dataDir: store.dir },
    );
    expect(cli.data.find((t) => t.target_id === added.body.target_id)?.options.index).toBe(
      'ai_audit',
    );

    // Everyone who reads sees the targets and their state, never the token.
    const listed = await api<{ targets: Array<Record<string, unknown>> }>(
      server.url,
      '/api/v1/siem/targets',
      { key: viewerKey },
    );
    expect(listed.status, listed.text).toBe(200);
    expect(listed.text).not.toContain(HEC_TOKEN);
    expect(listed.body.targets.find((t) => t.target_id === added.body.target_id)).toMatchObject({
      kind: 'splunk',
      secret: '****',
      state: expect.stringMatching(/^(idle|sending|error)$/),
      queue_depth: expect.any(Number),
      forwarded_count: expect.any(Number),
      last_error: null,
    });

    expect(
      (
        await api(server.url, `/api/v1/siem/targets/${added.body.target_id}/test`, {
          method: 'POST',
          key: viewerKey,
        })
      ).status,
    ).toBe(403);
    const tested = await api<{ ok: boolean; answer: string }>(
      server.url,
      `/api/v1/siem/targets/${added.body.target_id}/test`,
      { method: 'POST' },
    );
    expect(tested.status, tested.text).toBe(200);
    expect(tested.body.ok).toBe(true);
    expect(tested.text).not.toContain(HEC_TOKEN);
    const got = receiver.received.at(-1)!;
    expect(got.headers.authorization).toBe(`Splunk ${HEC_TOKEN}`);
    expect(got.body).toContain('siem.test');

    const removed = await api<{ removed_at: string }>(
      server.url,
      `/api/v1/siem/targets/${added.body.target_id}`,
      { method: 'DELETE' },
    );
    expect(removed.status, removed.text).toBe(200);
    expect(() => statSync(file)).toThrow();
    const after = await runJson<Array<{ target_id: string }>>('evid', ['siem', 'list'], {
      dataDir: store.dir,
    });
    expect(after.data.map((t) => t.target_id)).not.toContain(added.body.target_id);
    const proof = await api<{ entries: Array<{ entry: { kind: string; actor: string } }> }>(
      server.url,
      `/api/v1/ledger/proof?subject=${added.body.target_id}`,
    );
    expect(proof.body.entries.map((e) => [e.entry.kind, e.entry.actor])).toEqual([
      ['siem.target_added', 'api:env:EVID_API_KEY'],
      ['siem.target_removed', 'api:env:EVID_API_KEY'],
    ]);
  });

  it.each([
    [{ kind: 'kafka', endpoint: 'x' }, 'kind'],
    [{ kind: 'splunk', endpoint: 'https://splunk.example.com:8088' }, 'token'],
    [{ kind: 'splunk', endpoint: 'not a url', token: 't' }, 'endpoint'],
    [{ kind: 'syslog', endpoint: '127.0.0.1', index: 'x' }, 'index'],
    [{ kind: 'syslog', endpoint: '127.0.0.1', port: 70000 }, 'port'],
    [
      {
        kind: 'sentinel',
        endpoint: 'https://dce.example.com',
        client_secret: 's',
        stream: 'Custom-X_CL',
        tenant_id: 't',
        client_id: 'c',
      },
      'dcr_id',
    ],
  ])(
    'refuses a bad SIEM target %#, naming the field as sent (not the CLI flag)',
    async (body, field) => {
      const r = await api<{ error: { field: string; details: string } }>(
        server.url,
        '/api/v1/siem/targets',
        { method: 'POST', body },
      );
      expect(r.status, r.text).toBe(400);
      expect(r.body.error.field).toBe(field);
      expect(r.body.error.details.startsWith(`${field}: `)).toBe(true);
    },
  );

  it('lets only an admin add or remove a target; unknown ids are 404', async () => {
    const body = { kind: 'syslog', endpoint: '127.0.0.1', protocol: 'udp' };
    for (const k of [viewerKey, analystKey]) {
      const r = await api(server.url, '/api/v1/siem/targets', { method: 'POST', key: k, body });
      expect(r.status).toBe(403);
    }
    const added = await api<{ target_id: string }>(server.url, '/api/v1/siem/targets', {
      method: 'POST',
      body,
    });
    expect(added.status, added.text).toBe(201);
    const del = (k?: string) =>
      api(server.url, `/api/v1/siem/targets/${added.body.target_id}`, {
        method: 'DELETE',
        ...(k ? { key: k } : {}),
      });
    expect((await del(analystKey)).status).toBe(403);
    expect((await del()).status).toBe(200);
    expect((await del()).status).toBe(404);
    expect(
      (await api(server.url, '/api/v1/siem/targets/siem_nope/test', { method: 'POST' })).status,
    ).toBe(404);
  });

  it("lists a monitoring session's alert channel with the SIEM targets, in the CLI too", async () => {
    const session = await api<{ session_id: string }>(server.url, '/v1/monitoring/session', {
      method: 'POST',
      body: {
        system_id: 'support-bot',
        alert_channels: [{ type: 'webhook', destination: 'https://hooks.example.com/evid' }],
      },
    });
    expect(session.status, session.text).toBe(201);
    const cli = await runJson<Array<{ kind: string; endpoint: string; options: Loose }>>(
      'evid',
      ['siem', 'list'],
      { dataDir: store.dir },
    );
    const channel = cli.data.find((t) => t.kind === 'alert_webhook');
    expect(channel?.endpoint).toBe('https://hooks.example.com/evid');
    expect(channel?.options.session_id).toBe(session.body.session_id);
    const rest = await api<{ targets: Array<{ kind: string }> }>(
      server.url,
      '/api/v1/siem/targets',
    );
    expect(rest.body.targets.map((t) => t.kind)).toContain('alert_webhook');
  });

  it('leaves a ledger that audit verify accepts', async () => {
    const verify = await runBin('audit', ['verify'], { dataDir: store.dir });
    expect(verify.exitCode, String(verify.stdout) + String(verify.stderr)).toBe(0);
  });
});
