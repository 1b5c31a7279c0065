// Issue 14 item 3: syslog forwarding to a real rsyslog (Debian's package) over UDP, TCP with
// octet counting and TLS with a CA made here with openssl. rsyslog parses each message and
// writes its fields (pri, timestamp, host, app, procid, msgid, structured data, msg) to a
// file; the test reads them back. Skipped, saying why, only when rsyslogd is not installed.
import { execa, type ResultPromise } from 'execa';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBin, runJson, tempDataDir } from '../support/cli.js';
import { makeCertificates } from '../support/siem-receivers.js';
import { findingTraces } from '../support/siem-traces.js';

const RSYSLOGD = ['/usr/sbin/rsyslogd', '/sbin/rsyslogd'].find((p) => existsSync(p));
if (!RSYSLOGD) {
  console.warn(
    'siem-syslog: rsyslogd is not installed (apt-get install rsyslog rsyslog-gnutls): skipped',
  );
}

const d = tempDataDir('evid-syslog-');
const env = { EVID_SIEM_RETRY_MS: '50' };
const run = (args: string[]) => runBin('evid', args, { dataDir: d.dir, env });
const json = <T>(args: string[]) => runJson<T>('evid', args, { dataDir: d.dir, env });
const out = join(d.dir, 'received.log');
let rsyslog: ResultPromise | undefined;
let certs: Awaited<ReturnType<typeof makeCertificates>>;
const ports = { udp: 0, tcp: 0, tls: 0 };

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as { port: number }).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

async function startRsyslog(): Promise<void> {
  const conf = join(d.dir, 'rsyslog.conf');
  writeFileSync(
    conf,
    `global(workDirectory="${d.dir}" maxMessageSize="64k"
  defaultNetstreamDriverCAFile="${certs.ca}" defaultNetstreamDriverCertFile="${certs.cert}"
  defaultNetstreamDriverKeyFile="${certs.key}")
module(load="imudp")
module(load="imptcp")
module(load="imtcp" streamDriver.name="gtls" streamDriver.mode="1" streamDriver.authMode="anon")
template(name="fields" type="string"
  string="%inputname%|%pri%|%timereported:::date-rfc3339%|%hostname%|%app-name%|%procid%|%msgid%|%structured-data%|%msg%\\n")
input(type="imudp" address="127.0.0.1" port="${ports.udp}")
input(type="imptcp" address="127.0.0.1" port="${ports.tcp}")
input(type="imtcp" address="127.0.0.1" port="${ports.tls}")
action(type="omfile" file="${out}" template="fields")
`,
  );
  rsyslog = execa(RSYSLOGD!, ['-n', '-f', conf, '-i', join(d.dir, 'rsyslog.pid')], {
    reject: false,
  });
  await until(async () => (await listening(ports.tcp)) && (await listening(ports.tls)));
}

async function stopRsyslog(): Promise<void> {
  rsyslog?.kill('SIGTERM');
  await rsyslog;
  rsyslog = undefined;
}

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = createServer();
    s.once('error', () => resolve(true));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(false)));
  });
}

async function until(check: () => boolean | Promise<boolean>, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** rsyslog's parsed view of each message that arrived through one input. */
function received(input: string): Array<{
  pri: number;
  host: string;
  app: string;
  msgid: string;
  sd: string;
  msg: string;
  time: string;
}> {
  if (!existsSync(out)) return [];
  return readFileSync(out, 'utf8')
    .split('\n')
    .filter((l) => l.startsWith(`${input}|`))
    .map((l) => {
      const [, pri, time, host, app, , msgid, sd, ...msg] = l.split('|');
      return {
        pri: Number(pri),
        time: time!,
        host: host!,
        app: app!,
        msgid: msgid!,
        sd: sd!,
        msg: msg.join('|'),
      };
    });
}

const targets: Record<string, string> = {};

beforeAll(async () => {
  if (!RSYSLOGD) return;
  certs = await makeCertificates(d.dir);
  ports.udp = await freePort();
  ports.tcp = await freePort();
  ports.tls = await freePort();
  await startRsyslog();
  for (const [protocol, extra] of [
    ['udp', []],
    ['tcp', []],
    ['tls', ['--ca-file', certs.ca, '--format', 'cef']],
  ] as const) {
    const added = await json<{ target_id: string }>([
      'siem',
      'add',
      '--kind',
      'syslog',
      '--endpoint',
      '127.0.0.1',
      '--protocol',
      protocol,
      '--port',
      String(ports[protocol]),
      ...extra,
    ]);
    expect(added.code, added.stderr).toBe(0);
    targets[protocol] = added.data.target_id;
  }
}, 60_000);

afterAll(async () => {
  await stopRsyslog();
  d.cleanup();
});

describe.skipIf(!RSYSLOGD)('syslog to a real rsyslog', () => {
  it('delivers findings as RFC 5424 over UDP and TCP (octet counting) and as CEF over TLS', async () => {
    expect((await run(['traces', 'ingest', findingTraces(d.dir, 'a', ['a'], 3)])).exitCode).toBe(0);
    const flush = await json<Array<{ ok: boolean; sent: number }>>(['siem', 'flush']);
    expect(flush.code, flush.stderr).toBe(0);
    expect(flush.data.map((t) => t.sent)).toEqual([3, 3, 3]);
    await until(
      () =>
        received('imudp').length === 3 &&
        received('imptcp').length === 3 &&
        received('imtcp').length === 3,
    );
    for (const input of ['imudp', 'imptcp']) {
      for (const m of received(input)) {
        // facility 13 (log audit) * 8 + severity: the e-mail findings are medium (4) or low (5)
        expect([13 * 8 + 4, 13 * 8 + 5, 13 * 8 + 3]).toContain(m.pri);
        expect(m.app).toBe('evid');
        expect(m.msgid).toBe('finding.created');
        expect(m.sd).toMatch(
          /^\[evid@32473 event_id="[0-9a-f-]{36}" kind="finding\.created" severity="(low|medium|high)" subject_id="fd_[^"]+" ledger_seq="\d+"\]$/,
        );
        expect(m.msg).toMatch(/finding fd_\S+ \(agent mail-bot/);
        expect(JSON.parse(m.msg.slice(m.msg.indexOf('{'))).finding_id).toMatch(/^fd_/);
      }
    }
    for (const m of received('imtcp')) {
      expect(m.msgid).toBe('finding.created');
      expect(m.sd).toBe('-');
      expect(m.msg).toMatch(
        /^CEF:0\|evid\|evid\|[^|]+\|finding\.created\|[^|]+\|(3|5|8)\|rt=\d+ externalId=[0-9a-f-]{36} /,
      );
    }
  });

  it('TLS with a CA that did not sign the server is a clear error; nothing is lost', async () => {
    const wrong = await json<{ target_id: string }>([
      'siem',
      'add',
      '--kind',
      'syslog',
      '--endpoint',
      '127.0.0.1',
      '--protocol',
      'tls',
      '--port',
      String(ports.tls),
      '--ca-file',
      certs.otherCa,
    ]);
    const r = await run(['siem', 'test', wrong.data.target_id]);
    expect(r.exitCode).toBe(1);
    expect(String(r.stderr)).toMatch(
      /the TLS certificate of tls:\/\/127\.0\.0\.1:\d+ does not verify \(/,
    );
    expect((await run(['siem', 'remove', wrong.data.target_id])).exitCode).toBe(0);
  });

  it('rsyslog down, then up: TCP and TLS lose nothing and keep the order', async () => {
    await stopRsyslog();
    expect((await run(['traces', 'ingest', findingTraces(d.dir, 'b', ['b'], 4)])).exitCode).toBe(0);
    const down = await run(['siem', 'flush']);
    expect(down.exitCode).toBe(1);
    expect(String(down.stderr)).toContain(
      `cannot reach tcp://127.0.0.1:${ports.tcp}: ECONNREFUSED`,
    );
    const st = await json<Array<{ target_id: string; queue_depth: number; state: string }>>([
      'siem',
      'status',
    ]);
    const tcp = st.data.find((t) => t.target_id === targets.tcp)!;
    expect(tcp).toMatchObject({ state: 'error', queue_depth: 4 });
    await startRsyslog();
    const up = await json<Array<{ ok: boolean }>>(['siem', 'flush']);
    expect(up.code, up.stderr).toBe(0);
    await until(() => received('imptcp').length === 7 && received('imtcp').length === 7);
    const seqs = received('imptcp').map((m) => Number(/ledger_seq="(\d+)"/.exec(m.sd)![1]));
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(new Set(seqs).size).toBe(7);
    const v = await runJson<{ ok: boolean; message: string }>('audit', ['verify'], {
      dataDir: d.dir,
    });
    expect(v.data.ok, v.data.message).toBe(true);
  }, 60_000);
});
